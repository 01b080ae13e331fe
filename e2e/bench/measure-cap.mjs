// Responsiveness at the size cap: one control change at a time, watched in the page by a
// PerformanceObserver for long tasks (the main thread busy > 50 ms) and a requestAnimationFrame
// recorder of the gaps between frames, from the `input` event until the new picture (or the
// error) is painted and the page has been quiet for a while.
import { figure, median, round } from "./figures.mjs";
import { drawnPage, settle } from "./page.mjs";

/** The size cap (core/src/lib.rs MAX_LEN) and the most ranks the page draws. */
export const CAP = 16_777_216;
export const MAX_REPLICAS = 64;
/** How long one change may take to show. */
const SHOWN = 60_000;
/** After the change has shown, recording goes on until no frame gap is over 50 ms for this long. */
const QUIET = 500;

/**
 * In the page, before a change: starts the long-task observer and the frame recorder and
 * resolves `window.__watch` once the change has shown (`done`: `dataset`, the text
 * `len(dataset)` must show, and/or `row`: the index table's first row must read differently
 * from now; or `error`: the field whose error must show; in any case the "Drawing…" status
 * must be empty) and the page is quiet again. Times are from the first `input` event after this
 * call. Returns once the recorder has seen two frames.
 */
function watch({ done, timeout, quiet }) {
  const text = (testid) => document.querySelector(`[data-testid=${testid}]`)?.textContent.trim();
  const firstRow = () => document.querySelector("[data-testid=index-table] tr[data-rank] td");
  const before = firstRow()?.textContent;
  const shown = () => {
    if (done.error) return Boolean(text(`error-${done.error}`));
    if (done.dataset && text("len-dataset") !== done.dataset) return false;
    if (text("drawing")) return false; // a large picture still being drawn, in slices
    return !done.row || (firstRow() !== null && firstRow().textContent !== before);
  };
  const tasks = [];
  const keep = (entries) => {
    for (const e of entries) tasks.push({ start: e.startTime, duration: e.duration });
  };
  const longTasks = new PerformanceObserver((list) => keep(list.getEntries()));
  longTasks.observe({ type: "longtask", buffered: false });
  const input = new AbortController();
  let t0 = 0;
  addEventListener("input", () => (t0 ||= performance.now()), {
    capture: true,
    signal: input.signal,
  });
  let changed = 0;
  let painted = 0;
  /** Once the change shows: the time, and when the next frame's rendering is done. */
  const see = () => {
    if (changed || !t0 || !shown()) return;
    changed = performance.now();
    mutations.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (painted = performance.now());
      channel.port2.postMessage(null);
    });
  };
  const mutations = new MutationObserver(see);
  mutations.observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__watch = new Promise((resolve) => {
    const finish = (timedOut) => {
      clearTimeout(timer);
      mutations.disconnect();
      input.abort();
      keep(longTasks.takeRecords());
      longTasks.disconnect();
      resolve({ t0, changed: changed - t0, painted: painted - t0, gaps, tasks, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeout);
    const gaps = [];
    let last = 0;
    let lastLong = 0; // when the last frame gap over 50 ms ended
    // When each frame's callbacks actually run: the callback's own timestamp is the frame's
    // vsync, which can fall inside the long task that delayed it (and hide the gap).
    const tick = () => {
      const now = performance.now();
      if (last && t0 && now > t0) {
        gaps.push(now - last);
        if (now - last > 50) lastLong = now;
      }
      last = now;
      see();
      if (painted && now - Math.max(lastLong, painted) > quiet) finish(false);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // Back to the caller once two frames have been seen, so that the first gap has a start.
  return new Promise((ready) => requestAnimationFrame(() => requestAnimationFrame(ready)));
}

/**
 * Types `value` into `[data-testid=control-<field>]` and watches until `done` has shown. With
 * `inPlace`, the value is put in and its input event sent where the page is scrolled (as
 * `page.fill` does, but without scrolling to the control), so that a figure further down stays
 * on screen.
 */
async function change(page, field, value, done, inPlace = false) {
  await page.evaluate(watch, { done, timeout: SHOWN, quiet: QUIET });
  const control = `[data-testid=control-${field}]`;
  if (inPlace) {
    await page.$eval(control, (input, value) => {
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }, String(value));
  } else {
    await page.fill(control, String(value));
  }
  const r = await page.evaluate(() => window.__watch);
  const busy = r.tasks.filter((t) => t.start + t.duration >= r.t0);
  return {
    shown: r.timedOut ? null : r.painted,
    longest: Math.max(0, ...busy.map((t) => t.duration)),
    count: busy.length,
    total: busy.reduce((sum, t) => sum + t.duration, 0),
    // Each long task as "start+duration", ms from the input event.
    timeline: busy.map((t) => `${Math.round(t.start - r.t0)}+${Math.round(t.duration)}`),
    gap: Math.max(0, ...r.gaps),
    timedOut: r.timedOut,
  };
}

/**
 * Records the figures of `runs` (the worst longest task, gap and count; the median time to
 * shown), the longest task against `budget` (ms, at most). Returns a note.
 */
function record(label, runs, budget, what = "picture") {
  const worst = (key) => Math.max(...runs.map((r) => r[key]));
  const longest = worst("longest");
  figure(`${label}, longest task`, round(longest, 1), "ms", budget, {
    ok: longest <= budget,
    says: `≤ ${budget} ms`,
    shows: longest === 0 ? "none > 50 ms" : null,
  });
  figure(`${label}, long tasks (> 50 ms)`, worst("count"), "tasks");
  figure(`${label}, longest gap between frames`, round(worst("gap"), 1), "ms");
  const shown = runs.filter((r) => !r.timedOut).map((r) => r.shown);
  if (shown.length) figure(`${label}, input → ${what} shown`, round(median(shown), 1), "ms");
  else figure(`${label}, input → ${what} shown`, SHOWN, "ms", null, { shows: `> ${SHOWN} ms` });
  const each = runs.map(
    (r) =>
      `${r.timedOut ? `not shown in ${SHOWN} ms` : `shown at ${round(r.shown)} ms`}, ` +
      `${r.count} long task(s), ${round(r.total)} ms in all, longest ${round(r.longest)} ms, ` +
      `longest frame gap ${round(r.gap)} ms` +
      (r.count ? ` (long tasks at start+duration, ms: ${r.timeline.join(" ")})` : ""),
  );
  const missing = runs.length - shown.length;
  return (
    `${label} (${runs.length} change(s)${missing ? `, ${missing} never shown` : ""}): ` +
    `${each.join("; ")}`
  );
}

/**
 * The three cases of the issue, each `runs` times: n 1,000 → the cap at 64 ranks; a seed change
 * at ImageNet-1k on 8; and n one over the cap (the error); and the first again with step 1's
 * canvas on screen, so that its images are drawn too (the story's part handed each new epoch,
 * 2^24 indices at the cap). Returns notes.
 */
export async function responsiveness(browser, base, budget, runs) {
  const [toCap, over, imagenet, canvas] = [[], [], [], []];
  const dataset = CAP.toLocaleString("en");
  const atCap = await drawnPage(browser, base, { n: 1000, num_replicas: MAX_REPLICAS });
  try {
    const page = atCap.page;
    for (let i = 0; i < runs; i++) {
      if (i > 0) {
        await page.fill("[data-testid=control-n]", "1000");
        await page.waitForFunction(
          () => document.querySelector("[data-testid=len-dataset]")?.textContent.trim() === "1,000",
          null,
          { timeout: SHOWN },
        );
        await settle(page, 300);
      }
      toCap.push(await change(page, "n", CAP, { dataset, row: true }));
      await settle(page, 300);
      over.push(await change(page, "n", CAP + 1, { error: "n" }));
      await settle(page, 300);
    }
    if (atCap.errors.length) throw new Error(`page errors: ${atCap.errors.join("; ")}`);
  } finally {
    await atCap.page.close();
  }
  const large = await drawnPage(browser, base, { n: 1281167, num_replicas: 8 });
  try {
    for (let i = 0; i < runs; i++) {
      imagenet.push(await change(large.page, "seed", 1001 + i, { row: true }));
      await settle(large.page, 300);
    }
    if (large.errors.length) throw new Error(`page errors: ${large.errors.join("; ")}`);
  } finally {
    await large.page.close();
  }
  const shown = await drawnPage(browser, base, { n: 1000, num_replicas: MAX_REPLICAS });
  try {
    const page = shown.page;
    const image = "[data-testid=canvas-view]";
    const label = () => page.getAttribute(image, "aria-label");
    // Until the image is drawn anew: labelled by its sentence (not a status), another than `was`.
    const drawnAnew = (was) =>
      page.waitForFunction(
        ([image, was]) => {
          const label = document.querySelector(image)?.getAttribute("aria-label") ?? "";
          return label.startsWith("Stage") && label !== was;
        },
        [image, was],
        { timeout: SHOWN },
      );
    await page.locator(image).scrollIntoViewIfNeeded();
    await drawnAnew("");
    for (let i = 0; i < runs; i++) {
      if (i > 0) {
        const was = await label();
        await page.$eval("[data-testid=control-n]", (input) => {
          input.value = "1000";
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
        await drawnAnew(was);
        await settle(page, 300);
      }
      const was = await label();
      // The canvas stays on screen (it is drawn only there): the value is put in where it is.
      canvas.push(await change(page, "n", CAP, { dataset, row: true }, true));
      await drawnAnew(was);
      await settle(page, 300);
    }
    if (shown.errors.length) throw new Error(`page errors: ${shown.errors.join("; ")}`);
  } finally {
    await shown.page.close();
  }
  const w = MAX_REPLICAS;
  return [
    record(`responsive: n 1000 → ${CAP} w=${w}`, toCap, budget),
    record(`responsive: n 1000 → ${CAP} w=${w}, the canvas on screen`, canvas, budget),
    record("responsive: seed change n=1281167 w=8", imagenet, budget),
    record(`responsive: n ${CAP} → ${CAP + 1} w=${w}`, over, budget, "error"),
  ];
}
