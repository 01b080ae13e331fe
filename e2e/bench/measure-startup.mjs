// Start-up: navigation start to the first picture (the comparison's lanes), each load in a fresh
// browser context, also on an emulated slow link; the bytes index.html loads and the bytes of
// everything the page can load (its parts too), raw, gzipped and brotli'd.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { appUrl, openPage, serveDist } from "../harness.mjs";
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
 * Every part the page can load (parts/NAME-HASH/*), every language's texts it loads on
 * demand (texts/*.txt) and the story's styles (styles/*.css), as paths under `dist`.
 */
async function partFiles(dist) {
  const folders = await readdir(join(dist, "parts"), { withFileTypes: true }).catch(() => []);
  const files = [];
  for (const folder of folders.filter((f) => f.isDirectory()).map((f) => f.name).sort()) {
    for (const name of (await readdir(join(dist, "parts", folder))).sort()) {
      if (/\.(js|wasm)$/.test(name)) files.push(`parts/${folder}/${name}`);
    }
  }
  const texts = await readdir(join(dist, "texts")).catch(() => []);
  files.push(...texts.filter((name) => name.endsWith(".txt")).sort().map((name) => `texts/${name}`));
  const styles = await readdir(join(dist, "styles")).catch(() => []);
  files.push(...styles.filter((name) => name.endsWith(".css")).sort().map((name) => `styles/${name}`));
  return files;
}

/** `body` brotli'd as the `brotli` command does by default (quality 11, window 2^24). */
const brotli = (body) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/**
 * Every file index.html loads from $DIST, raw, gzipped and brotli'd, the gzipped total against
 * `budget` (bytes, at most); then everything the page can ever load (those and its parts, the
 * JS API's module aside) against `allBudget`. Returns a note listing them.
 */
export async function bytesShipped(budget, allBudget) {
  const dist = process.env.DIST;
  const files = await loadedFiles(dist);
  if (!files.some((f) => f.endsWith(".wasm"))) throw new Error("index.html names no .wasm");
  const parts = await partFiles(dist);
  const first = { raw: 0, gzip: 0, brotli: 0 };
  const all = { raw: 0, gzip: 0, brotli: 0 };
  for (const name of [...files, ...parts]) {
    const body = await readFile(join(dist, name));
    const sizes = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length, brotli: brotli(body).length };
    for (const k of Object.keys(all)) {
      all[k] += sizes[k];
      if (files.includes(name)) first[k] += sizes[k];
    }
    figure(`bytes ${name}`, sizes.raw, "bytes");
    figure(`bytes ${name} gzipped`, sizes.gzip, "bytes");
  }
  figure("page bytes (what index.html loads), raw", first.raw, "bytes");
  figure("page bytes (what index.html loads), gzipped", first.gzip, "bytes", budget, {
    ok: first.gzip <= budget,
    says: `≤ ${budget.toLocaleString("en")} B`,
  });
  figure("page bytes (what index.html loads), brotli", first.brotli, "bytes");
  figure("everything the page can load (its parts too), gzipped", all.gzip, "bytes", allBudget, {
    ok: all.gzip <= allBudget,
    says: `≤ ${allBudget.toLocaleString("en")} B`,
  });
  figure("everything the page can load (its parts too), brotli", all.brotli, "bytes");
  return (
    `page bytes: ${files.length} files index.html loads: ${files.join(", ")}; ` +
    `the parts: ${parts.join(", ") || "none"}`
  );
}

/**
 * The first tile on a slow link, the cache cold: `loadCount` loads of the page (its URL + `query`) in fresh
 * contexts, each on Chromium's emulated network (`Network.emulateNetworkConditions`:
 * `mbps` Mbit/s down, `rttMs` of latency per request), served as a host would serve the bundle
 * (each file as its .br copy, made here as scripts/build-site makes them). The median time from
 * navigation start to the frame after the comparison's first lane tile, against `budget` (ms).
 */
export async function slowLink(browser, budget, loadCount, { mbps = 1.6, rttMs = 150, query = "" } = {}) {
  const copy = await mkdtemp(join(tmpdir(), "slow-link-"));
  await cp(process.env.DIST, copy, { recursive: true });
  for (const name of [...(await loadedFiles(copy)), ...(await partFiles(copy))]) {
    await writeFile(join(copy, `${name}.br`), brotli(await readFile(join(copy, name))));
  }
  const server = await serveDist("/", { root: copy, precompressed: true });
  const loads = [];
  try {
    for (let i = 0; i < loadCount; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(watchFirstPicture, null);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: rttMs,
          downloadThroughput: (mbps * 1e6) / 8,
          uploadThroughput: (mbps * 1e6) / 8,
        });
        await page.goto(server.url + query);
        await page.waitForFunction(() => window.__firstPicture?.lanesFrame, null, { timeout: 60_000, polling: 100 });
        loads.push(await page.evaluate(() => window.__firstPicture.lanesFrame));
        // Timed as a host serves it: the page's wasm went as its brotli copy.
        const wasm = [...server.encodings].find(([path]) => path.endsWith("_bg.wasm") && !path.includes("/parts/"));
        if (wasm?.[1] !== "br") throw new Error(`slow link: the page's wasm was not sent as brotli (${wasm})`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await server.close();
    await rm(copy, { recursive: true, force: true });
  }
  const at = round(median(loads), 0);
  figure(`first tile${query ? ` (${query})` : ""} on a ${mbps} Mbit/s, ${rttMs} ms link, cache cold, median of ${loadCount} loads`, at, "ms", budget, {
    ok: at <= budget,
    says: `≤ ${budget.toLocaleString("en")} ms`,
  });
  return `slow link${query ? ` ${query}` : ""} (${mbps} Mbit/s, ${rttMs} ms, brotli copies): first tile at ${loads.map((t) => Math.round(t)).join(", ")} ms`;
}
