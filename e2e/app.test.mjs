// The built page in headless Chromium: it draws exactly PyTorch's indices, with no errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage, readIndexTable, useBrowser } from "./harness.mjs";
import { pytorchRanks, tableRows } from "./golden-ranks.mjs";

const session = useBrowser();

test("the default page shows the toy example's ranks as PyTorch computes them", async () => {
  const { page, errors } = await openPage(session.browser, session.server.url);
  await page.waitForSelector("[data-testid=index-table] tr[data-rank]");
  const expected = tableRows(await pytorchRanks({ n: 8, w: 2 }));
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
