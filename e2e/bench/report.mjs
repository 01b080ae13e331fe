// Prints the figures: a table with each budget ok or MISSED, the notes on where the time goes,
// then one JSON object per figure, {"name","value","unit","budget","ok"}.
import { figures, round } from "./figures.mjs";

function cell(value, unit) {
  if (unit === "bytes") return `${value.toLocaleString("en")} B`;
  if (unit === "ratio") return `${value}×`;
  return `${value} ${unit}`;
}

const shown = (f) => f.shows ?? cell(f.value, f.unit);

function verdict(f) {
  if (f.budget === null) return "";
  const budget = f.says ?? `< ${cell(f.budget, f.unit)}`;
  if (f.ok) return `${budget}  ok`;
  const by = f.value - f.budget;
  return `${budget}  MISSED by ${cell(round(by), f.unit)} (${round(f.value / f.budget)}× budget)`;
}

/** Prints everything; `notes` are lines of prose on where the time went. */
export function report(notes) {
  const width = Math.max(...figures.map((f) => f.name.length));
  const valueWidth = Math.max(...figures.map((f) => shown(f).length));
  console.log("\n== browser benchmark ==");
  for (const f of figures) {
    const value = shown(f).padStart(valueWidth);
    console.log(`${f.name.padEnd(width)}  ${value}  ${verdict(f)}`.trimEnd());
  }
  console.log("\n== where the time goes ==");
  for (const n of notes) console.log(n);
  console.log("\n== JSON ==");
  for (const { name, value, unit, budget, ok } of figures) {
    console.log(JSON.stringify({ name, value, unit, budget, ok }));
  }
  const missed = figures.filter((f) => f.ok === false);
  console.log(
    `\n${figures.filter((f) => f.ok).length} budgets met, ${missed.length} missed` +
      (missed.length ? `: ${missed.map((f) => f.name).join("; ")}` : ""),
  );
}
