// Golden configurations loaded from the URL: PyTorch's indices on every rank and every epoch.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  pageQuery,
  readIndexTable,
  settledTable,
  settledTimeline,
  shown,
  text,
  useBrowser,
} from "./harness.mjs";
import { pytorchLoaderRanks, pytorchRanks, tableRows } from "./golden-ranks.mjs";

const session = useBrowser();
const { withPage } = session;

/** `50000` → `"50,000"`, as the page prints counts. */
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The URL parameters of one golden DistributedSampler configuration, `set_epoch` called. */
function samplerParams({ n, w, seed = "0", epoch = "0", shuffle = true, drop_last = false }) {
  return {
    n,
    num_replicas: w,
    rank: 0,
    shuffle: shuffle ? 1 : 0,
    seed,
    drop_last: drop_last ? 1 : 0,
    epoch,
    set_epoch: 1,
  };
}

const GOLDEN = [
  { n: 10, w: 3, seed: "42", epoch: "3", drop_last: false },
  { n: 10, w: 3, seed: "42", epoch: "3", drop_last: true },
  { n: 17, w: 4, seed: "0", epoch: "2" },
  { n: 17, w: 4, seed: "0", epoch: "0", drop_last: true },
  { n: 5, w: 8, seed: "0", epoch: "1" }, // padding repeats the whole list, then some
  { n: 100, w: 8, shuffle: false },
  { n: 100, w: 3, seed: "42", epoch: "3", drop_last: true },
  { n: 7, w: 2, seed: "0", epoch: "1" },
];

for (const config of GOLDEN) {
  test(`the URL ${JSON.stringify(config)} shows PyTorch's indices on every rank`, async () => {
    const expected = await pytorchRanks(config);
    await withPage(samplerParams(config), async (page) => {
      assert.deepEqual(
        await settledTable(page, "index-table", tableRows(expected)),
        tableRows(expected),
      );
      assert.equal(await text(page, "len-sampler"), thousands(expected[0].len));
      assert.equal(await text(page, "len-dataset"), thousands(config.n));
      assert.equal(await page.$("[data-testid=index-table-note]"), null, "nothing is cut");
    });
  });
}

test("CIFAR-10 (50,000 on 2 GPUs, seed 0, epoch 1) from the URL: PyTorch's first 2,000 per rank, cut with a note", async () => {
  const config = { n: 50000, w: 2, seed: "0", epoch: "1" };
  const heads = await pytorchRanks(config);
  const expected = await pytorchLoaderRanks(config);
  // The two golden files agree with each other on what the sampler yields.
  assert.deepEqual(
    expected.map((r) => r.indices.slice(0, 16)),
    heads.map((r) => r.head),
  );
  await withPage(samplerParams(config), async (page) => {
    const rows = await settledTable(page, "index-table", expected);
    assert.deepEqual(
      rows.map((r) => r.indices.slice(0, 16)),
      heads.map((r) => r.head),
      "each rank starts with PyTorch's head",
    );
    assert.deepEqual(rows, expected, "each rank's first 2,000 are PyTorch's");
    assert.equal(await text(page, "len-sampler"), "25,000");
    assert.equal(
      await text(page, "index-table-note"),
      "Showing the first 2,000 of 25,000 indices of each rank.",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// set_epoch, and the epoch timeline

/** `data-repeats` of each timeline epoch 0..3, the history's (null when it repeats nothing). */
async function timelineRepeats(page) {
  await settledTimeline(page);
  return page.$$eval("[data-testid=timeline] li[data-epoch]", (items) =>
    items
      .filter((li) => Number(li.dataset.epoch) < 4)
      .map((li) => [Number(li.dataset.epoch), li.getAttribute("data-repeats")]),
  );
}

test("without set_epoch every epoch repeats epoch 0: the timeline says so, a banner warns, and next epoch changes nothing", async () => {
  const config = { n: 17, w: 4, seed: "0", epoch: "0" };
  const epoch0 = tableRows(await pytorchRanks(config));
  await withPage({ ...samplerParams(config), set_epoch: 0 }, async (page) => {
    assert.deepEqual(await settledTable(page, "index-table", epoch0), epoch0);
    assert.deepEqual(await timelineRepeats(page), [
      [0, null],
      [1, "0"],
      [2, "0"],
      [3, "0"],
    ]);
    assert.ok(await shown(page, "repeat-banner"), "the repeat banner is shown");
    for (const epoch of ["1", "2"]) {
      await page.click("[data-testid=next-epoch]");
      await page.waitForFunction((e) => new URL(location.href).searchParams.get("epoch") === e, epoch);
      assert.deepEqual(await readIndexTable(page, "index-table"), epoch0, `epoch ${epoch} = epoch 0`);
      assert.ok(await shown(page, "repeat-banner"));
    }
  });
});

test("with set_epoch each epoch has its own order, PyTorch's, and next epoch moves to it", async () => {
  const config = { n: 17, w: 4, seed: "0" };
  const epoch0 = tableRows(await pytorchRanks({ ...config, epoch: "0" }));
  const epoch1 = tableRows(await pytorchRanks({ ...config, epoch: "1" }));
  const epoch2 = tableRows(await pytorchRanks({ ...config, epoch: "2" }));
  assert.notDeepEqual(epoch0, epoch1);
  await withPage(samplerParams({ ...config, epoch: "0" }), async (page) => {
    assert.deepEqual(await settledTable(page, "index-table", epoch0), epoch0);
    assert.deepEqual(await timelineRepeats(page), [0, 1, 2, 3].map((e) => [e, null]));
    assert.equal(await page.$("[data-testid=repeat-banner]"), null, "no repeat banner");
    await page.click("[data-testid=next-epoch]");
    assert.deepEqual(await settledTable(page, "index-table", epoch1), epoch1);
    assert.equal(pageQuery(page).get("epoch"), "1");
    await page.click("[data-testid=next-epoch]");
    assert.deepEqual(await settledTable(page, "index-table", epoch2), epoch2);
    assert.equal(pageQuery(page).get("epoch"), "2");
  });
});

test("with shuffle=False every epoch walks 0, 1, 2, …: the timeline repeats and the banner shows", async () => {
  await withPage({ n: 10, num_replicas: 2, shuffle: 0 }, async (page) => {
    assert.deepEqual(await timelineRepeats(page), [
      [0, null],
      [1, "0"],
      [2, "0"],
      [3, "0"],
    ]);
    assert.ok(await shown(page, "repeat-banner"));
  });
});
