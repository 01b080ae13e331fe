// Start-up: navigation start to the first picture, each load in a fresh browser context; and
// the bytes the page ships, raw and gzipped.
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { appUrl, openPage } from "../harness.mjs";
import { figure, median, round } from "./figures.mjs";
import { DRAWN, shownN } from "./page.mjs";

/**
 * Before any script of the page: note when the index table's rows of the picture asked for
 * appear (`len(dataset)` shows `n`, nothing is still being drawn), and the next frame.
 */
function watchFirstPicture(n) {
  const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent.trim() ?? "";
  const seen = () =>
    document.querySelector("[data-testid=index-table] tr[data-rank]") &&
    !text("drawing") &&
    (n === null || text("len-dataset") === n);
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    const rows = performance.now();
    requestAnimationFrame(() => {
      window.__firstPicture = { rows, frame: performance.now() };
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * `loadCount` fresh loads of `?params`: the median time to the frame after the index table's
 * rows appear, against `budget` (ms, or null). Returns a note.
 */
export async function startUp(browser, base, params, budget, loadCount) {
  const loads = [];
  for (let i = 0; i < loadCount; i++) {
    // A fresh context per load: empty cache, nothing compiled.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
  const n = params.n ?? 8;
  const label = `first picture n=${n}`;
  const at = (k) => round(median(loads.map((l) => l[k])), 1);
  figure(`${label}, median of ${loadCount} loads`, at("frame"), "ms", budget);
  return (
    `${label}: wasm downloaded at ${at("wasm")} ms, table rows at ${at("rows")} ms, ` +
    `next frame at ${at("frame")} ms (medians, from navigation start)`
  );
}

/**
 * Every .wasm, .js, .css and .html file of $DIST, raw and gzipped; the gzipped total against
 * `budget` (bytes).
 */
export async function bytesShipped(budget) {
  const dist = process.env.DIST;
  let total = 0;
  for (const name of (await readdir(dist)).sort()) {
    if (![".wasm", ".js", ".css", ".html"].includes(extname(name))) continue;
    const body = await readFile(join(dist, name));
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    figure(`bytes ${name}`, body.length, "bytes");
    figure(`bytes ${name} gzipped`, gz, "bytes");
  }
  figure("bytes shipped (.wasm .js .css .html), gzipped", total, "bytes", budget);
}
