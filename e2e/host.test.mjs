// The hosting bundle as a tutorial author's site serves it: examples/tutorial/ at the root under
// a strict Content-Security-Policy, and target/site/sampler-viz-<version>/ (scripts/build-site,
// which scripts/test runs with --public-url https://tutorial.example/tools/sampler/) under
// /tools/sampler/, sent as its .br and .gz copies, both from one origin. Chromium is a
// phone-wide column (390 px).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DRAWN, crateVersion, goldenCases, launchBrowser, serveDist } from "./harness.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const VERSION = await crateVersion();
const SITE = join(root, "target/site", `sampler-viz-${VERSION}`);
const TUTORIAL = join(root, "examples/tutorial");
const PUBLIC_URL = "https://tutorial.example/tools/sampler/";
const BUNDLE = "/tools/sampler/";

/** The host page's policy: only its own origin, and wasm for the JS API it runs itself. */
const HOST_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self'",
  "frame-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join("; ");

/** Something the bundle draws in every frame once its wasm has started. */
const EMBED_DRAWN = "[data-testid=full-page-link]";
/** The tutorial's line computed by the JS API, once its script has run. */
const COMPUTED = "[data-testid=computed]:has-text('GPU 0')";
/** How far (CSS px) a frame's height may be from its content's. */
const SLACK = 3;

const session = {};

before(async () => {
  await stat(join(SITE, "index.html")).catch(() => {
    throw new Error(
      `${SITE} is missing: run scripts/build-site --public-url ${PUBLIC_URL} target/site ` +
        "(scripts/test does, before the end-to-end tests)",
    );
  });
  // One origin, as an author's site: /tools/sampler/… from the bundle (with no header of its
  // own: its pages carry their CSP in a <meta>; sent as its .br or .gz copies, as nginx's
  // brotli_static and gzip_static would), anything else from examples/tutorial/ with the host's
  // CSP as a header.
  session.server = await serveDist(BUNDLE, {
    root: SITE,
    precompressed: true,
    rest: { root: TUTORIAL, headers: { "content-security-policy": HOST_CSP } },
  });
  session.browser = await launchBrowser();
});

after(async () => {
  await session.browser?.close();
  await session.server?.close();
});

/**
 * Opens `path` in a 390 px wide page and records, from the page and every frame: console
 * errors and warnings, uncaught exceptions, Content-Security-Policy violations (the event and the console's
 * report of it), every request and every WebSocket. With `lateScript`, tutorial.js is held back
 * until both embeds have drawn and settled, so its height listener surely comes after their
 * first messages.
 */
async function open(path, { lateScript = false, ready } = {}) {
  const context = await session.browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const seen = { errors: [], warnings: [], violations: [], requests: [], sockets: [] };
  page.on("console", (m) => {
    const said = `${m.location().url}: ${m.text()}`;
    if (m.type() === "error" || /Content.Security.Policy/i.test(m.text())) seen.errors.push(said);
    else if (m.type() === "warning") seen.warnings.push(said);
  });
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  page.on("request", (r) => seen.requests.push(r.url()));
  page.on("websocket", (ws) => seen.sockets.push(ws.url()));
  await page.exposeBinding("reportCspViolation", ({ frame }, v) =>
    seen.violations.push({ frame: frame.url(), ...v }),
  );
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      window.reportCspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        at: `${e.sourceFile}:${e.lineNumber}`,
      }),
    ),
  );
  if (lateScript) {
    await page.route("**/tutorial.js", async (route) => {
      // Should they never draw, the test's own wait for them says so.
      await embedsDrawn(page).catch(() => {});
      await route.continue();
    });
  }
  await page.goto(session.server.origin + path);
  if (ready) await page.waitForSelector(ready, { timeout: DRAWN });
  return { page, seen, close: () => context.close() };
}

/** The two embeds of the tutorial page, as [iframe element, its frame], once both have drawn. */
async function embedsDrawn(page) {
  await page.waitForFunction(() => document.querySelectorAll("iframe.sampler-viz").length === 2);
  const embeds = [];
  for (const iframe of await page.$$("iframe.sampler-viz")) {
    // Frames load lazily: bring each near the screen.
    await iframe.scrollIntoViewIfNeeded();
    const frame = await iframe.contentFrame();
    await frame.waitForSelector(EMBED_DRAWN, { timeout: DRAWN });
    embeds.push([iframe, frame]);
  }
  for (const [, frame] of embeds) await settled(frame);
  return embeds;
}

/** Waits until the frame's document keeps one height for half a second. */
async function settled(frame) {
  await frame.waitForFunction(
    () =>
      new Promise((done) => {
        const height = () => document.documentElement.getBoundingClientRect().height;
        const before = height();
        setTimeout(() => done(height() === before), 500);
      }),
    null,
    { timeout: DRAWN, polling: 100 },
  );
}

/** The frame element's height (CSS px, as laid out) and its document's, side by side. */
async function heights(iframe, frame) {
  const element = await iframe.evaluate((f) => f.getBoundingClientRect().height);
  const content = await frame.evaluate(() => document.documentElement.getBoundingClientRect().height);
  return { element, content };
}

/** Waits until the frame element is as tall as its content (within SLACK); returns both. */
async function fitted(iframe, frame, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await heights(iframe, frame);
    if (Math.abs(last.element - last.content) <= SLACK) return last;
    await new Promise((done) => setTimeout(done, 100));
  }
  return last;
}

test("the tutorial page and both embeds load with no console error, no CSP violation and no live reload", async () => {
  const { page, seen, close } = await open("/", { lateScript: true });
  try {
    await embedsDrawn(page);
    // The JS API's line, if it comes (a policy that refuses the wasm stops it: said below).
    await page.waitForSelector(COMPUTED, { timeout: DRAWN }).catch(() => {});
    // Anything logged late (a failed WebSocket retries every few seconds) has time to show.
    await page.waitForTimeout(1500);
    assert.deepEqual(seen.errors, [], "no console error or exception in the host or a frame");
    assert.deepEqual(seen.warnings, [], "no console warning in the host or a frame");
    assert.deepEqual(seen.violations, [], "no Content-Security-Policy violation anywhere");
    assert.ok(await page.isVisible(COMPUTED), "the tutorial's script ran to its end");
    assert.deepEqual(seen.sockets, [], "no WebSocket");
    const trunk = [...seen.requests, ...session.server.paths].filter((u) => u.includes("/.well-known/trunk"));
    assert.deepEqual(trunk, [], "nothing asks for Trunk's live reload");
    const frames = page.frames().filter((f) => new URL(f.url()).pathname === BUNDLE);
    assert.equal(frames.length, 2, "both embeds come from /tools/sampler/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the tutorial fits a 390 px column (${overflow} px too wide)`);
    const styled = await page.$$eval("iframe.sampler-viz[style]", (f) => f.length);
    assert.equal(styled, 0, "the iframes have no style attribute (the host's style-src refuses it)");
  } finally {
    await close();
  }
});

test("each frame's height follows its content, with the listener added after the frames drew", async () => {
  const { page, seen, close } = await open("/", { lateScript: true });
  try {
    const embeds = await embedsDrawn(page);
    for (const [i, [iframe, frame]] of embeds.entries()) {
      const { element, content } = await fitted(iframe, frame);
      assert.ok(Math.abs(element - content) <= SLACK,
        `embed ${i + 1} is as tall as its content once asked: frame ${element} px, content ${content} px`);
    }
    // Something inside the comparison's frame changes its height: 4 GPUs become 8 lanes.
    const [iframe, frame] = embeds[1];
    const before = await heights(iframe, frame);
    await frame.fill("[data-testid=control-num_replicas] >> nth=0", "8");
    await frame.waitForFunction(
      (h) => Math.abs(document.documentElement.getBoundingClientRect().height - h) > 20,
      before.content,
      { timeout: 5000 },
    );
    const after = await fitted(iframe, frame);
    assert.ok(Math.abs(after.content - before.content) > 20, "the content's height changed");
    assert.ok(Math.abs(after.element - after.content) <= SLACK,
      `the frame followed: frame ${after.element} px, content ${after.content} px (was ${before.element} px)`);
    assert.deepEqual(seen.errors, []);
  } finally {
    await close();
  }
});

test("copied links and embed code name the public URL given to scripts/build-site", async () => {
  const html = await readFile(join(SITE, "index.html"), "utf8");
  assert.ok(html.includes(`<meta name="sampler-viz:public-url" content="${PUBLIC_URL}"`),
    `the bundle was built with --public-url ${PUBLIC_URL}`);
  const { page, seen, close } = await open(`${BUNDLE}?n=10`, { ready: "[data-testid=share-link]" });
  try {
    const link = await page.inputValue("[data-testid=share-link]");
    const code = await page.inputValue("[data-testid=embed-code]");
    assert.ok(link.startsWith(`${PUBLIC_URL}?`), `share link ${link}`);
    assert.equal(new URL(link).searchParams.get("n"), "10");
    assert.ok(code.includes(`src="${PUBLIC_URL}?`), `embed code ${code}`);
    assert.ok(code.includes('class="sampler-viz"') && !code.includes("style="), `embed code ${code}`);
    for (const text of [link, code]) assert.ok(!text.includes("127.0.0.1"), text);
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.violations, []);
  } finally {
    await close();
  }
  const embed = await open(`${BUNDLE}?n=10&embed=1`, { ready: EMBED_DRAWN });
  try {
    const full = await embed.page.getAttribute(EMBED_DRAWN, "href");
    assert.ok(full.startsWith(`${PUBLIC_URL}?`), `the embed's full-page link ${full}`);
    assert.equal(new URL(full).searchParams.get("embed"), null);
  } finally {
    await embed.close();
  }
});

test("the tutorial's own script computes with the bundle's JS API, and names its version", async () => {
  const [expected] = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 10 && c.num_replicas === 3 && c.rank === 0 && c.shuffle && c.seed === "0" &&
      c.epoch === "0" && !c.drop_last,
  );
  const { page, seen, close } = await open("/", { ready: COMPUTED });
  try {
    const line = (await page.textContent("[data-testid=computed]")).replace(/\s+/g, " ");
    assert.ok(line.includes(`samples ${expected.indices.join(", ")} in the first epoch`), line);
    assert.ok(line.includes("Each GPU gets 4: 12 in all, so 2 of the 10 samples are seen twice"), line);
    assert.equal((await page.textContent("[data-testid=api-version]")).trim(), `sampler-viz ${VERSION}`);
    assert.deepEqual(seen.errors, []);
  } finally {
    await close();
  }
});

test("the bundle is stamped with the crate's version: its folder, VERSION, the footers", async () => {
  assert.equal((await readFile(join(SITE, "VERSION"), "utf8")).trim(), VERSION);
  const { page, seen, close } = await open(`${BUNDLE}?n=10`, { ready: "footer [data-testid=version]" });
  try {
    assert.equal((await page.textContent("footer [data-testid=version]")).trim(), `sampler-viz ${VERSION}`);
  } finally {
    await close();
  }
  const embed = await open(`${BUNDLE}?n=10&embed=1`, { ready: EMBED_DRAWN });
  try {
    await embed.page.waitForSelector("[data-testid=version]", { timeout: DRAWN });
    assert.equal((await embed.page.textContent("[data-testid=version]")).trim(), `sampler-viz ${VERSION}`);
    assert.deepEqual([...seen.errors, ...embed.seen.errors], []);
  } finally {
    await embed.close();
  }
});

test("the bundle's pages log no console warning: the page, an embed, the JS API's example", async () => {
  const pages = [
    [`${BUNDLE}?n=10`, "[data-testid=share-link]"],
    [`${BUNDLE}?n=8&compare=accelerate,distributed&split_batches=1&embed=1`, EMBED_DRAWN],
    [`${BUNDLE}examples/js-api/`, "[data-testid=status]:has-text('Computed in this page.')"],
  ];
  for (const [path, ready] of pages) {
    const { page, seen, close } = await open(path, { ready });
    try {
      // A warning about a preload comes once the load event has passed.
      await page.waitForLoadState("load");
      await page.waitForTimeout(500);
      assert.deepEqual(seen.warnings, [], `no console warning in ${path}`);
      assert.deepEqual(seen.errors, [], `no console error in ${path}`);
      assert.deepEqual(seen.violations, [], `no Content-Security-Policy violation in ${path}`);
    } finally {
      await close();
    }
  }
});

test("every text and wasm file of the bundle has a .gz and a .br beside it that decompress to it", async () => {
  const entries = await readdir(SITE, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(SITE, join(e.parentPath ?? e.path, e.name)));
  const present = new Set(files);
  // VERSION is a few bytes, for people and scripts rather than browsers.
  const originals = files.filter((f) => !/\.(gz|br)$/.test(f) && f !== "VERSION");
  assert.ok(originals.some((f) => /^sampler-viz-[^/]*_bg\.wasm$/.test(f)), "the page's wasm is among them");
  assert.ok(originals.includes("js/sampler_viz_bg.wasm"), "the JS API's wasm is among them");
  for (const file of originals) {
    const body = await readFile(join(SITE, file));
    for (const [ext, inflate] of [[".gz", gunzipSync], [".br", brotliDecompressSync]]) {
      assert.ok(present.has(file + ext), `${file}${ext} is written`);
      assert.ok(inflate(await readFile(join(SITE, file + ext))).equals(body), `${file}${ext} decompresses to ${file}`);
    }
  }
  // And no copy without its file (a stale one from an earlier build).
  for (const copy of files.filter((f) => /\.(gz|br)$/.test(f))) {
    assert.ok(present.has(copy.slice(0, -3)), `${copy} has its file`);
  }
});

test("served as its compressed copies, the page and its charts' part draw with no error", async () => {
  session.server.encodings.clear();
  const { page, seen, close } = await open(`${BUNDLE}?n=10`, { ready: "[data-testid=share-link]" });
  try {
    // And the charts' part, once its panel is near.
    await page.locator("[data-testid=charts]").scrollIntoViewIfNeeded();
    await page.waitForSelector("[data-testid=chart-padding] svg", { timeout: DRAWN });
    const sent = [...session.server.encodings.keys()].map((path) => path.slice(BUNDLE.length));
    const patterns = [/^$/, /^sampler-viz-[^/]*\.js$/, /^sampler-viz-[^/]*_bg\.wasm$/, /\.css$/, /^parts\/story-[^/]+\/story\.js$/, /^parts\/story-[^/]+\/story_bg\.wasm$/];
    for (const pattern of patterns) {
      assert.ok(sent.some((f) => pattern.test(f)), `a file matching ${pattern} was sent compressed (sent: ${sent.join(", ")})`);
    }
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.violations, []);
  } finally {
    await close();
  }
});

test("lang=zh under the sub-path: the Chinese texts come compressed, under the page's CSP, and the page is drawn in Chinese", async () => {
  session.server.encodings.clear();
  const { page, seen, close } = await open(`${BUNDLE}?n=10&lang=zh`, { ready: "[data-testid=share-link]" });
  try {
    assert.equal(await page.locator("h1").innerText(), "每块 GPU 拿到哪些样本？");
    assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hans");
    const sent = [...session.server.encodings.keys()].map((path) => path.slice(BUNDLE.length));
    assert.ok(sent.some((f) => /^texts\/zh-[0-9a-f]{16}\.txt$/.test(f)), `the texts were sent compressed (sent: ${sent.join(", ")})`);
    assert.equal(await page.locator("[data-testid=lang-missing]").innerText(), "");
    assert.deepEqual(seen.errors, []);
    assert.deepEqual(seen.violations, []);
  } finally {
    await close();
  }
});
