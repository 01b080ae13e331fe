// The built page measured in headless Chromium: control change → both compared panels redrawn,
// frames while the epochs play, start-up to the comparison's lanes, the bytes index.html loads,
// responsiveness and peak memory at the size cap; with --wasm/--native (BENCH lines of
// tests/wasm_bench.rs and `examples/bench.rs --json`), also the core's wasm/native ratios.
// Prints a table, then one JSON object per figure: {"name","value","unit","budget","ok"}
// (budget and ok null when there is no budget). A measurement, not a test: exits 0 when a budget
// is missed, 1 when something could not be measured (after printing the rest).
// `scripts/bench-browser` builds target/bench-dist and runs it; alone:
//   DIST=target/bench-dist node e2e/bench/page-bench.mjs [--wasm FILE] [--native FILE] [--quick]
//     [--only core,bytes,change,frames,startup,cap,memory]
// Each measurement is a module beside this one (measure-*.mjs); figures.mjs holds what they
// record, report.mjs prints it. None is named *.test.mjs, so `node --test e2e/` leaves them alone.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

// The harness reads DIST when it is loaded: set it first, then load everything that uses it.
const root = fileURLToPath(new URL("../..", import.meta.url));
process.env.DIST = resolve(root, process.env.DIST ?? "target/bench-dist");
const { launchBrowser, serveDist } = await import("../harness.mjs");
const { coreFigures } = await import("./measure-core.mjs");
const { controlChange } = await import("./measure-change.mjs");
const { epochAnimation, stagesPlaying } = await import("./measure-frames.mjs");
const { bytesShipped, slowLink, startUp } = await import("./measure-startup.mjs");
const { responsiveness } = await import("./measure-cap.mjs");
const { peakMemory } = await import("./measure-memory.mjs");
const { report } = await import("./report.mjs");

const MEASUREMENTS = ["core", "bytes", "change", "frames", "startup", "cap", "memory"];
const { values: args } = parseArgs({
  options: {
    wasm: { type: "string" },
    native: { type: "string" },
    quick: { type: "boolean", default: false }, // fewer repetitions, to try the script out
    only: { type: "string", default: MEASUREMENTS.join(",") }, // some measurements only
  },
});
const only = new Set(args.only.split(",").map((s) => s.trim()));
for (const m of only) {
  if (!MEASUREMENTS.includes(m)) throw new Error(`--only: ${m} is none of ${MEASUREMENTS}`);
}

/** Timed control changes per size. */
const CHANGES = args.quick ? 4 : 15;
/** How long frames are recorded while the epochs play (one every 1.8 s), and the stages. */
const EPOCHS_MS = args.quick ? 4000 : 6000;
const PLAY_MS = args.quick ? 2000 : 5000;
/** Fresh page loads for start-up. */
const LOADS = args.quick ? 2 : 5;
/** Changes per case at the cap. */
const CAP_RUNS = args.quick ? 1 : 3;

// The budgets of the issue "Teach at first sight" (the comparison at the top of the page).
const budgets = {
  ratio: 2, // all ranks of ImageNet-1k in wasm within 2× native
  change50k: 50, // ms, epoch change → both panels redrawn, at 50,000 on 2
  changeImagenet: 100, // ms, the same at ImageNet-1k (1,281,167 on 8, batch_size 256)
  frameP95: 16.7, // ms, 95th percentile frame interval while the epochs play
  firstPicture: 500, // ms, navigation start → the comparison's lanes on screen
  gzipTotal: 300_000, // bytes, at most: what index.html loads, gzipped
  gzipEverything: 450_000, // bytes, at most: everything the page can load, its parts too
  slowLinkTile: 2000, // ms, at most: the first tile on a 1.6 Mbit/s, 150 ms link, cache cold
  longestTask: 100, // ms, at most: at the cap, at ImageNet-1k, beyond the cap
  peakMemory: 1500, // MB, at most: not a budget given, a level to flag
};
/** ImageNet-1k as the issue sets it. */
const IMAGENET = { n: 1281167, num_replicas: 8, batch_size: 256 };

const notes = [];
const failures = [];
const say = (what) => process.stderr.write(`page-bench: ${what}\n`);

/** Runs one measurement if asked for; a failure is noted and the others still run. */
async function measure(name, what, run) {
  if (!only.has(name)) return;
  say(what);
  try {
    const note = await run();
    notes.push(...[note ?? []].flat());
  } catch (e) {
    failures.push(`${what}: ${e.stack ?? e}`);
    notes.push(`${what}: FAILED, ${String(e.message ?? e).split("\n")[0]}`);
  }
}

await measure("core", "the core, wasm against native", () =>
  coreFigures(args.wasm, args.native, budgets.ratio),
);
await measure("bytes", "bytes shipped", () => bytesShipped(budgets.gzipTotal, budgets.gzipEverything));
const server = await serveDist();
const browser = await launchBrowser();
const base = server.url;
try {
  await measure("change", "epoch change at n = 8", () =>
    controlChange(browser, base, { n: 8, num_replicas: 2 }, null, CHANGES),
  );
  await measure("change", "epoch change at n = 50,000", () =>
    controlChange(browser, base, { n: 50000, num_replicas: 2 }, budgets.change50k, CHANGES),
  );
  await measure("change", "epoch change at ImageNet-1k", () =>
    controlChange(browser, base, IMAGENET, budgets.changeImagenet, CHANGES),
  );
  // A scheme other than the default two is dealt by the story's part (model::scheme::remote):
  // each change asks it through bytes.
  await measure("change", "epoch change at n = 50,000, Accelerate dealt by the part", () =>
    controlChange(browser, base, { n: 50000, num_replicas: 2, compare: "distributed,accelerate" }, budgets.change50k, CHANGES),
  );
  await measure("change", "epoch change at ImageNet-1k, Accelerate dealt by the part", () =>
    controlChange(browser, base, { ...IMAGENET, compare: "distributed,accelerate" }, budgets.changeImagenet, CHANGES),
  );
  await measure("frames", "epochs playing at n = 8", () =>
    epochAnimation(browser, base, { n: 8, num_replicas: 2 }, budgets.frameP95, EPOCHS_MS),
  );
  await measure("frames", "epochs playing at ImageNet-1k", () =>
    epochAnimation(browser, base, IMAGENET, budgets.frameP95, EPOCHS_MS),
  );
  await measure("frames", "stages playing at n = 50,000", () =>
    stagesPlaying(browser, base, PLAY_MS),
  );
  await measure("startup", "start-up", () =>
    startUp(browser, base, {}, budgets.firstPicture, LOADS),
  );
  await measure("startup", "start-up at ImageNet-1k", () =>
    startUp(browser, base, IMAGENET, null, LOADS),
  );
  await measure("startup", "start-up on a slow link", () =>
    slowLink(browser, budgets.slowLinkTile, args.quick ? 1 : 3),
  );
  // In Chinese the page first loads its Chinese texts (src/ui/zh_texts.rs), after its wasm.
  await measure("startup", "start-up on a slow link, lang=zh", () =>
    slowLink(browser, budgets.slowLinkTile, args.quick ? 1 : 3, { query: "?lang=zh" }),
  );
  await measure("cap", "responsiveness at the cap, at ImageNet-1k and beyond the cap", () =>
    responsiveness(browser, base, budgets.longestTask, CAP_RUNS),
  );
  await measure("memory", "peak memory at the cap", () => peakMemory(base, budgets.peakMemory));
} finally {
  await browser.close();
  await server.close();
}
report(notes);
if (failures.length) {
  for (const f of failures) console.error(`\npage-bench: could not measure ${f}`);
  process.exitCode = 1;
}
