// The guided walk-through in headless Chromium: step 1 of the story stage by stage, moving the
// picture with it, explaining this configuration's numbers and highlighting the part of the
// picture it explains (the later steps: e2e/story.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { appUrl, openPage, pageQuery, useBrowser } from "./harness.mjs";

const session = useBrowser();

/** The open card's counter, title and text, and what <body data-guide> names. */
async function readGuide(page) {
  return {
    count: await page.textContent("[data-testid=guide-count]"),
    title: await page.textContent("[data-testid=guide-title]"),
    text: await page.textContent("[data-testid=guide-text]"),
    mark: await page.evaluate(() => document.body.dataset.guide ?? null),
    stage: await page.getAttribute(".pipeline-section [data-stage]", "data-stage"),
  };
}

test("the walk-through steps through the five stages with CIFAR-10's numbers", async () => {
  const url = appUrl(session.server.url, { n: 50000, num_replicas: 2, batch_size: 64 });
  const { page, errors } = await openPage(session.browser, url);
  await page.click("[data-testid=guide-start]");
  // The button that opened it is gone: the focus is on Next, and stays there from stop to stop.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === "guide-next");
  let guide = await readGuide(page);
  assert.equal(guide.count, "Step 1 of 8, stage 1 of 5");
  assert.equal(guide.mark, "indices");
  assert.match(guide.text, /positions 0 to 49,999, 50,000 in all/);
  assert.equal(pageQuery(page).get("guide"), "1");
  assert.equal(pageQuery(page).get("stage"), "1");
  const expected = [
    ["shuffle", /seed \+ epoch = 0/],
    ["pad", /50,000 divides by num_replicas = 2/],
    ["stripe", /len\(sampler\) = 25,000/],
    ["batch", /len\(loader\) = 391 per epoch.*len\(dataset\) = 50,000/],
  ];
  for (const [mark, text] of expected) {
    await page.click("[data-testid=guide-next]");
    guide = await readGuide(page);
    assert.equal(guide.mark, mark);
    assert.match(guide.text, text);
  }
  assert.equal(guide.count, "Step 1 of 8, stage 5 of 5");
  assert.equal(pageQuery(page).get("stage"), "5");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "guide-next");
  // Then the story's later steps, to its last, where Done closes it.
  await page.click("[data-testid=guide-next]");
  assert.equal((await readGuide(page)).count, "Step 2 of 8");
  await page.click("[data-testid=guide-dot-8]");
  assert.equal((await readGuide(page)).count, "Step 8 of 8");
  await page.click("[data-testid=guide-done]");
  assert.equal(await page.locator("[data-testid=guide-card]").count(), 0);
  assert.equal(await page.evaluate(() => document.body.dataset.guide ?? null), null);
  assert.equal(pageQuery(page).get("guide"), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link opens the walk-through at a stage, and it highlights the padding there", async () => {
  const url = appUrl(session.server.url, { n: 21, num_replicas: 2, guide: 1, stage: 3 });
  const { page, errors } = await openPage(session.browser, url);
  const guide = await readGuide(page);
  assert.equal(guide.count, "Step 1 of 8, stage 3 of 5");
  assert.equal(guide.stage, "3");
  assert.match(guide.text, /up to total_size = 22: padding_size = 1/);
  // The chips are the story's part's: wait for them.
  await page.waitForSelector(".pchip.padding");
  const shadow = await page.$eval(".pchip.padding", (chip) => getComputedStyle(chip).boxShadow);
  assert.notEqual(shadow, "none", "the padding copy is highlighted");
  const plain = await page.$eval(".pchip:not(.padding)", (chip) => getComputedStyle(chip).boxShadow);
  assert.equal(plain, "none", "other chips are not");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the step follows playback, the dots and the keys", async () => {
  const { page, errors } = await openPage(session.browser, appUrl(session.server.url, { guide: 1, stage: 1 }));
  await page.click("[data-testid=step-forward]");
  assert.equal((await readGuide(page)).count, "Step 1 of 8, stage 2 of 5");
  await page.click("[data-testid=guide-stage-4]");
  assert.equal((await readGuide(page)).mark, "stripe");
  assert.equal(await page.getAttribute("[data-testid=guide-stage-4]", "aria-current"), "step");
  assert.equal(await page.getAttribute("[data-testid=guide-dot-1]", "aria-current"), "step");
  await page.click("[data-testid=guide-back]");
  assert.equal((await readGuide(page)).count, "Step 1 of 8, stage 3 of 5");
  // Back onto the first stop, from the keyboard: Back is disabled there, and the focus goes on
  // to Next rather than to the page.
  await page.click("[data-testid=guide-stage-2]");
  await page.focus("[data-testid=guide-back]");
  await page.keyboard.press("Enter");
  assert.equal((await readGuide(page)).count, "Step 1 of 8, stage 1 of 5");
  await page.waitForFunction(() => document.activeElement?.dataset.testid === "guide-next");
  await page.click("[data-testid=guide-stage-3]");
  // A stage dot pressed from the keyboard keeps the focus as the stage moves.
  await page.focus("[data-testid=guide-stage-4]");
  await page.keyboard.press("Enter");
  assert.equal((await readGuide(page)).count, "Step 1 of 8, stage 4 of 5");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "guide-stage-4");
  await page.keyboard.press("Home");
  assert.equal((await readGuide(page)).count, "Step 1 of 8, stage 1 of 5");
  assert.equal(await page.isDisabled("[data-testid=guide-back]"), true);
  await page.click("[data-testid=guide-close]");
  assert.equal(await page.locator("[data-testid=guide-start]").count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the walk-through speaks Chinese with lang=zh, with the same numbers", async () => {
  const url = appUrl(session.server.url, { n: 21, num_replicas: 2, guide: 1, stage: 3, lang: "zh" });
  const { page, errors } = await openPage(session.browser, url);
  const guide = await readGuide(page);
  assert.equal(guide.count, "第 1 步（共 8 步），第 3 阶段（共 5 个）");
  assert.equal(guide.title, "让列表能被均分");
  assert.match(guide.text, /total_size = 22：padding_size = 1/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a phone the open walk-through stays in reach as each step scrolls into view, and fits the screen", async () => {
  const { page, errors } = await openPage(session.browser, appUrl(session.server.url, { guide: 1 }), { width: 390, height: 844 });
  await page.waitForSelector("[data-testid=guide-card]");
  for (let k = 0; k < 7; k++) {
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, `stop ${k}: no sideways scrolling`);
    await page.click("[data-testid=guide-next]");
    await page.waitForTimeout(400);
    const next = await page.locator("[data-testid=guide-next], [data-testid=guide-done]").first().boundingBox();
    assert.ok(next && next.y >= 0 && next.y + next.height <= 844, `stop ${k + 1}: Next on screen (${JSON.stringify(next)})`);
  }
  // At a later step the stuck card stays small and does not repeat the step's sentence, so
  // that the step's heading, sentence and the top of its figure show under it.
  await page.click("[data-testid=guide-back]");
  const step = await page.evaluate(() => document.body.dataset.guideStep);
  assert.equal(step, "set-epoch");
  await page.waitForFunction(() => {
    const card = document.querySelector("[data-testid=guide-card]").getBoundingClientRect();
    const heading = document.querySelector("#set-epoch h2").getBoundingClientRect();
    return heading.top >= card.bottom - 1 && heading.bottom < 844 * 0.4;
  });
  const card = await page.locator("[data-testid=guide-card]").boundingBox();
  assert.ok(card.height < 844 * 0.2, `the card at a later step is ${card.height}px high`);
  assert.equal(await page.isVisible("[data-testid=guide-text]"), false, "the sentence is the step's own, below");
  assert.equal(await page.isVisible("#set-epoch [data-testid=step-sentence]"), true);
  assert.deepEqual(errors, []);
  await page.close();
});
