// The pipeline and its playback (stage= in the URL): step, scrub, play, and the canvas for large n.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DRAWN,
  PARTS_MISSING,
  appUrl,
  clickPreset,
  openPage,
  pageQuery,
  readIndexTable,
  useBrowser,
} from "./harness.mjs";
import { pytorchRanks, tableRows } from "./golden-ranks.mjs";

const session = useBrowser();
const { withPage } = session;

/** The stage the URL says is shown. */
const urlStage = (page) => pageQuery(page).get("stage");

/** Waits until the URL shows stage `k`; returns the stage it shows. */
async function settledStage(page, k, timeout = 5000) {
  await page
    .waitForFunction((k) => new URL(location.href).searchParams.get("stage") === k, String(k), { timeout })
    .catch(() => {});
  return urlStage(page);
}

test("small datasets get the animated pipeline, large ones the canvas", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    assert.ok(await page.$("[data-testid=pipeline]"), "pipeline for 8 samples");
    assert.equal(await page.$("[data-testid=canvas-view]"), null);
    await clickPreset(page, "CIFAR-10");
    await page.waitForSelector("[data-testid=canvas-view]", { state: "attached", timeout: DRAWN });
    assert.equal(await page.$("[data-testid=pipeline]"), null, "no chip per sample at 50,000");
  });
});

test("step back and forward move one stage, stop at the ends, and never change the indices", async () => {
  const expected = tableRows(await pytorchRanks({ n: 8, w: 2 }));
  await withPage({ n: 8, num_replicas: 2, stage: 5 }, async (page) => {
    assert.equal(await page.inputValue("[data-testid=scrubber]"), "5");
    await page.click("[data-testid=step-forward]", { force: true });
    assert.equal(urlStage(page), "5", "no stage after the last");
    for (const k of [4, 3, 2, 1]) {
      await page.click("[data-testid=step-back]");
      assert.equal(await settledStage(page, k), String(k));
      assert.equal(await page.inputValue("[data-testid=scrubber]"), String(k));
      assert.deepEqual(await readIndexTable(page, "index-table"), expected);
    }
    await page.click("[data-testid=step-back]", { force: true });
    assert.equal(urlStage(page), "1", "no stage before the first");
    await page.click("[data-testid=step-forward]");
    assert.equal(await settledStage(page, 2), "2");
  });
});

test("the scrubber jumps to a stage, from the URL and from the keyboard", async () => {
  await withPage({ n: 8, num_replicas: 2, stage: 2 }, async (page) => {
    assert.equal(await page.inputValue("[data-testid=scrubber]"), "2");
    await page.focus("[data-testid=scrubber]");
    await page.keyboard.press("ArrowRight");
    assert.equal(await settledStage(page, 3), "3");
    await page.keyboard.press("End");
    assert.equal(await settledStage(page, 5), "5");
  });
});

test("play runs the stages through to the last, then stops; the speed select speeds it up", async () => {
  const expected = tableRows(await pytorchRanks({ n: 8, w: 2 }));
  await withPage({ n: 8, num_replicas: 2, stage: 1 }, async (page) => {
    await page.selectOption("[data-testid=speed]", "2");
    const seen = [];
    await page.exposeFunction("__stageSeen", (k) => seen.push(k));
    await page.evaluate(() => {
      const report = () => window.__stageSeen(new URL(location.href).searchParams.get("stage"));
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args) => (replace(...args), report());
    });
    await page.click("[data-testid=play]");
    assert.equal(await page.getAttribute("[data-testid=play]", "aria-pressed"), "true");
    assert.equal(await settledStage(page, 5, 15_000), "5");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=play]")?.getAttribute("aria-pressed") === "false",
      null,
      { timeout: 5000 },
    );
    assert.deepEqual([...new Set(seen)], ["2", "3", "4", "5"], "every stage in turn");
    assert.deepEqual(await readIndexTable(page, "index-table"), expected);
  });
});

/** Each rank's chips in the pipeline, top to bottom and left to right, as numbers. */
function chipRanks(page) {
  return page.$$eval("[data-testid=pipeline] .pchip[data-rank]", (chips) => {
    const at = (chip) => chip.style.transform.match(/-?[\d.]+/g).map(Number);
    const ranks = [];
    for (const chip of chips.sort((a, b) => at(a)[1] - at(b)[1] || at(a)[0] - at(b)[0])) {
      (ranks[Number(chip.dataset.rank)] ??= []).push(Number(chip.textContent));
    }
    return ranks;
  });
}

test("the bar keeps the control a reader is on while it changes: focus, labels and the speed stay", async () => {
  await withPage({ n: 8, num_replicas: 2, stage: 1 }, async (page) => {
    await page.selectOption("[data-testid=speed]", "2");
    await page.focus("[data-testid=play]");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("[data-testid=play]").getAttribute("aria-pressed") === "true");
    // The same button, still focused, now says it pauses.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "play");
    assert.equal(await page.getAttribute("[data-testid=play]", "aria-label"), "Pause");
    assert.equal(await page.inputValue("[data-testid=speed]"), "2");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("[data-testid=play]").getAttribute("aria-pressed") === "false");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "play");
    // The speed, changed from the keyboard, keeps the focus (and the keys stay with it).
    await page.focus("[data-testid=speed]");
    await page.keyboard.press("ArrowUp");
    await page.waitForFunction(() => document.querySelector("[data-testid=speed]").value === "1");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "speed");
    // A stage's label under the scrubber jumps there, and the scrubber says so.
    await page.click(".scrub-labels li >> nth=3");
    assert.equal(await settledStage(page, 4), "4");
    assert.equal(await page.inputValue("[data-testid=scrubber]"), "4");
    assert.equal(await page.getAttribute("[data-testid=scrubber]", "aria-valuetext"), await page.textContent(".scrub-labels li.current"));
  });
});

test("the story's part draws the chips: each rank's are PyTorch's, and a chip keeps its element as it travels", async () => {
  const golden = (await pytorchRanks({ n: 10, w: 3 })).map(({ indices }) => indices);
  await withPage({ n: 10, num_replicas: 3, stage: 3 }, async (page) => {
    const chip = await page.waitForSelector("[data-testid=pipeline] .pchip[data-key=s4]", { timeout: DRAWN });
    const before = await chip.evaluate((c) => c.style.transform);
    assert.match(await page.textContent("[data-testid=pipeline-caption]"), /^3\. indices \+= indices\[:padding_size\]/);
    await page.click("[data-testid=step-forward]");
    assert.equal(await settledStage(page, 4), "4");
    await page.waitForFunction((c) => c.dataset.rank !== undefined, chip);
    assert.ok(await chip.evaluate((c) => c.isConnected), "the same element, moved");
    assert.notEqual(await chip.evaluate((c) => c.style.transform), before);
    assert.deepEqual(await chipRanks(page), golden);
    assert.match(await page.textContent("[data-testid=pipeline-caption]"), /^4\. indices = indices\[self\.rank:self\.total_size:self\.num_replicas\]/);
  });
});

test("where the story's part cannot be loaded, the pipeline says so and the rest of step 1 works", async () => {
  const url = appUrl(session.server.url, { n: 8, num_replicas: 2, stage: 2 });
  const { page, errors } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
  try {
    const missing = page.locator("[data-testid=pipeline-missing]");
    await page.locator("[data-testid=pipeline]").scrollIntoViewIfNeeded();
    await missing.waitFor({ timeout: DRAWN });
    assert.match(await missing.textContent(), /^The pipeline could not be drawn \(.+\)\. The rest of the page works without it\.$/);
    assert.equal(await page.locator("[data-testid=pipeline] .pchip").count(), 0);
    await page.click("[data-testid=step-forward]");
    assert.equal(await settledStage(page, 3), "3");
    assert.equal(await page.getAttribute("[data-testid=pipeline]", "data-stage"), "3");
    assert.ok(errors.every((e) => /parts|404|module/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});
