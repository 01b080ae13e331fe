// The figures a benchmark run collects, and the statistics they are made of. Every measure-*.mjs
// module records into the one list here; report.mjs prints it.

/**
 * Every figure recorded so far, in order: {name, value, unit, budget, ok, says, shows}. `budget`
 * is an upper bound (null: information only), `ok` whether it is met (null without a budget).
 */
export const figures = [];

/**
 * Records one figure. `ok` defaults to value < budget; `says` is how the table words the budget
 * when not "< budget" (the bound included); `shows` how the table shows the value when not
 * "value unit" (the JSON line keeps the number).
 */
export function figure(name, value, unit, budget = null, { ok, says = null, shows = null } = {}) {
  ok ??= budget === null ? null : value < budget;
  figures.push({ name, value, unit, budget, ok, says, shows });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
