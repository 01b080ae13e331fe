// Frames while the epochs play (tiles travelling between epochs with CSS transitions), and while
// the pipeline's stages play: requestAnimationFrame intervals against those of the idle page
// (the frame clock alone), and the long tasks meanwhile.
import { figure, median, percentile, round } from "./figures.mjs";
import { configLabel, drawnPage } from "./page.mjs";

/** A frame interval up to this many idle intervals is on time (clock jitter, not a miss). */
const FRAME_SLACK = 1.02;

/**
 * In the page: presses `[data-testid=<button>]` (a play button with aria-pressed) and records
 * requestAnimationFrame deltas for `ms` (pressing play again whenever it stops by itself);
 * each frame's rendering work (from its animation-frame callback to a task queued there, which
 * runs once the frame's style, layout and paint are done); the long tasks (> 50 ms) meanwhile;
 * and the text of `[data-testid=<shows>]` at the start and the end (the epoch, or null).
 * Pauses at the end.
 */
function recordFrames({ button, shows, ms }) {
  const play = document.querySelector(`[data-testid=${button}]`);
  const text = () => (shows ? document.querySelector(`[data-testid=${shows}]`)?.textContent.trim() : null);
  return new Promise((resolve) => {
    const deltas = [];
    const work = [];
    const tasks = [];
    const from = text();
    let restarts = 0;
    const longTasks = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    longTasks.observe({ type: "longtask", buffered: false });
    const keepPlaying = setInterval(() => {
      if (play.getAttribute("aria-pressed") !== "true") {
        restarts++;
        play.click();
      }
    }, 20);
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => work.push(performance.now() - data);
    play.click();
    let start = 0;
    let last = 0;
    const tick = (now) => {
      if (!start) start = now;
      else deltas.push(now - last);
      last = now;
      channel.port2.postMessage(performance.now());
      if (now - start < ms) return requestAnimationFrame(tick);
      clearInterval(keepPlaying);
      if (play.getAttribute("aria-pressed") === "true") play.click();
      // The tiles that travelled in the last change keep their transition.
      const moved = [...document.querySelectorAll("[data-testid=compare] [data-flip]")].filter(
        (t) => t.style.transition.includes("transform"),
      ).length;
      setTimeout(() => {
        for (const e of longTasks.takeRecords()) tasks.push(e.duration);
        longTasks.disconnect();
        resolve({ deltas, work, tasks, restarts, from, to: text(), moved });
      }, 50);
    };
    requestAnimationFrame(tick);
  });
}

/** In the page: requestAnimationFrame deltas for `ms` without touching anything. */
function idleFrames(ms) {
  return new Promise((resolve) => {
    const deltas = [];
    let start = 0;
    let last = 0;
    const tick = (now) => {
      if (!start) start = now;
      else deltas.push(now - last);
      last = now;
      if (now - start < ms) requestAnimationFrame(tick);
      else resolve({ deltas });
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Records the figures of one recording: the 95th percentile interval against `budget` (one
 * 60 Hz frame, or null), the median, the longest, the frame rendering work and the long tasks.
 * Returns the note's common part.
 */
function record(label, idle, { deltas, work, tasks }, budget) {
  figure(`${label}, frame interval median`, round(median(deltas)), "ms");
  // A frame interval is never shorter than the 60 Hz clock's 16.67 ms, and the coarsened clock
  // jitters by 0.1 ms: the budget counts as met when the 95th percentile is one interval
  // (a frame that misses its deadline shows as 33.3 ms or more).
  const p95 = round(percentile(deltas, 95));
  if (budget === null) figure(`${label}, frame interval 95th percentile`, p95, "ms");
  else {
    const ok = p95 <= FRAME_SLACK * median(idle);
    const says = `one 60 Hz frame (${budget} ms)`;
    figure(`${label}, frame interval 95th percentile`, p95, "ms", budget, { ok, says });
  }
  figure(`${label}, longest frame interval`, round(Math.max(...deltas)), "ms");
  figure(`${label}, frame rendering work, 95th percentile`, round(percentile(work, 95)), "ms");
  figure(`${label}, long tasks (> 50 ms)`, tasks.length, "tasks");
  const long = deltas.filter((d) => d > 1.5 * median(idle)).length;
  return (
    `${deltas.length} frames, ${long} longer than 1.5 idle intervals; ` +
    `long tasks ${tasks.length ? tasks.map((t) => round(t)).join(", ") + " ms" : "none"}; ` +
    `frame rendering work median ${round(median(work))} ms, max ${round(Math.max(...work))} ms; ` +
    `idle page before: interval median ${round(median(idle))} ms, ` +
    `95th percentile ${round(percentile(idle, 95))} ms`
  );
}

/**
 * At `?params`, with motion allowed: presses play-epochs and records frame intervals for
 * `playMs` (an epoch every 1.8 s, the tiles travelling for 600 ms after each), their 95th
 * percentile against `budget` (one 60 Hz frame). Returns a note.
 */
export async function epochAnimation(browser, base, params, budget, playMs) {
  const motion = { reducedMotion: "no-preference" };
  const { page, errors } = await drawnPage(browser, base, params, undefined, motion);
  try {
    const idle = (await page.evaluate(idleFrames, 1000)).deltas;
    const r = await page.evaluate(recordFrames, { button: "play-epochs", shows: "epoch", ms: playMs });
    if (errors.length) throw new Error(`playing epochs: page errors: ${errors.join("; ")}`);
    if (r.from === r.to) throw new Error(`playing epochs: still "${r.to}" after ${playMs} ms`);
    const label = `epoch animation ${configLabel(params)}`;
    const common = record(label, idle, r, budget);
    return (
      `${label}: ${playMs} ms of playing, from "${r.from}" to "${r.to}" ` +
      `(${r.restarts} restarts), ${r.moved} tiles travelled in the last change; ${common}`
    );
  } finally {
    await page.close();
  }
}

/**
 * At `?n=50000&num_replicas=2&stage=1`, the fastest speed, the pipeline's stages playing: frame
 * intervals for `playMs` (information, no budget: the epoch animation's replaced it). Returns a
 * note.
 */
export async function stagesPlaying(browser, base, playMs) {
  const { page, errors } = await drawnPage(browser, base, { n: 50000, num_replicas: 2, stage: 1 });
  try {
    const speeds = await page.$$eval("[data-testid=speed] option", (os) => os.map((o) => o.value));
    const fastest = speeds.reduce((a, b) => (Number(b) > Number(a) ? b : a));
    await page.selectOption("[data-testid=speed]", fastest);
    // An idle page first: what the frame clock alone gives (the floor of any delta).
    const idle = (await page.evaluate(idleFrames, 1000)).deltas;
    const r = await page.evaluate(recordFrames, { button: "play", shows: null, ms: playMs });
    if (errors.length) throw new Error(`playing: page errors: ${errors.join("; ")}`);
    const label = `stages playing n=50000 w=2 at ${fastest}×`;
    const common = record(label, idle, r, null);
    return `${label}: ${playMs} ms, ${r.restarts} restarts from stage 5; ${common}`;
  } finally {
    await page.close();
  }
}
