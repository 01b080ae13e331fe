// The section without a sampler: each rank's order from torch.manual_seed, and what it costs.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DRAWN,
  goldenCases,
  pageQuery,
  readIndexTable,
  settledTable,
  text,
  useBrowser,
} from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

/** Each epoch of `torch.manual_seed(s); DataLoader(Idx(n), batch_size, shuffle=True)`. */
async function pytorchNoSampler({ n, manual_seed, batch_size }) {
  const cases = (await goldenCases("dataloader")).filter(
    (c) =>
      c.case === "dataloader_no_sampler" && c.n === n && c.manual_seed === manual_seed &&
      c.batch_size === batch_size && c.shuffle && !c.loader_drop_last,
  );
  assert.equal(cases.length, 1, `one golden no-sampler case for n=${n}, seed ${manual_seed}`);
  return cases[0].batches_per_epoch.map((batches) => batches.flat());
}

for (const { n, manual_seed, batch_size, num_replicas } of [
  { n: 8, manual_seed: "0", batch_size: 4, num_replicas: 2 },
  { n: 100, manual_seed: "7", batch_size: 32, num_replicas: 3 },
]) {
  test(`without a sampler, n=${n} manual_seed(${manual_seed}): every rank walks PyTorch's order, epochs 0-2`, async () => {
    const epochs = await pytorchNoSampler({ n, manual_seed, batch_size });
    assert.equal(epochs.length, 3);
    for (const [epoch, order] of epochs.entries()) {
      const params = { n, num_replicas, manual_seed, seeding: "alike", batch_size, epoch };
      await withPage(params, async (page) => {
        const expected = Array.from({ length: num_replicas }, (_, rank) => ({ rank, indices: order }));
        assert.deepEqual(
          await settledTable(page, "no-sampler-table", expected),
          expected,
          `epoch ${epoch}`,
        );
      });
    }
  });
}

test("the no-sampler side starts from PyTorch's 2, 0, 5, 3, 1, 4, 7, 6 for 8 samples and seed 0", async () => {
  await withPage({ n: 8, manual_seed: 0, seeding: "alike", batch_size: 4, epoch: 0 }, async (page) => {
    const rows = await readIndexTable(page, "no-sampler-table");
    assert.deepEqual(rows[0].indices, [2, 0, 5, 3, 1, 4, 7, 6]);
  });
});

test("the cost: 10 samples on 4 GPUs are seen 12 times with the sampler, 40 times without", async () => {
  await withPage({ n: 10, num_replicas: 4 }, async (page) => {
    assert.equal(await text(page, "visits"), "8 samples once, 2 samples twice (12 times a sample is processed)");
    assert.equal(await text(page, "no-sampler-visits"), "10 samples 4 times (40 times a sample is processed)");
  });
});

test("the cost of the toy example: each sample once with the sampler, twice without", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    assert.equal(await text(page, "visits"), "8 samples once (8 times a sample is processed)");
    assert.equal(await text(page, "no-sampler-visits"), "8 samples twice (16 times a sample is processed)");
  });
});

test("unseeded processes walk the whole dataset in different orders", async () => {
  await withPage({ n: 10, num_replicas: 4, seeding: "unseeded" }, async (page) => {
    await page.waitForSelector("[data-testid=no-sampler-table] tr[data-rank]", { timeout: DRAWN });
    const rows = await readIndexTable(page, "no-sampler-table");
    assert.equal(rows.length, 4);
    const whole = Array.from({ length: 10 }, (_, i) => i);
    for (const { rank, indices } of rows) {
      assert.deepEqual([...indices].sort((a, b) => a - b), whole, `rank ${rank} sees every sample once`);
    }
    const distinct = new Set(rows.map((r) => r.indices.join(",")));
    assert.equal(distinct.size, 4, "no two ranks share an order");
  });
});

test("seeded alike, every rank gets the same order; switching the select to unseeded splits them", async () => {
  await withPage({ n: 10, num_replicas: 4, seeding: "alike" }, async (page) => {
    const alike = await readIndexTable(page, "no-sampler-table");
    assert.equal(new Set(alike.map((r) => r.indices.join(","))).size, 1);
    await page.selectOption("[data-testid=control-seeding]", "unseeded");
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll("[data-testid=no-sampler-table] tr[data-rank] td")];
      return new Set(rows.map((td) => td.textContent)).size > 1;
    }, null, { timeout: 5000 });
    assert.equal(pageQuery(page).get("seeding"), "unseeded");
  });
});

test("n=0 without a sampler: PyTorch's RandomSampler refuses, and the page says so", async () => {
  await withPage({ n: 0, num_replicas: 2, shuffle: 1 }, async (page) => {
    await page.waitForSelector("[data-testid=no-sampler-error]", { timeout: 5000 });
    assert.match(
      await text(page, "no-sampler-error"),
      /num_samples should be a positive integer value, but got num_samples=0/,
    );
    assert.equal(await text(page, "len-dataset"), "0");
  });
});
