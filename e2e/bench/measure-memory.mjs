// Peak memory at the size cap: the page at the largest size and the most ranks, stepped through
// its five stages, in a browser of its own; then the peak resident memory (VmHWM) of that
// browser's renderer processes, the wasm linear memory and the JS heap.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { appUrl, launchBrowser, openPage } from "../harness.mjs";
import { figure, round } from "./figures.mjs";
import { pictureOf, settle, shownN, TABLE_ROW } from "./page.mjs";
import { CAP, MAX_REPLICAS } from "./measure-cap.mjs";

/** How long the page may take to draw at the cap, or to go to the next stage. */
const SHOWN = 60_000;
const MB = 1e6;

/** Every process as { pid, ppid, args }. */
async function processes() {
  const { stdout } = await promisify(execFile)("ps", ["-eo", "pid=,ppid=,args="]);
  return stdout
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
}

/** The processes under `root` (its children, theirs, ...). */
function descendants(all, root) {
  const found = [];
  let parents = new Set([root]);
  while (parents.size) {
    const children = all.filter((p) => parents.has(p.ppid));
    found.push(...children);
    parents = new Set(children.map((p) => p.pid));
  }
  return found;
}

/** VmHWM (peak resident) and VmRSS of a process, in bytes; null once it has exited. */
async function resident(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1]) * 1024;
    return { peak: kb("VmHWM"), now: kb("VmRSS") };
  } catch {
    return null;
  }
}

/** In the page, through DevTools: the byte length of every WebAssembly.Memory, and the JS heap. */
async function pageMemory(page) {
  const cdp = await page.context().newCDPSession(page);
  const { result: proto } = await cdp.send("Runtime.evaluate", {
    expression: "WebAssembly.Memory.prototype",
  });
  const { objects } = await cdp.send("Runtime.queryObjects", { prototypeObjectId: proto.objectId });
  const { result } = await cdp.send("Runtime.callFunctionOn", {
    objectId: objects.objectId,
    functionDeclaration: "function () { return this.map((m) => m.buffer.byteLength); }",
    returnByValue: true,
  });
  const heap = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return { wasm: result.value, jsHeap: heap.usedSize };
}

/** Waits until the page shows stage `k` (the scrubber's value) and has drawn it. */
async function atStage(page, k) {
  await page.waitForFunction(
    (k) => document.querySelector("[data-testid=scrubber]")?.value === String(k),
    k,
    { timeout: SHOWN },
  );
  await settle(page);
}

/** Loads `?params` (at stage 1) and steps forward to stage 5: the time of each, ms. */
async function stepThrough(browser, base, params) {
  const t0 = performance.now();
  const { page, errors } = await openPage(browser, appUrl(base, { ...params, stage: 1 }));
  await page.waitForSelector(TABLE_ROW, { timeout: SHOWN });
  await page.waitForFunction(pictureOf, shownN(params), { timeout: SHOWN });
  await atStage(page, 1);
  const times = [round(performance.now() - t0, 1)];
  for (let k = 2; k <= 5; k++) {
    const t = performance.now();
    await page.click("[data-testid=step-forward]");
    await atStage(page, k);
    times.push(round(performance.now() - t, 1));
  }
  const drawn = await page.evaluate(pictureOf, shownN(params));
  if (!drawn) throw new Error(`not the picture of n=${params.n} at stage 5`);
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  return { page, times };
}

/** The resident memory of the processes of one `--type=` under the browser `pid`. */
async function residentOf(pid, type) {
  const tree = descendants(await processes(), pid);
  const pids = tree.filter((p) => p.args.includes(`--type=${type}`)).map((p) => p.pid);
  return (await Promise.all(pids.map(resident))).filter(Boolean);
}

/**
 * Opens `?n=CAP&num_replicas=64&stage=1` in a browser of its own (so that its renderers are this
 * page's), steps forward to stage 5, and records the renderers' peak resident memory against
 * `budget` (MB, at most) and the wasm linear memory. Returns a note.
 */
export async function peakMemory(base, budget) {
  const before = new Set((await processes()).map((p) => p.pid));
  const browser = await launchBrowser();
  try {
    // The browser: a new child of this process (Playwright starts it; `ps` is the other one).
    const ours = (await processes()).filter(
      (p) => p.ppid === process.pid && !before.has(p.pid) && !p.args.startsWith("ps "),
    );
    if (ours.length !== 1) throw new Error(`${ours.length} new browser processes`);
    const pid = ours[0].pid;
    const params = { n: CAP, num_replicas: MAX_REPLICAS };
    const { page, times } = await stepThrough(browser, base, params);
    const { wasm, jsHeap } = await pageMemory(page);
    const renderers = await residentOf(pid, "renderer");
    if (!renderers.length) throw new Error("no renderer process found");
    const gpu = await residentOf(pid, "gpu-process");
    const main = await resident(pid);

    const peak = Math.max(...renderers.map((s) => s.peak)) / MB;
    const label = `memory n=${CAP} w=${MAX_REPLICAS}, stages 1 to 5`;
    const says = `≤ ${budget} MB (flag above)`;
    figure(`${label}: renderer peak resident (VmHWM)`, round(peak, 1), "MB", budget, {
      ok: peak <= budget,
      says,
    });
    const wasmTotal = wasm.reduce((a, b) => a + b, 0);
    figure(`${label}: wasm linear memory`, round(wasmTotal / MB, 1), "MB");
    figure(`${label}: JS heap used`, round(jsHeap / MB, 1), "MB");
    const mb = (bytes) => `${round(bytes / MB, 1)} MB`;
    const list = (xs, key) => xs.map((x) => mb(x[key])).join(", ");
    return (
      `${label}: ${renderers.length} renderer processes, peak resident ` +
      `${list(renderers, "peak")} (now ${list(renderers, "now")}); peak resident of the ` +
      `browser process ${mb(main?.peak ?? NaN)}, of the GPU process ${list(gpu, "peak") || "-"}; ` +
      `${wasm.length} wasm memories (${wasm.map(mb).join(", ")}); ` +
      `load to stage 1 drawn in ${times[0]} ms, then each step forward ` +
      `${times.slice(1).join(", ")} ms`
    );
  } finally {
    await browser.close();
  }
}
