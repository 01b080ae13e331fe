// What the tutorial page runs (no inline script: its CSP allows only files from this origin).
// Two jobs: fit each embed's height to its content, and ask the JS API for one line.
import init, { distributedIndices, version } from "/tools/sampler/js/sampler_viz.js";

/** Where the embeds come from: their messages are trusted only from this origin. */
const BUNDLE_ORIGIN = new URL("/tools/sampler/", location.href).origin;

/**
 * Sets each `iframe.sampler-viz` to its content's height. An embed posts
 * `{ type: "sampler-viz:height", height }` whenever its height changes; a listener added after
 * that (as this one is, once the page and its frames have loaded) asks each frame with
 * `{ type: "sampler-viz:get-height" }`, and the frame answers.
 */
function fitFrames() {
  const frames = [...document.querySelectorAll("iframe.sampler-viz")];
  addEventListener("message", (event) => {
    if (event.origin !== BUNDLE_ORIGIN || event.data?.type !== "sampler-viz:height") return;
    const height = Number(event.data.height);
    const frame = frames.find((f) => f.contentWindow === event.source);
    if (frame && Number.isFinite(height) && height > 0) frame.height = String(Math.ceil(height));
  });
  // The question carries nothing, so any origin may receive it ("*"): a frame not loaded yet
  // still holds about:blank. The answer comes back to this page's origin only.
  const ask = (frame) => frame.contentWindow?.postMessage({ type: "sampler-viz:get-height" }, "*");
  for (const frame of frames) {
    ask(frame);
    // A lazy frame loads when it nears the screen; ask it again then (and after any reload).
    frame.addEventListener("load", () => ask(frame));
  }
}

/** Fills `[data-testid=<testid>]` with `text`. */
function show(testid, text) {
  document.querySelector(`[data-testid=${testid}]`).textContent = text;
}

// Late on purpose, as a tutorial's scripts often are: once the page and its frames have loaded.
if (document.readyState === "complete") fitFrames();
else addEventListener("load", fitFrames);

// Fetches js/sampler_viz_bg.wasm next to the module; once per page.
await init();
// DistributedSampler(dataset_of_10, num_replicas=3, rank=r) for r = 0, 1, 2: seed 0, epoch 0.
const ranks = distributedIndices({ n: 10, numReplicas: 3 });
const total = ranks.reduce((sum, indices) => sum + indices.length, 0);
show(
  "computed",
  `With 10 samples on 3 GPUs, GPU 0 trains on samples ${ranks[0].join(", ")} in the first ` +
    `epoch (seed 0). Each GPU gets ${ranks[0].length}: ${total} in all, so ${total - 10} of ` +
    `the 10 samples are seen twice.`,
);
show("api-version", `sampler-viz ${version()}`);
