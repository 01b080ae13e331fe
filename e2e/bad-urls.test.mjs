// Bad URLs: an error next to the control, a picture still drawn, and a way back.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  pageQuery,
  readIndexTable,
  settledTable,
  settledText,
  text,
  useBrowser,
} from "./harness.mjs";
import { pytorchRanks, tableRows } from "./golden-ranks.mjs";

const session = useBrowser();
const { withPage } = session;

/** The default picture: 8 samples on 2 GPUs, seed 0, epoch 0. */
const defaultRanks = () => pytorchRanks({ n: 8, w: 2 }).then(tableRows);

/**
 * Loads `query`, expects `message` (a string to contain, or a RegExp) in `error-<field>` while
 * the picture of the URL's other values is drawn (`drawn`, golden rows; the default picture
 * when the others are the defaults), then types `fix` into `control-<field>` and expects the
 * error gone, the URL to carry it and the table to show `expected` (golden rows).
 */
async function badUrl({ query, field, message, fix, expected, check, drawn }) {
  const fallback = drawn ?? (await defaultRanks());
  await withPage(query, async (page) => {
    const error = `[data-testid=error-${field}]`;
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim(), error, {
      timeout: 5000,
    }).catch(() => {});
    const shown = await text(page, `error-${field}`);
    if (message instanceof RegExp) assert.match(shown, message);
    else assert.ok(shown.includes(message), `error-${field} says ${JSON.stringify(message)}; got ${JSON.stringify(shown)}`);
    assert.equal(await page.getAttribute(error, "role"), "alert");
    assert.deepEqual(await readIndexTable(page, "index-table"), fallback, "the other values are drawn");

    await page.fill(`[data-testid=control-${field}]`, fix);
    await page.waitForFunction((sel) => !document.querySelector(sel)?.textContent.trim(), error, {
      timeout: 5000,
    }).catch(() => {});
    assert.equal(await text(page, `error-${field}`), "", "the error is gone");
    assert.equal(pageQuery(page).get(field), fix, "the URL carries the fixed value");
    assert.deepEqual(await settledTable(page, "index-table", expected), expected);
    await check?.(page);
  });
}

test("?num_replicas=2&rank=2: PyTorch's ValueError next to rank; typing 1 fixes it", async () => {
  await badUrl({
    query: { num_replicas: 2, rank: 2 },
    field: "rank",
    message: "Invalid rank 2, rank should be in the interval [0, 1]",
    fix: "1",
    expected: await defaultRanks(),
    check: async (page) => assert.match(await text(page, "call"), /rank=1,/),
  });
});

test("?num_replicas=0: PyTorch's ValueError next to num_replicas; typing 4 fixes it", async () => {
  await badUrl({
    query: { num_replicas: 0 },
    field: "num_replicas",
    message: "Invalid rank 0, rank should be in the interval [0, -1]",
    fix: "4",
    expected: tableRows(await pytorchRanks({ n: 8, w: 4 })),
  });
});

test("?seed=2^64-1&epoch=1: PyTorch's overflow next to seed; typing 0 fixes it", async () => {
  await badUrl({
    query: { seed: "18446744073709551615", epoch: 1 },
    field: "seed",
    message: "Overflow when unpacking long long",
    // The refused seed keeps the default (0); the epoch the URL asks for is drawn.
    drawn: tableRows(await pytorchRanks({ n: 8, w: 2, epoch: "1" })),
    fix: "0",
    expected: tableRows(await pytorchRanks({ n: 8, w: 2, epoch: "1" })),
  });
});

test("?n=abc: an error next to n; typing 10 fixes it", async () => {
  await badUrl({
    query: { n: "abc" },
    field: "n",
    message: /\S/,
    fix: "10",
    expected: tableRows(await pytorchRanks({ n: 10, w: 2 })),
    check: async (page) => assert.equal(await text(page, "len-dataset"), "10"),
  });
});

test("?n=20000000 (over the page's cap): an error next to n; typing 17 fixes it", async () => {
  await badUrl({
    query: { n: 20000000 },
    field: "n",
    message: /20,?000,?000/,
    fix: "17",
    expected: tableRows(await pytorchRanks({ n: 17, w: 2 })),
  });
});

test("?batch_size=0: PyTorch's ValueError next to batch_size; typing 3 fixes it", async () => {
  await badUrl({
    query: { batch_size: 0 },
    field: "batch_size",
    message: "batch_size should be a positive integer value, but got batch_size=0",
    fix: "3",
    expected: await defaultRanks(),
    check: async (page) => assert.equal(await settledText(page, "len-loader", "2"), "2"),
  });
});
