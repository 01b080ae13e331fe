// The built page in headless Chromium: it draws exactly PyTorch's indices, with no errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases, openPage, readIndexTable, useBrowser } from "./harness.mjs";

const session = useBrowser();

/** What PyTorch gave every rank of `DistributedSampler(ds_of_len_n, num_replicas=w, seed, epoch)`. */
async function pytorchRanks({ n, w, seed = "0", epoch = "0", shuffle = true, drop_last = false }) {
  const cases = (await goldenCases("distributed_sampler")).filter(
    (c) =>
      c.n === n && c.num_replicas === w && c.seed === seed && c.epoch === epoch &&
      c.shuffle === shuffle && c.drop_last === drop_last,
  );
  assert.equal(cases.length, w, "one golden case per rank");
  return cases.sort((a, b) => a.rank - b.rank).map((c) => ({ rank: c.rank, indices: c.indices }));
}

test("the default page shows the toy example's ranks as PyTorch computes them", async () => {
  const { page, errors } = await openPage(session.browser, session.server.url);
  await page.waitForSelector("[data-testid=index-table] tr[data-rank]");
  const expected = await pytorchRanks({ n: 8, w: 2 });
  assert.deepEqual(await readIndexTable(page, "index-table"), expected);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page shows PyTorch's call it is drawing", async () => {
  const { page, errors } = await openPage(session.browser, session.server.url);
  const call = await page.textContent("[data-testid=call]");
  assert.match(call, /num_replicas=2, rank=0, shuffle=True, seed=0, drop_last=False/);
  assert.deepEqual(errors, []);
  await page.close();
});
