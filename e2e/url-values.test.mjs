// Values in the URL: a flag in any accepted spelling ticks the box it computes with, a bad one
// is refused beside its control while the box shows what the picture uses, and a URL with one
// bad value draws the picture of its good ones at any size. `guide=` reads the same way.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  goldenCases,
  pageQuery,
  readIndexTable,
  settledText,
  text,
  useBrowser,
  visible,
} from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

/** Waits until the checkbox `[data-testid=<testid>]` is (un)ticked; returns whether it is. */
async function settledCheck(page, testid, checked, timeout = 5000) {
  const selector = `[data-testid=${testid}]`;
  await page
    .waitForFunction(({ selector, checked }) => document.querySelector(selector)?.checked === checked,
      { selector, checked }, { timeout })
    .catch(() => {});
  return page.isChecked(selector);
}

/** Waits until the URL's `name` reads `value`; returns what it reads. */
async function settledParam(page, name, value, timeout = 5000) {
  await page
    .waitForFunction(({ name, value }) => new URL(location.href).searchParams.get(name) === value,
      { name, value }, { timeout })
    .catch(() => {});
  return pageQuery(page).get(name);
}

test("?drop_last=true computes with drop_last=True, ticks its box, and one click unticks it", async () => {
  await withPage({ n: 10, num_replicas: 3, drop_last: "true" }, async (page) => {
    assert.match(await text(page, "call"), /drop_last=True/);
    assert.equal(await text(page, "len-total"), "9", "10 samples trimmed to 3 × 3");
    assert.ok(await page.isChecked("[data-testid=control-drop_last]"), "the box shows drop_last=True");
    assert.equal(await text(page, "error-drop_last"), "");

    await page.click("[data-testid=control-drop_last]");
    assert.equal(await settledCheck(page, "control-drop_last", false), false, "one click unticks it");
    assert.equal(await settledText(page, "len-total", "12"), "12", "10 samples padded to 3 × 4");
    assert.match(await text(page, "call"), /drop_last=False/);
    assert.equal(await settledParam(page, "drop_last", "0"), "0");
  });
});

test("?loader_drop_last=True ticks the DataLoader's box, and one click unticks it", async () => {
  // 4 samples per GPU in batches of 3: one batch with drop_last, two without.
  const query = { n: 10, num_replicas: 3, batch_size: 3, loader_drop_last: "True" };
  await withPage(query, async (page) => {
    assert.equal(await text(page, "len-loader"), "1");
    assert.ok(await page.isChecked("[data-testid=control-loader_drop_last]"));

    await page.click("[data-testid=control-loader_drop_last]");
    assert.equal(await settledCheck(page, "control-loader_drop_last", false), false);
    assert.equal(await settledText(page, "len-loader", "2"), "2");
    assert.equal(await settledParam(page, "loader_drop_last", "0"), "0");
  });
});

test("?shuffle=yes: the rule and its spellings beside shuffle, whose box shows the True the picture uses", async () => {
  await withPage({ n: 10, shuffle: "yes" }, async (page) => {
    const message = await text(page, "error-shuffle");
    assert.match(message, /shuffle is a flag, 0 or 1 \(also false or true, False or True\); got "yes"/);
    assert.match(await text(page, "call"), /shuffle=True/, "the picture keeps shuffle's default");
    assert.equal(await text(page, "len-dataset"), "10", "and the URL's good values");
    assert.ok(await page.isChecked("[data-testid=control-shuffle]"), "the box shows shuffle=True");
    assert.equal(pageQuery(page).get("shuffle"), "yes", "the URL is left as given");

    await page.click("[data-testid=control-shuffle]");
    assert.equal(await settledCheck(page, "control-shuffle", false), false, "one click unticks it");
    assert.equal(await settledText(page, "error-shuffle", ""), "", "the error is gone");
    assert.match(await text(page, "call"), /shuffle=False/);
    assert.equal(await settledParam(page, "shuffle", "0"), "0");
  });
});

test("?shuffle=no on the Chinese page: the rule in Chinese, with the spellings", async () => {
  await withPage({ shuffle: "no", lang: "zh" }, async (page) => {
    const message = await text(page, "error-shuffle");
    assert.match(message, /shuffle 是开关/);
    for (const spelling of ["0", "1", "false", "true", "False", "True"]) {
      assert.ok(message.includes(spelling), `${spelling} in ${message}`);
    }
  });
});

test("?n=50000&seed=abc draws 50,000 samples (seed's default) with the error beside seed", async () => {
  const golden = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 50000 && c.num_replicas === 2 && c.seed === "0" && c.epoch === "0" &&
      c.shuffle && !c.drop_last,
  );
  assert.equal(golden.length, 2);
  await withPage({ n: 50000, seed: "abc" }, async (page) => {
    assert.equal(await settledText(page, "len-dataset", "50,000"), "50,000");
    assert.equal(await text(page, "len-sampler"), "25,000");
    assert.match(await text(page, "error-seed"), /"abc"/);
    assert.equal(await page.inputValue("[data-testid=control-n]"), "50000");
    assert.equal(await page.inputValue("[data-testid=control-seed]"), "abc", "typed text stays");
    const rows = await readIndexTable(page, "index-table");
    for (const c of golden) {
      const head = c.head ?? c.indices.slice(0, 16);
      assert.deepEqual(rows[c.rank].indices.slice(0, head.length), head, `rank ${c.rank}`);
    }
  });
});

test("?n=1281167&num_replicas=8&drop_last=yes draws ImageNet-1k in slices despite the bad flag", async () => {
  const golden = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 1281167 && c.num_replicas === 8 && c.seed === "0" && c.epoch === "0",
  );
  assert.ok(golden.some((c) => c.rank === 0), "golden head of rank 0");
  await withPage({ n: 1281167, num_replicas: 8, drop_last: "yes" }, async (page) => {
    assert.equal(await settledText(page, "len-sampler", "160,146", 10_000), "160,146");
    assert.equal(await text(page, "len-dataset"), "1,281,167");
    assert.match(await text(page, "error-drop_last"), /drop_last is a flag/, "the error stays");
    assert.equal(await page.isChecked("[data-testid=control-drop_last]"), false, "drop_last=False drawn");
    const rows = await readIndexTable(page, "index-table");
    for (const c of golden) {
      assert.deepEqual(rows[c.rank].indices.slice(0, c.head.length), c.head, `rank ${c.rank} head`);
    }
  });
});

test("guide= is read by the same parser: True opens the walk-through, yes does not", async () => {
  await withPage({ guide: "True", stage: 2 }, async (page) => {
    assert.ok(await visible(page, "guide-card"), "guide=True opens it");
    assert.equal(await text(page, "guide-count"), "Step 1 of 8, stage 2 of 5");
  });
  await withPage({ guide: "yes" }, async (page) => {
    assert.equal(await visible(page, "guide-card"), false, "guide=yes leaves it closed");
    assert.ok(await visible(page, "guide-start"));
  });
});

test("beside a bad value, a click on another control still redraws, and what the core refuses is said", async () => {
  await withPage({ n: 10, num_replicas: 3, shuffle: "yes" }, async (page) => {
    assert.match(await text(page, "error-shuffle"), /shuffle/);
    await page.click("[data-testid=control-drop_last]");
    assert.equal(await settledText(page, "len-total", "9"), "9", "drop_last=True is drawn");
    assert.match(await text(page, "call"), /drop_last=True/);
    assert.match(await text(page, "error-shuffle"), /shuffle/, "the bad value is still said");
  });
  // rank 5 of 3 is PyTorch's refusal: the rest of the URL is drawn, and the refusal is said.
  await withPage({ n: 10, num_replicas: 3, rank: 5, seed: "abc", drop_last: "true" }, async (page) => {
    assert.equal(await settledText(page, "len-total", "9"), "9");
    assert.match(await text(page, "call"), /num_replicas=3, rank=0, .*drop_last=True/);
    assert.match(await text(page, "error-rank"), /Invalid rank 5, rank should be in the interval \[0, 2\]/);
    assert.match(await text(page, "error-seed"), /abc/);
  });
});

test("a combination PyTorch refuses puts back the value that breaks it, says so beside both, and keeps it in the URL", async () => {
  await withPage({ n: 10, num_replicas: 4, rank: 3 }, async (page) => {
    await page.fill("[data-testid=control-num_replicas]", "2");
    const rule = /Invalid rank 3, rank should be in the interval \[0, 1\]/;
    await page.waitForFunction(() => document.querySelector("[data-testid=error-rank]")?.textContent.trim());
    assert.match(await text(page, "error-rank"), rule);
    assert.match(await text(page, "error-num_replicas"), rule, "beside the control that went back");
    assert.match(await text(page, "call"), /num_replicas=4, rank=3/);
    // Another edit is still drawn, and the URL keeps what the controls ask for.
    await page.click("[data-testid=control-drop_last]");
    assert.equal(await settledText(page, "len-total", "8"), "8", "drop_last=True drawn on 4 GPUs");
    assert.match(await text(page, "call"), /drop_last=True/);
    assert.equal(await settledParam(page, "num_replicas", "2"), "2");
    assert.equal(pageQuery(page).get("drop_last"), "1");
  });
});
