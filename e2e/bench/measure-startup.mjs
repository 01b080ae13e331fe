// Start-up: navigation start to the first picture (the comparison's lanes), each load in a fresh
// browser context; and the bytes index.html loads, raw and gzipped.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { appUrl, openPage } from "../harness.mjs";
import { figure, median, round } from "./figures.mjs";
import { configLabel, DRAWN, shownN } from "./page.mjs";

/**
 * Before any script of the page: note when the first tile of the comparison's lanes appears
 * (`lanes`) and the next frame (`lanesFrame`); and when the whole picture asked for is drawn
 * (`rows`: the index table's rows, `len(dataset)` shows `n`, nothing is still being drawn) and
 * the next frame (`frame`). With `n` given, the lanes count only once they are that picture's
 * (a large picture is drawn in slices, while the default one shows).
 */
function watchFirstPicture(n) {
  const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent.trim() ?? "";
  // A panel's facts name `n` ("160,146 of 1,281,167"): its lanes are then that picture's.
  const share = () => document.querySelector("[data-testid=compare] [data-fact=share]");
  const asked = () => n === null || (!text("drawing") && Boolean(share()?.textContent.includes(n)));
  const tile = () =>
    asked() && document.querySelector("[data-testid=compare] [data-testid=gpu-lane] [data-index]");
  const whole = () =>
    document.querySelector("[data-testid=index-table] tr[data-rank]") &&
    !text("drawing") &&
    (n === null || text("len-dataset") === n);
  const seen = {};
  const nextFrame = (key) =>
    requestAnimationFrame(() => {
      seen[key] = performance.now();
      if (seen.lanesFrame && seen.frame) window.__firstPicture = seen;
    });
  const observer = new MutationObserver(() => {
    if (!seen.lanes && tile()) {
      seen.lanes = performance.now();
      nextFrame("lanesFrame");
    }
    if (!seen.rows && whole()) {
      seen.rows = performance.now();
      nextFrame("frame");
    }
    if (seen.lanes && seen.rows) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * `loadCount` fresh loads of `?params`: the median time to the frame after the comparison's
 * first lane tile appears, against `budget` (ms, or null), and to the frame after the whole
 * picture (the index table) is drawn. Returns a note.
 */
export async function startUp(browser, base, params, budget, loadCount) {
  const loads = [];
  for (let i = 0; i < loadCount; i++) {
    // A fresh context per load: empty cache, nothing compiled; motion as a first visit has it.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "no-preference",
    });
    await context.addInitScript(watchFirstPicture, shownN(params));
    try {
      const opener = { newPage: () => context.newPage() };
      const { page, errors } = await openPage(opener, appUrl(base, params));
      await page.waitForFunction(() => window.__firstPicture, null, { timeout: DRAWN });
      const t = await page.evaluate(() => {
        const wasm = performance.getEntriesByType("resource").find((r) => r.name.endsWith(".wasm"));
        return { ...window.__firstPicture, wasm: wasm?.responseEnd ?? NaN };
      });
      if (errors.length) throw new Error(`start-up: page errors: ${errors.join("; ")}`);
      loads.push(t);
    } finally {
      await context.close();
    }
  }
  const label = `first picture ${configLabel(params)}`;
  const at = (k) => round(median(loads.map((l) => l[k])), 1);
  figure(`${label}: comparison's lanes, median of ${loadCount} loads`, at("lanesFrame"), "ms", budget);
  figure(`${label}: whole picture (index table), median of ${loadCount} loads`, at("frame"), "ms");
  return (
    `${label}: wasm downloaded at ${at("wasm")} ms, first lane tile at ${at("lanes")} ms ` +
    `(next frame ${at("lanesFrame")} ms), index table rows at ${at("rows")} ms ` +
    `(next frame ${at("frame")} ms); medians, from navigation start`
  );
}

/** The files index.html loads: itself, then every "./file" it names (href, src, import, init). */
async function loadedFiles(dist) {
  const html = await readFile(join(dist, "index.html"), "utf8");
  const named = [...html.matchAll(/["']\.?\/([^"'?#]+\.[a-z0-9]+)["']/gi)].map((m) => m[1]);
  return ["index.html", ...new Set(named)];
}

/**
 * Every file index.html loads from $DIST, raw and gzipped; the gzipped total against `budget`
 * (bytes, at most). Returns a note listing them.
 */
export async function bytesShipped(budget) {
  const dist = process.env.DIST;
  const files = await loadedFiles(dist);
  if (!files.some((f) => f.endsWith(".wasm"))) throw new Error("index.html names no .wasm");
  let total = 0;
  let raw = 0;
  for (const name of files) {
    const body = await readFile(join(dist, name));
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    raw += body.length;
    figure(`bytes ${name}`, body.length, "bytes");
    figure(`bytes ${name} gzipped`, gz, "bytes");
  }
  figure("page bytes (what index.html loads), raw", raw, "bytes");
  const says = `≤ ${budget.toLocaleString("en")} B`;
  figure("page bytes (what index.html loads), gzipped", total, "bytes", budget, {
    ok: total <= budget,
    says,
  });
  return `page bytes: ${files.length} files index.html loads: ${files.join(", ")}`;
}
