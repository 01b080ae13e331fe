// Control change → both panels redrawn: the epoch control changed again and again at one size
// (a change every compared scheme deals anew), each change timed in the page, and DevTools'
// split of the main thread's time per change.
import { figure, median, round } from "./figures.mjs";
import { configLabel, drawnPage, settle } from "./page.mjs";

/** Untimed control changes before the timed ones. */
const WARMUP = 2;
/** The schemes whose first lane must change: `compare=`'s, or the default comparison. */
const schemesOf = (params) => (params.compare ?? "distributed,no_sampler").split(",");

/**
 * In the page: types `value` into the epoch control (value + input event, as `page.fill` does)
 * and times, from just before the event: `sync` (the event's handlers return), `changed` (a
 * MutationObserver sees the first lane of every panel in `schemes` read differently), `frame`
 * (the next animation frame after that: everything the change set off has run, the frame
 * starts), and `painted` (a task queued from that frame runs: the frame's style, layout and
 * paint are done). `first` is when the first of the panels changed.
 */
function changeEpoch({ value, schemes }) {
  const input = document.querySelector("[data-testid=control-epoch]");
  const lane = (s) =>
    document.querySelector(`[data-testid=compare] [data-scheme=${s}] [data-testid=gpu-lane]`)
      ?.textContent;
  const before = schemes.map(lane);
  return new Promise((resolve) => {
    let t0 = 0;
    let changed = 0;
    let first = 0;
    let sync = 0;
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null); // a first lane did not change (the same lane for two epochs): skipped
    }, 10_000);
    const observer = new MutationObserver(() => {
      const now = schemes.map(lane);
      const differ = now.map((text, k) => text !== undefined && text !== before[k]);
      if (!first && differ.some(Boolean)) first = performance.now();
      if (changed || !differ.every(Boolean)) return;
      changed = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const frame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.now() - t0;
          resolve({ sync, first: first - t0, changed: changed - t0, frame: frame - t0, painted });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    input.value = value;
    t0 = performance.now();
    input.dispatchEvent(new Event("input", { bubbles: true }));
    sync = performance.now() - t0;
  });
}

/** The renderer's cumulative main-thread times (s), through the DevTools protocol. */
async function metrics(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  return {
    script: m.ScriptDuration,
    layout: m.LayoutDuration,
    style: m.RecalcStyleDuration,
    task: m.TaskDuration,
  };
}

/**
 * At `?params`: `changes` timed epoch changes (after WARMUP untimed), the median time to the
 * frame after both panels changed against `budget` (ms, or null). Returns a note on where the
 * time went.
 */
export async function controlChange(browser, base, params, budget, changes) {
  const { page, errors } = await drawnPage(browser, base, params);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const runs = [];
  const split = { script: [], layout: [], style: [], other: [] };
  let epoch = Number(params.epoch ?? 0);
  const label = `control change (epoch) → both panels ${configLabel(params)}${params.compare ? ` (${params.compare})` : ""}`;
  try {
    const shown = await page.$$eval("[data-testid=compare] [data-testid=scheme-panel]", (ps) =>
      ps.map((p) => p.dataset.scheme),
    );
    const SCHEMES = schemesOf(params);
    for (const s of SCHEMES) {
      if (!shown.includes(s)) throw new Error(`no ${s} panel (the panels: ${shown.join(", ")})`);
    }
    for (let i = 0; i < WARMUP + changes; i++) {
      const m0 = await metrics(cdp);
      const t = await page.evaluate(changeEpoch, { value: String(++epoch), schemes: SCHEMES });
      const m1 = await metrics(cdp);
      await settle(page, 100);
      if (!t || i < WARMUP) continue;
      runs.push(t);
      const d = (k) => (m1[k] - m0[k]) * 1000;
      split.script.push(d("script"));
      split.layout.push(d("layout"));
      split.style.push(d("style"));
      split.other.push(d("task") - d("script") - d("layout") - d("style"));
    }
    if (runs.length < changes / 2) {
      throw new Error(`${configLabel(params)}: both lanes changed only ${runs.length} times`);
    }
    if (errors.length) throw new Error(`${configLabel(params)}: page errors: ${errors.join("; ")}`);
  } finally {
    await page.close();
  }
  const frame = runs.map((r) => r.frame);
  figure(`${label}, median`, round(median(frame)), "ms", budget);
  figure(`${label}, max`, round(Math.max(...frame)), "ms");
  figure(`${label}, median to painted`, round(median(runs.map((r) => r.painted))), "ms");
  const parts = [
    `event handlers ${round(median(runs.map((r) => r.sync)), 1)}`,
    `first panel changed ${round(median(runs.map((r) => r.first)), 1)}`,
    `both changed ${round(median(runs.map((r) => r.changed)), 1)}`,
    `next frame ${round(median(frame), 1)}`,
    `painted ${round(median(runs.map((r) => r.painted)), 1)} ms after the input event`,
  ];
  const work = Object.entries(split).map(([k, v]) => `${k} ${round(median(v), 1)}`);
  return (
    `${label} (${runs.length} changes, medians): ${parts.join(", ")}; ` +
    `main thread per change, ms: ${work.join(", ")}`
  );
}
