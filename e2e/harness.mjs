// Shared by the end-to-end tests: serve dist/ on loopback, drive Debian's Chromium with
// playwright-core, open pages and read what they show, and read golden cases.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = process.env.DIST ?? join(root, "dist");

/** How long the page may take to draw (wasm start-up included). */
export const DRAWN = 10_000;
/** A row of the index table: there once the page has drawn a picture. */
export const TABLE = "[data-testid=index-table] tr[data-rank]";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves a folder on 127.0.0.1 at a free port: `root` (default dist/) under `prefix` (e.g.
 * "/tools/sampler/"), each response with `headers` besides its content-type. Anything outside
 * the prefix is not found, unless `rest` ({ root, headers }) serves it: two folders on one
 * origin, as a site that hosts the bundle beside its own pages. With `precompressed`, a file
 * under the prefix is sent as its FILE.br or FILE.gz when the request accepts that encoding
 * and the copy exists, as nginx's brotli_static and gzip_static do. Resolves to
 * { url, origin, paths, encodings, close }: `url` ends in the prefix, `paths` lists every path
 * asked for, `encodings` maps each path sent compressed to its encoding.
 */
export async function serveDist(prefix = "/", { root = dist, headers = {}, rest, precompressed = false } = {}) {
  const paths = [];
  const encodings = new Map();
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, "http://x").pathname);
    paths.push(pathname);
    const inside = pathname.startsWith(prefix);
    const from = inside ? { root, headers } : rest;
    try {
      if (!from) throw new Error("outside the prefix");
      const path = normalize(`/${inside ? pathname.slice(prefix.length) : pathname}`);
      const file = join(from.root, path.endsWith("/") ? join(path, "index.html") : path);
      const type = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
      const copy = inside && precompressed && (await compressedCopy(file, req.headers["accept-encoding"]));
      if (copy) {
        encodings.set(pathname, copy.encoding);
        res.writeHead(200, { ...type, "content-encoding": copy.encoding, vary: "Accept-Encoding", ...from.headers });
        res.end(copy.body);
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, { ...type, ...from.headers });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: `${origin}${prefix}`,
    origin,
    paths,
    encodings,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** `file`'s .br or .gz copy ({ encoding, body }) if `accepted` names it and it exists, br first. */
async function compressedCopy(file, accepted = "") {
  const names = accepted.split(",").map((part) => part.split(";")[0].trim());
  for (const [encoding, ext] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (!names.includes(encoding)) continue;
    const body = await readFile(file + ext).catch(() => null);
    if (body) return { encoding, body };
  }
  return null;
}

/** Launches headless Chromium as this machine allows it (root, no network but loopback). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Opens `url` in a new page and records every console error and uncaught exception (`errors`)
 * and every console warning (`warnings`).
 * `options` go to the page's new context (e.g. `{ permissions: ["clipboard-read"] }`), but
 * `route`, `[pattern, handler]` for `page.route`, set before the page is loaded. Pages
 * ask for reduced motion unless `options.reducedMotion` says otherwise, so that the landing
 * page does not play epochs by itself under a test that reads it.
 */
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, options = {}) {
  const { route, ...context } = options;
  const page = await browser.newPage({ viewport, reducedMotion: "reduce", ...context });
  if (route) await page.route(...route);
  const errors = [];
  const warnings = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
    else if (m.type() === "warning") warnings.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors, warnings };
}

/** The golden cases of one file (e.g. "distributed_sampler"), parsed. */
export async function goldenCases(name) {
  const text = await readFile(join(root, "tests/golden/pytorch-2.15", `${name}.jsonl`), "utf8");
  return text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** Each row of the table `[data-testid=<testid>]` as { rank, indices }. */
export function readIndexTable(page, testid) {
  return page.$$eval(`[data-testid=${testid}] tr[data-rank]`, (rows) =>
    rows.map((row) => ({
      rank: Number(row.dataset.rank),
      indices: [...row.querySelectorAll("td")].flatMap((td) =>
        td.textContent.split(",").map((s) => s.trim()).filter(Boolean).map(Number),
      ),
    })),
  );
}

/** The files of the story's part (parts/story-HASH/) among `requests` (URLs), by name, sorted. */
export function storyPartFiles(requests) {
  return requests
    .map((u) => new URL(u).pathname)
    .filter((path) => /\/parts\/story-[0-9a-f]{16}\//.test(path))
    .map((path) => path.replace(/.*\//, ""))
    .sort();
}

/**
 * Opens the page without step 1's pipeline and step 3's timeline (`hide=pipeline,timeline`: the
 * story's part draws them, and the pipeline is within a screen of the first, so it would load
 * the part right after the first picture) recording every request, waits for its first picture and a second more (time for
 * anything the page would fetch by itself), and asserts that nothing of the story's part was
 * fetched by then. Resolves to `openPage`'s { page, errors, warnings } and `requests`.
 */
export async function openBeforeTheStorysPart(browser, base) {
  const opened = await openPage(browser, appUrl(base, { hide: "pipeline,timeline" }));
  const requests = [];
  opened.page.on("request", (r) => requests.push(r.url()));
  try {
    await opened.page.waitForSelector(TABLE, { timeout: DRAWN });
    await opened.page.waitForTimeout(1000);
    assert.deepEqual(storyPartFiles(requests), [], "nothing of the story's part with the first screen");
  } catch (e) {
    await opened.page.close();
    throw e;
  }
  return { ...opened, requests };
}

/**
 * Waits until no compared scheme is still loading: a scheme other than the default two is
 * dealt by the story's part (src/model/scheme/remote.rs), so its panel says "loading" (with
 * aria-busy) for a moment after the default one has drawn.
 */
export async function everySchemeDealt(page, timeout = DRAWN) {
  await page.waitForFunction(() => !document.querySelector("[data-testid=scheme-loading][aria-busy=true]"), null, { timeout });
}

/** Makes every request for a part fail, as a host missing the files would (for `route`). */
export const PARTS_MISSING = [/\/parts\//, (route) => route.fulfill({ status: 404, body: "not found" })];

/** The page's address with these query parameters (values as the URL spells them). */
export function appUrl(base, params = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** The current page URL's query parameters. */
export function pageQuery(page) {
  return new URL(page.url()).searchParams;
}

/** The visible text of the first element `selector` finds. */
export const firstText = (page, selector) => page.locator(selector).first().innerText();

/** The page's `<html lang>`. */
export const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

/** The text of `[data-testid=<testid>]`, trimmed. */
export async function text(page, testid) {
  return ((await page.textContent(`[data-testid=${testid}]`)) ?? "").trim();
}

/** Waits until `[data-testid=<testid>]` reads `expected`; returns what it reads. */
export async function settledText(page, testid, expected, timeout = 5000) {
  await page
    .waitForFunction(
      ({ testid, expected }) =>
        document.querySelector(`[data-testid=${testid}]`)?.textContent.trim() === expected,
      { testid, expected },
      { timeout },
    )
    .catch(() => {});
  return text(page, testid);
}

/** Whether `[data-testid=<testid>]` is on the page and visible. */
export const visible = (page, testid) => page.isVisible(`[data-testid=${testid}]`);

/** Waits until `[data-testid=<testid>]` is visible (figures drawn a task at a time show late). */
export async function shown(page, testid, timeout = 5000) {
  await page.waitForSelector(`[data-testid=${testid}]`, { state: "visible", timeout });
  return true;
}

/** Brings the epoch timeline near and waits until it has drawn epochs 0–3 (of the values last asked, once the page draws them). */
export async function settledTimeline(page, timeout = 8000) {
  // The story's part draws it, loaded once the timeline nears the screen.
  await page.locator("[data-testid=timeline]").scrollIntoViewIfNeeded({ timeout });
  await page.waitForSelector('[data-testid=timeline][aria-busy=false] li[data-epoch="3"]', { timeout });
}

/** How many elements match `selector`. */
export const count = (page, selector) => page.locator(selector).count();

/** Clicks the preset button whose label contains `label`. */
export async function clickPreset(page, label) {
  await page.click(`[data-testid=presets] button:has-text(${JSON.stringify(label)})`);
}

/**
 * Waits (up to `timeout` ms) until the table `[data-testid=<testid>]` holds exactly `expected`
 * (rows as readIndexTable gives them), then returns what it holds, so that a caller's
 * `assert.deepEqual` shows the difference when it never did.
 */
export async function settledTable(page, testid, expected, timeout = 5000) {
  await page
    .waitForFunction(
      ({ testid, expected }) => {
        const rows = [...document.querySelectorAll(`[data-testid=${testid}] tr[data-rank]`)].map(
          (row) => ({
            rank: Number(row.dataset.rank),
            indices: [...row.querySelectorAll("td")].flatMap((td) =>
              td.textContent.split(",").map((s) => s.trim()).filter(Boolean).map(Number),
            ),
          }),
        );
        return JSON.stringify(rows) === JSON.stringify(expected);
      },
      { testid, expected },
      { timeout },
    )
    .catch(() => {});
  return readIndexTable(page, testid);
}

/**
 * Serves dist/ (under `prefix`) and launches Chromium before a test file's tests, and closes
 * both after them: `const session = useBrowser();` then `session.server`, `session.browser`,
 * and `session.withPage(params, body)`.
 */
export function useBrowser(prefix = "/") {
  const session = {};
  before(async () => {
    session.server = await serveDist(prefix);
    session.browser = await launchBrowser();
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  /**
   * Opens the page with these query parameters (and context `options`), waits for `ready` (up
   * to `timeout` ms), runs `body(page)`, then asserts the page logged no console error or warning and threw nothing.
   */
  session.withPage = async (params, body, { options = {}, ready = TABLE, viewport, timeout = DRAWN } = {}) => {
    const url = appUrl(session.server.url, params);
    const { page, errors, warnings } = await openPage(session.browser, url, viewport, options);
    try {
      await page.waitForSelector(ready, { timeout });
      await everySchemeDealt(page, timeout);
      await body(page);
      assert.deepEqual(errors, [], "no console errors or page errors");
      assert.deepEqual(warnings, [], "no console warnings");
    } finally {
      await page.close();
    }
  };
  return session;
}

/** The crate's version, `[package] version` in Cargo.toml: the module's and its package's. */
export async function crateVersion() {
  const toml = await readFile(new URL("../Cargo.toml", import.meta.url), "utf8");
  const [, version] = toml.match(/^\[package\][^[]*?^version = "([^"]+)"/m) ?? [];
  if (!version) throw new Error("no [package] version in Cargo.toml");
  return version;
}

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * The serious and critical axe violations on `page` (within `selector`, else the whole
 * document), each as `id: help (the first three elements)`, once nothing on the page is busy
 * drawing: a figure redrawing dims its last picture (`aria-busy`), which is a moment, not the
 * page a reader reads.
 */
export async function seriousViolations(page, selector) {
  await page
    .waitForFunction(() => !document.querySelector("[aria-busy=true]"), null, { timeout: DRAWN })
    .catch(() => {});
  // Evaluated, not added as a <script>: the page's CSP refuses inline scripts it did not hash.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await readFile(axePath, "utf8"));
  const results = await page.evaluate(
    (selector) => window.axe.run(selector ? document.querySelector(selector) : document, { resultTypes: ["violations"] }),
    selector,
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")})`);
}
