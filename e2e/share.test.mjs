// Sharing: the copied link and embed code, the framed page's messages to its parent, downloads.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { DRAWN, PARTS_MISSING, TABLE, appUrl, count, openPage, readIndexTable, useBrowser } from "./harness.mjs";

const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

const session = useBrowser();
const { withPage } = session;
let parent;
before(async () => {
  parent = await serveParent();
});
after(async () => {
  await parent?.close();
});

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
    /^<iframe class="sampler-viz" src="[^"]+" title="With DistributedSampler · Without a sampler: 17 samples on 4 GPUs, seed 5, epoch 3 \(sampler-viz\)" width="100%" height="\d+" loading="lazy"><\/iframe>$/,
  );
  const src = code.match(/src="([^"]+)"/)[1].replaceAll("&amp;", "&");
  assert.equal(new URL(src).searchParams.get("embed"), "1");
  assert.equal(new URL(src).origin, new URL(session.server.url).origin);
  assert.equal(new URL(link).searchParams.get("embed"), null);
  for (const [url, chrome] of [[link, 1], [src, 0]]) {
    const { page, errors } = await openPage(session.browser, url);
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    assert.deepEqual(await readIndexTable(page, "index-table"), original, url);
    assert.equal(await count(page, ".masthead"), chrome, `${url}: masthead`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the link and embed code follow the language, the scenario and the walk-through", async () => {
  await withPage({ n: 10 }, async (page) => {
    const link = async () => new URL(await page.inputValue("[data-testid=share-link]")).searchParams;
    const pitfallNote = /this code embeds that pitfall alone/;
    assert.doesNotMatch(await page.textContent(".share"), pitfallNote);
    await page.click("[data-testid=scenario-resume]");
    assert.equal((await link()).get("scenario"), "resume");
    assert.match(await page.textContent(".share"), pitfallNote);
    await page.click("[data-testid=guide-start]");
    assert.equal((await link()).get("guide"), "1");
    await page.click("[data-testid=lang-zh]");
    // The Chinese texts load on the first press.
    await page.waitForFunction(() => document.documentElement.lang === "zh-Hans");
    assert.equal((await link()).get("lang"), "zh");
    assert.match(await page.inputValue("[data-testid=embed-code]"), /src="[^"]*scenario=resume[^"]*embed=1"/);
    assert.doesNotMatch(await page.inputValue("[data-testid=embed-code]"), /[?&;]n=10/, "a pitfall's embed uses its own example");
    assert.match(await page.inputValue("[data-testid=embed-code]"), /title="[^"]+：出错与修正并排（sampler-viz）"/);
    await page.click("[data-testid=scenario-close]");
    assert.equal((await link()).get("scenario"), null);
    assert.doesNotMatch(await page.textContent(".share"), /this code embeds that pitfall alone|这段代码只嵌入/);
    assert.match(await page.inputValue("[data-testid=embed-code]"), /title="使用 DistributedSampler · 不使用采样器：10 个样本/);
  });
});

test("framed on another origin, the page posts its height to the parent", async () => {
  const src = appUrl(session.server.url, { embed: 1, n: 8 });
  const { page, errors } = await openPage(session.browser, parent.url(src));
  try {
    const frame = await embeddedFrame(page);
    await page.waitForFunction(() => messages.some((m) => m.data?.type === "sampler-viz:height"));
    const [first] = await heightMessages(page);
    assert.equal(first.origin, new URL(session.server.url).origin);
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

test("asked with sampler-viz:get-height, the frame answers at once, to the origin that asked", async () => {
  const src = appUrl(session.server.url, { embed: 1, n: 8 });
  const { page, errors } = await openPage(session.browser, parent.url(src));
  try {
    const frame = await embeddedFrame(page);
    // A listener added late has missed the posts: it asks, and only the answer arrives.
    await page.waitForFunction(() => messages.some((m) => m.data?.type === "sampler-viz:height"));
    await page.evaluate(() => {
      messages.length = 0;
      document.getElementById("frame").contentWindow.postMessage({ type: "sampler-viz:get-height" }, "*");
    });
    await page.waitForFunction(() => messages.some((m) => m.data?.type === "sampler-viz:height"));
    const [answer] = await heightMessages(page);
    const own = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    assert.equal(answer.data.height, own);
    assert.equal(answer.origin, new URL(session.server.url).origin);
    // A window other than the parent is not answered (here the frame asks itself).
    await page.evaluate(() => { messages.length = 0; });
    await frame.evaluate(() => window.postMessage({ type: "sampler-viz:get-height" }, "*"));
    await page.waitForTimeout(300);
    assert.deepEqual(await heightMessages(page), []);
    // Any other message is not answered.
    await page.evaluate(() => {
      messages.length = 0;
      document.getElementById("frame").contentWindow.postMessage({ type: "sampler-viz:something" }, "*");
      document.getElementById("frame").contentWindow.postMessage("sampler-viz:get-height", "*");
    });
    await page.waitForTimeout(300);
    assert.deepEqual(await heightMessages(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("embedded off screen, playback waits until the frame is scrolled into view", async () => {
  const src = appUrl(session.server.url, { embed: 1, n: 8 });
  const { page, errors } = await openPage(session.browser, parent.url(src, 3000));
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
    assert.equal(csv.name, "sampler-viz_distributed_n23_w3_seed7_epoch1.csv");
    const { ranks, batches } = parseCsv(csv.text);
    assert.deepEqual(ranks, indices);
    assert.deepEqual(batches, indices.map((r) => r.map((_, j) => Math.floor(j / 4))));

    const json = await download(page, "download-json");
    assert.equal(json.name, "sampler-viz_distributed_n23_w3_seed7_epoch1.json");
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
      options: {},
    });
    assert.deepEqual(data.no_sampler.orders, noSampler.map((row) => row.indices));
    assert.equal(data.no_sampler.manual_seed, 3);
    assert.match(await page.textContent(".downloads [role=status]"), /Saved sampler-viz_distributed_n23_w3_seed7_epoch1\.json/);
  });
});

test("a download whose part is missing says so, in both languages; nothing is saved", async () => {
  // The story's part writes the files: a host missing it leaves the buttons saying why.
  for (const [lang, said] of [
    ["en", /^sampler-viz_distributed_n10_w2_seed0_epoch0\.csv could not be written: the part of the page that writes it could not be loaded\.$/],
    ["zh", /^无法生成 sampler-viz_distributed_n10_w2_seed0_epoch0\.csv：负责生成它的页面部分无法加载。$/],
  ]) {
    const url = appUrl(session.server.url, { n: 10, num_replicas: 2, lang });
    const { page } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
    try {
      await page.waitForSelector(TABLE, { timeout: DRAWN });
      const downloads = [];
      page.on("download", (d) => downloads.push(d));
      await page.click("[data-testid=download-csv]");
      const status = page.locator(".downloads [role=status]");
      // "Writing …" while the part is tried, then what became of it.
      await page.waitForFunction(() => /could not|无法生成/.test(document.querySelector(".downloads [role=status]")?.textContent ?? ""), null, { timeout: DRAWN });
      assert.match((await status.textContent()).trim(), said);
      assert.deepEqual(downloads, []);
    } finally {
      await page.close();
    }
  }
});
