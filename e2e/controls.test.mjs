// The controls and presets: each redraws PyTorch's indices and writes the URL, ImageNet-1k too.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickPreset,
  goldenCases,
  pageQuery,
  readIndexTable,
  settledTable,
  settledText,
  settledTimeline,
  text,
  useBrowser,
  shown,
} from "./harness.mjs";
import { TABLE_LIMIT, pytorchLoaderRanks, pytorchRanks, tableRows } from "./golden-ranks.mjs";

const session = useBrowser();
const { withPage } = session;

test("the CIFAR-10 preset: 50,000 samples, 25,000 per GPU, 391 batches, PyTorch's indices", async () => {
  const heads = await pytorchRanks({ n: 50000, w: 2 });
  const expected = await pytorchLoaderRanks({ n: 50000, w: 2 });
  await withPage({}, async (page) => {
    await clickPreset(page, "CIFAR-10");
    assert.equal(await settledText(page, "len-dataset", "50,000"), "50,000");
    assert.equal(await text(page, "len-sampler"), "25,000");
    assert.equal(await text(page, "len-loader"), "391");
    assert.equal(await text(page, "len-total"), "50,000");
    const rows = await settledTable(page, "index-table", expected);
    assert.deepEqual(rows.map((r) => r.indices.slice(0, 16)), heads.map((r) => r.head));
    assert.deepEqual(rows, expected);
    const query = pageQuery(page);
    assert.equal(query.get("n"), "50000");
    assert.equal(query.get("batch_size"), "64");
  });
});

test("unticking shuffle stripes 0, 1, 2, … across ranks and writes shuffle=0 in the URL", async () => {
  const expected = tableRows(await pytorchRanks({ n: 8, w: 2, shuffle: false }));
  assert.deepEqual(expected[0].indices, [0, 2, 4, 6]);
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    assert.ok(await page.isChecked("[data-testid=control-shuffle]"));
    await page.uncheck("[data-testid=control-shuffle]");
    assert.deepEqual(await settledTable(page, "index-table", expected), expected);
    assert.equal(pageQuery(page).get("shuffle"), "0");
    await settledTimeline(page);
    assert.ok(await shown(page, "repeat-banner"), "shuffle=False: every epoch the same");
    await page.check("[data-testid=control-shuffle]");
    const shuffled = tableRows(await pytorchRanks({ n: 8, w: 2 }));
    assert.deepEqual(await settledTable(page, "index-table", shuffled), shuffled);
    assert.equal(pageQuery(page).get("shuffle"), "1");
  });
});

test("typing num_replicas, seed and drop_last redraws PyTorch's ranks and the URL follows", async () => {
  const expected = tableRows(await pytorchRanks({ n: 10, w: 3, seed: "42", epoch: "3", drop_last: true }));
  await withPage({ n: 10, num_replicas: 2, epoch: 3 }, async (page) => {
    await page.fill("[data-testid=control-num_replicas]", "3");
    await page.fill("[data-testid=control-seed]", "42");
    await page.check("[data-testid=control-drop_last]");
    assert.deepEqual(await settledTable(page, "index-table", expected), expected);
    const query = pageQuery(page);
    assert.deepEqual(
      ["num_replicas", "seed", "drop_last", "epoch"].map((k) => query.get(k)),
      ["3", "42", "1", "3"],
    );
    assert.match(
      await text(page, "call"),
      /num_replicas=3, rank=0, shuffle=True, seed=42, drop_last=True/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// ImageNet-1k: a large dataset stays responsive and light

test("the ImageNet-1k preset (1,281,167 on 8 GPUs) draws PyTorch's first indices within 10 s in a light page", async () => {
  // The golden file holds ranks 0 and 7 of ImageNet-1k (their first 16 indices each).
  const golden = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 1281167 && c.num_replicas === 8 && c.seed === "0" && c.epoch === "0",
  );
  assert.ok(golden.some((c) => c.rank === 0), "golden head of rank 0");
  await withPage({}, async (page) => {
    const start = Date.now();
    await clickPreset(page, "ImageNet-1k");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=len-sampler]")?.textContent.trim() === "160,146",
      null,
      { timeout: 10_000 },
    );
    const rows = await readIndexTable(page, "index-table");
    const elapsed = Date.now() - start;
    assert.ok(elapsed < 10_000, `drawn in ${elapsed} ms`);
    assert.equal(rows.length, 8);
    for (const c of golden) {
      assert.deepEqual(rows[c.rank].indices.slice(0, c.head.length), c.head, `rank ${c.rank} head`);
    }
    assert.ok(rows.every((r) => r.indices.length === TABLE_LIMIT), "each row cut at 2,000");
    assert.equal(await text(page, "len-dataset"), "1,281,167");
    assert.equal(
      await text(page, "index-table-note"),
      "Showing the first 2,000 of 160,146 indices of each rank.",
    );
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    assert.ok(elements < 5000, `${elements} DOM elements`);
    // Still answering: a control change redraws promptly.
    const again = Date.now();
    await page.click("[data-testid=next-epoch]");
    await page.waitForFunction(() => new URL(location.href).searchParams.get("epoch") === "1", null, {
      timeout: 10_000,
    });
    assert.ok(Date.now() - again < 10_000);
  });
});
