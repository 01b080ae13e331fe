// The Chinese texts on demand, in headless Chromium: they are a file of their own
// (texts/zh-HASH.txt, named in index.html), loaded before the page is drawn when its URL asks
// for Chinese, or on the first press of 中文; when they cannot be had, the page (or the embed,
// or present mode) is drawn in English and says why, and 中文 tries again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, TABLE, appUrl, openPage, pageQuery, firstText, htmlLang, seriousViolations, useBrowser } from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

const TEXTS = /\/texts\/zh-[0-9a-f]{16}\.txt$/;

/** The server's requests for the texts so far. */
const textsServed = () => session.server.paths.filter((path) => TEXTS.test(path)).length;

/** Opens the page (params) with every request for the texts answered 404; `refused()` counts them. */
async function openWithoutTexts(params) {
  let refused = 0;
  const route = [TEXTS, (r) => (refused++, r.fulfill({ status: 404, body: "not found" }))];
  const { page, errors } = await openPage(session.browser, appUrl(session.server.url, params), undefined, { route });
  return { page, errors, route, refused: () => refused };
}

test("the Chinese texts load only when Chinese is asked for: by the URL, or by the switch once", async () => {
  const before = textsServed();
  await withPage({}, async (page) => {
    assert.equal(textsServed(), before, "an English page does not load them");
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    await page.click("[data-testid=lang-en]");
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    assert.equal(textsServed(), before + 1, "loaded on the first press only");
    assert.equal(await page.locator("[data-testid=lang-missing]").innerText(), "");
  });
  await withPage({ lang: "zh" }, async (page) => {
    assert.equal(await firstText(page, "h1"), "每块 GPU 拿到哪些样本？");
  });
  assert.equal(textsServed(), before + 2, "lang=zh loads them first");
});

/**
 * Opens the page (n=10), presses 中文 and, while its texts are held back, English; then lets
 * the texts' request be answered by `answer(route)` and waits for the load to end. Resolves to
 * { page, errors }; the caller closes the page.
 */
async function englishWhileLoading(answer) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const route = [TEXTS, async (r) => (await held, answer(r))];
  const opened = await openPage(session.browser, appUrl(session.server.url, { n: 10 }), undefined, { route });
  const { page } = opened;
  await page.waitForSelector(TABLE, { timeout: DRAWN });
  await page.click("[data-testid=lang-zh]");
  await page.waitForSelector("[data-testid=lang-zh][aria-busy=true]");
  await page.click("[data-testid=lang-en]");
  release();
  await page.waitForFunction(() => !document.querySelector("[data-testid=lang-zh][aria-busy]"));
  // Nothing more is to come; a moment for anything that would.
  await page.waitForTimeout(200);
  return opened;
}

test("English pressed while the Chinese texts load: English stays", async () => {
  const { page, errors } = await englishWhileLoading((r) => r.continue());
  try {
    assert.equal(await firstText(page, "h1"), "What does each GPU get?");
    assert.equal(await htmlLang(page), "en");
    // Loaded meanwhile: the next press is at once.
    const served = textsServed();
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    assert.equal(textsServed(), served, "not asked again");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("texts that cannot be loaded: the page is drawn in English and says so by the switch, in both languages; 中文 tries again", async () => {
  const { page, errors, route, refused } = await openWithoutTexts({ lang: "zh", n: 10 });
  try {
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    assert.equal(await firstText(page, "h1"), "What does each GPU get?");
    assert.equal(await htmlLang(page), "en");
    assert.equal(await page.getAttribute("[data-testid=lang-en]", "aria-pressed"), "true");
    const note = page.locator("[data-testid=lang-missing]");
    const said = /^中文文本未能加载，页面仍为英文，可再按“中文”重试。The Chinese texts could not be loaded \(HTTP 404\); the page stays in English\. Press 中文 to try again\.$/;
    assert.match(await note.innerText(), said);
    assert.equal(await page.inputValue("[data-testid=control-n]"), "10", "the rest of the URL is kept");
    assert.equal(refused(), 1);
    assert.deepEqual(await seriousViolations(page), []);
    // A second press asks again, fails the same way and says so again, still in English.
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => !document.querySelector("[data-testid=lang-zh][aria-busy]"));
    assert.equal(refused(), 2, "asked again");
    assert.match(await note.innerText(), said);
    assert.equal(await htmlLang(page), "en");
    // Pressing English, the reader's choice, drops the note.
    await page.click("[data-testid=lang-en]");
    await page.waitForFunction(() => document.querySelector("[data-testid=lang-missing]").textContent === "");
    // Once the file can be had, the next press shows Chinese and the note goes.
    await page.unroute(route[0]);
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    assert.equal(await note.innerText(), "");
    assert.equal(pageQuery(page).get("lang"), "zh");
    assert.ok(errors.every((e) => /404|texts/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});

test("an embed whose Chinese texts cannot be loaded draws in English and says so at its top", async () => {
  const { page, errors, refused } = await openWithoutTexts({ lang: "zh", embed: 1, n: 8 });
  try {
    await page.waitForSelector("[data-testid=full-page-link]", { timeout: DRAWN });
    assert.equal(await htmlLang(page), "en");
    assert.equal(refused(), 1);
    const note = page.locator("main [data-testid=lang-missing]");
    assert.match(await note.innerText(), /^中文文本未能加载，页面仍为英文。The Chinese texts could not be loaded \(HTTP 404\); the view stays in English\.$/);
    const [noteTop, lanesTop] = await Promise.all(
      [note, page.locator("[data-testid=gpu-lane]").first()].map(async (l) => (await l.boundingBox()).y),
    );
    assert.ok(noteTop < lanesTop, `above the lanes (${noteTop} < ${lanesTop})`);
    assert.ok(errors.every((e) => /404|texts/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});

test("presenting, a page whose Chinese texts cannot be loaded still says why it is in English", async () => {
  const { page, errors } = await openWithoutTexts({ lang: "zh", present: 1, n: 8 });
  try {
    const note = page.locator("[data-testid=lang-missing]");
    await page.waitForFunction(() => document.querySelector("[data-testid=lang-missing]")?.textContent, null, { timeout: DRAWN });
    assert.ok(await note.isVisible(), "the note is shown");
    assert.ok(await page.locator("[data-testid=lang-zh]").isVisible(), "with the switch it names");
    assert.equal(await page.locator("h1").isVisible(), false, "the rest of the masthead is not");
    assert.ok(errors.every((e) => /404|texts/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});

test("English pressed while the Chinese texts fail to load: no note about them", async () => {
  const { page, errors } = await englishWhileLoading((r) => r.fulfill({ status: 404, body: "not found" }));
  try {
    assert.equal(await page.locator("[data-testid=lang-missing]").innerText(), "");
    assert.equal(await htmlLang(page), "en");
    assert.ok(errors.every((e) => /404|texts/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});
