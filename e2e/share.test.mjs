// Share and embed, in headless Chromium: the embedded view and its hide= flags, the copied link
// and embed code reopening the same state, the height message to a parent page on another
// origin, playback waiting off screen, the downloads, and the bundle from a sub-path with
// nothing requested from another origin and nothing refused by its Content-Security-Policy.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { appUrl, launchBrowser, openPage, readIndexTable, serveDist } from "./harness.mjs";

/** How long the page may take to draw (wasm start-up included). */
const DRAWN = 10_000;
const TABLE = "[data-testid=index-table] tr[data-rank]";
const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

let server;
let browser;
let parent;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  parent = await serveParent();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await parent?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

/**
 * Opens the page with these query parameters (and context `options`), waits for `ready`, runs
 * `body(page)`, then asserts the page logged no console error and threw nothing.
 */
async function withPage(params, body, { options = {}, ready = TABLE, base = server.url } = {}) {
  const { page, errors } = await openPage(browser, appUrl(base, params), undefined, options);
  try {
    await page.waitForSelector(ready, { timeout: DRAWN });
    await body(page);
    assert.deepEqual(errors, [], "no console errors or page errors");
  } finally {
    await page.close();
  }
}

/** How many elements match `selector`. */
const count = (page, selector) => page.locator(selector).count();

/** The `data-testid` of every control on screen. */
function visibleControls(page) {
  return page.$$eval("[data-testid^=control-]", (els) =>
    els.filter((e) => e.checkVisibility()).map((e) => e.dataset.testid).sort(),
  );
}

/** Text for a double-quoted HTML attribute. */
const attribute = (s) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * Serves, on another origin than the page, a parent page at `/?src=URL&spacer=PX` that frames
 * `src` below `spacer` pixels and records every message it receives in `window.messages`.
 */
async function serveParent() {
  const http = createServer((req, res) => {
    const query = new URL(req.url, "http://x").searchParams;
    const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>parent</title></head>
<body style="margin:0">
<div style="height:${Number(query.get("spacer") ?? 0)}px"></div>
<iframe id="frame" src="${attribute(query.get("src") ?? "")}" title="embedded" width="100%" height="300" style="border:0"></iframe>
<div style="height:2000px"></div>
<script>
window.messages = [];
addEventListener("message", (e) => {
  messages.push({ origin: e.origin, data: e.data });
  if (e.data && e.data.type === "sampler-viz:height") document.getElementById("frame").height = e.data.height;
});
</script>
</body></html>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise((done) => http.listen(0, "127.0.0.1", done));
  return {
    url: (src, spacer = 0) => {
      const query = new URLSearchParams({ src, spacer: String(spacer) });
      return `http://127.0.0.1:${http.address().port}/?${query}`;
    },
    close: () => new Promise((done) => http.close(done)),
  };
}

/** The embedded page's frame inside the parent page. */
async function embeddedFrame(page) {
  const handle = await page.waitForSelector("#frame");
  const frame = await handle.contentFrame();
  await frame.waitForSelector(TABLE, { timeout: DRAWN });
  return frame;
}

/** The height messages the parent page received so far. */
const heightMessages = (page) =>
  page.evaluate(() => messages.filter((m) => m.data?.type === "sampler-viz:height"));

/** The `stage=` of the frame's own URL. */
const frameStage = (frame) => frame.evaluate(() => new URLSearchParams(location.search).get("stage"));

/** A CSV download as { rank → [index by position] } and its batch numbers. */
function parseCsv(text) {
  const [header, ...lines] = text.trim().split("\n");
  assert.equal(header, "rank,position,index,batch");
  const ranks = [];
  const batches = [];
  for (const line of lines) {
    const [rank, position, index, batch] = line.split(",").map((s) => (s === "" ? null : Number(s)));
    ranks[rank] ??= [];
    batches[rank] ??= [];
    assert.equal(position, ranks[rank].length, `rows in order: ${line}`);
    ranks[rank].push(index);
    batches[rank].push(batch);
  }
  return { ranks, batches };
}

/** Clicks `[data-testid=<testid>]` and reads the file it downloads; resolves to { name, text }. */
async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(`[data-testid=${testid}]`)]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

// ---------------------------------------------------------------------------------------------
// The embedded view

test("embed=1 leaves out the page chrome and keeps the controls, lengths, pipeline and tables", async () => {
  await withPage({ embed: 1 }, async (page) => {
    for (const gone of [".masthead", "footer.colophon", "[data-testid=python-code]",
      "[data-testid=copy-share-link]", "[data-testid=presets]", ".cost"]) {
      assert.equal(await count(page, gone), 0, `${gone} is left out`);
    }
    for (const kept of ["[data-testid=control-n]", "[data-testid=lengths]", ".pipeline-section",
      "[data-testid=play]", "[data-testid=no-sampler-table]", "[data-testid=timeline]"]) {
      assert.equal(await count(page, kept), 1, `${kept} stays`);
    }
    const full = new URL(await page.getAttribute("[data-testid=full-page-link]", "href"));
    assert.equal(full.searchParams.get("embed"), null, "the link goes to the full page");
    assert.equal(full.searchParams.get("n"), "8");
  });
});

test("hide=seed,drop_last hides exactly those two controls, and unknown names are ignored", async () => {
  let all;
  await withPage({}, async (page) => {
    all = await visibleControls(page);
  });
  assert.ok(all.includes("control-seed") && all.includes("control-loader_drop_last"));
  await withPage({ embed: 1, hide: "seed,drop_last,bogus" }, async (page) => {
    const expected = all.filter((c) => c !== "control-seed" && c !== "control-drop_last");
    assert.deepEqual(await visibleControls(page), expected);
    // The hidden values still come from the URL, and the URL keeps embed and hide.
    await page.fill("[data-testid=control-n]", "10");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("n") === "10");
    const query = new URL(page.url()).searchParams;
    assert.equal(query.get("embed"), "1");
    assert.equal(query.get("hide"), "seed,drop_last,bogus");
  });
  await withPage({ hide: "seeding,stage,epoch" }, async (page) => {
    const expected = all.filter((c) => !["control-seeding", "control-epoch"].includes(c));
    assert.deepEqual(await visibleControls(page), expected);
    assert.equal(await count(page, "[data-testid=play]"), 0, "stage hides the playback bar");
    assert.equal(await count(page, "[data-testid=next-epoch]"), 0, "epoch hides its stepper");
  });
});

test("hide= leaves out all controls or whole sections", async () => {
  await withPage({ embed: 1, hide: "controls" }, async (page) => {
    assert.deepEqual(await visibleControls(page), []);
    assert.equal(await count(page, ".controls, [data-testid=play]"), 0);
  });
  await withPage({ embed: 1, hide: "no_sampler,timeline" }, async (page) => {
    assert.equal(await count(page, "[data-testid=no-sampler-table], [data-testid=timeline]"), 0);
  });
  await withPage({ embed: 1, hide: "tables" }, async (page) => {
    assert.equal(await count(page, "[data-testid=index-table], [data-testid=no-sampler-table]"), 0);
  }, { ready: "[data-testid=len-sampler]" });
});

test("the embedded view and the share panel have no serious accessibility violation", async () => {
  const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  for (const [params, colorScheme] of [[{ embed: 1 }, "light"], [{ embed: 1, hide: "seed" }, "dark"], [{}, "dark"]]) {
    await withPage(params, async (page) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.evaluate(axe);
      const results = await page.evaluate(() =>
        window.axe.run(document, { resultTypes: ["violations"] }),
      );
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join("; ")}`);
      assert.deepEqual(serious, [], JSON.stringify(params));
    });
  }
});

test("nothing from the URL is ever read as HTML", async () => {
  const hostile = '<img src=x onerror="window.injected=1">';
  await withPage({ embed: hostile, hide: hostile, n: 8 }, async (page) => {
    assert.equal(await count(page, "img"), 0);
    assert.equal(await page.evaluate(() => window.injected), undefined);
  });
});

// ---------------------------------------------------------------------------------------------
// Link and embed code

test("the copied link and embed code reopen the same state", async () => {
  const params = { n: 17, num_replicas: 4, seed: 5, epoch: 2, drop_last: 1, batch_size: 3 };
  let original;
  let link;
  let code;
  await withPage(params, async (page) => {
    await page.fill("[data-testid=control-epoch]", "3");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("epoch") === "3");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    original = await readIndexTable(page, "index-table");
    await page.click("[data-testid=copy-share-link]");
    await page.waitForSelector(".copy-field:has([data-testid=copy-share-link]) [role=status]:text('Copied.')");
    link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, await page.inputValue("[data-testid=share-link]"));
    await page.click("[data-testid=copy-embed-code]");
    await page.waitForSelector(".copy-field:has([data-testid=copy-embed-code]) [role=status]:text('Copied.')");
    code = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(code, await page.inputValue("[data-testid=embed-code]"));
  }, { options: CLIPBOARD });

  assert.match(
    code,
    /^<iframe src="[^"]+" title="DistributedSampler: 17 samples on 4 GPUs, seed 5, epoch 3 \(sampler-viz\)" width="100%" height="\d+" loading="lazy" style="border:0"><\/iframe>$/,
  );
  const src = code.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  assert.equal(new URL(src).searchParams.get("embed"), "1");
  assert.equal(new URL(src).origin, new URL(server.url).origin);
  assert.equal(new URL(link).searchParams.get("embed"), null);
  for (const [url, chrome] of [[link, 1], [src, 0]]) {
    const { page, errors } = await openPage(browser, url);
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    assert.deepEqual(await readIndexTable(page, "index-table"), original, url);
    assert.equal(await count(page, ".masthead"), chrome, `${url}: masthead`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("framed on another origin, the page posts its height to the parent", async () => {
  const src = appUrl(server.url, { embed: 1, n: 8 });
  const { page, errors } = await openPage(browser, parent.url(src));
  try {
    const frame = await embeddedFrame(page);
    await page.waitForFunction(() => messages.some((m) => m.data?.type === "sampler-viz:height"));
    const [first] = await heightMessages(page);
    assert.equal(first.origin, new URL(server.url).origin);
    assert.deepEqual(Object.keys(first.data).sort(), ["height", "type"], "only the height leaves");
    // The parent sizes the frame to each height (a scroll bar going away may reflow the page
    // once more): it settles on the page's own height, with nothing left to scroll.
    let own;
    let last;
    for (let tries = 0; tries < 50; tries++) {
      own = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      last = (await heightMessages(page)).at(-1);
      if (last.data.height === own) break;
      await page.waitForTimeout(100);
    }
    assert.equal(last.data.height, own);
    assert.equal(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight), true);

    // More samples, longer tables: a new, taller height.
    await frame.fill("[data-testid=control-n]", "400");
    await page.waitForFunction((h) => messages.at(-1).data.height > h, last.data.height);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("embedded off screen, playback waits until the frame is scrolled into view", async () => {
  const src = appUrl(server.url, { embed: 1, n: 8 });
  const { page, errors } = await openPage(browser, parent.url(src, 3000));
  try {
    const frame = await embeddedFrame(page);
    // A click from script: Playwright's own click would scroll the frame into view.
    await frame.evaluate(() => document.querySelector("[data-testid=play]").click());
    await frame.waitForFunction(() => new URLSearchParams(location.search).get("stage") === "1");
    await page.waitForTimeout(3500); // over two stages' worth of time at 1×
    assert.equal(await frameStage(frame), "1", "no stage played off screen");
    await page.evaluate(() => document.getElementById("frame").scrollIntoView());
    await frame.waitForFunction(() => new URLSearchParams(location.search).get("stage") !== "1", null, {
      timeout: 5000,
    });
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Downloads

test("the CSV and JSON downloads list what the index tables show", async () => {
  const params = { n: 23, num_replicas: 3, seed: 7, epoch: 1, batch_size: 4, manual_seed: 3 };
  await withPage(params, async (page) => {
    const table = await readIndexTable(page, "index-table");
    const noSampler = await readIndexTable(page, "no-sampler-table");
    const indices = table.map((row) => row.indices);

    const csv = await download(page, "download-csv");
    assert.equal(csv.name, "sampler-viz_n23_w3_seed7_epoch1.csv");
    const { ranks, batches } = parseCsv(csv.text);
    assert.deepEqual(ranks, indices);
    assert.deepEqual(batches, indices.map((r) => r.map((_, j) => Math.floor(j / 4))));

    const json = await download(page, "download-json");
    assert.equal(json.name, "sampler-viz_n23_w3_seed7_epoch1.json");
    const data = JSON.parse(json.text);
    assert.deepEqual(data.ranks, indices);
    assert.deepEqual(data.batches.map((b) => b.flat()), indices);
    assert.ok(data.batches.every((r) => r.slice(0, -1).every((b) => b.length === 4)));
    assert.deepEqual(data.config, {
      len_dataset: 23,
      sampler: { num_replicas: 3, rank: 0, shuffle: true, seed: 7, drop_last: false },
      epoch: 1,
      set_epoch: true,
      loader: { batch_size: 4, drop_last: false },
    });
    assert.deepEqual(data.no_sampler.orders, noSampler.map((row) => row.indices));
    assert.equal(data.no_sampler.manual_seed, 3);
    assert.match(await page.textContent(".downloads [role=status]"), /Saved sampler-viz_n23_w3_seed7_epoch1\.json/);
  });
});

// ---------------------------------------------------------------------------------------------
// The static bundle

/**
 * Opens `url`, recording every request, every response that failed and every CSP violation;
 * waits for `ready`; resolves to what it saw (the page closed).
 */
async function record(url, ready = TABLE) {
  const page = await browser.newPage();
  const seen = { requests: [], failed: [], errors: [] };
  page.on("request", (r) => seen.requests.push(r.url()));
  page.on("response", (r) => r.status() >= 400 && seen.failed.push(`${r.status()} ${r.url()}`));
  page.on("console", (m) => m.type() === "error" && seen.errors.push(m.text()));
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
  });
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: DRAWN });
  seen.violations = await page.evaluate(() => violations);
  seen.csp = await page.getAttribute("meta[http-equiv=Content-Security-Policy]", "content");
  await page.close();
  return seen;
}

test("from a sub-path, the page and its embed load with relative URLs and no error", async () => {
  const sub = await serveDist("/tools/sampler/");
  try {
    for (const params of [{ n: 17, num_replicas: 4 }, { embed: 1 }]) {
      const seen = await record(appUrl(sub.url, params));
      assert.deepEqual(seen.failed, []);
      assert.deepEqual(seen.errors, []);
      assert.deepEqual(seen.violations, []);
      const outside = seen.requests.filter((u) => !u.startsWith(sub.url));
      assert.deepEqual(outside, [], "every request stays under /tools/sampler/");
    }
  } finally {
    await sub.close();
  }
});

test("no request leaves the page's origin, and the CSP refuses all but the page's own code", async () => {
  const seen = await record(appUrl(server.url, { n: 50000, num_replicas: 2, batch_size: 64 }));
  const origin = new URL(server.url).origin;
  assert.deepEqual(seen.requests.filter((u) => !u.startsWith(`${origin}/`)), []);
  assert.deepEqual([seen.failed, seen.errors, seen.violations], [[], [], []]);
  const directives = Object.fromEntries(
    seen.csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]),
  );
  assert.deepEqual(directives["default-src"], ["'self'"]);
  assert.deepEqual(directives["connect-src"], ["'self'"]);
  assert.deepEqual(directives["object-src"], ["'none'"]);
  const scripts = directives["script-src"];
  assert.deepEqual(scripts.slice(0, 2), ["'self'", "'wasm-unsafe-eval'"]);
  assert.ok(scripts.slice(2).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)), scripts.join(" "));

  // An inline script the build did not hash is refused.
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForSelector(TABLE, { timeout: DRAWN });
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.ranInline = true";
    document.body.append(script);
    await new Promise((done) => setTimeout(done, 100));
    return window.ranInline === true;
  });
  assert.equal(ran, false);
  await page.close();
});
