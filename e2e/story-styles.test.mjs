// The story's styles, loaded on demand (src/ui/story_styles.rs), in headless Chromium: the
// stylesheets below the first screen are not among the files index.html names; the landing
// page draws its first picture without them and adds them after; a page that opens on the
// story (a step's anchor, step=, the walk-through, a pitfall, present mode, an embed) is drawn
// with them; and a sheet that cannot be loaded leaves the page working and the story saying so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DRAWN, appUrl, openPage, useBrowser } from "./harness.mjs";

const session = useBrowser();
const dist = process.env.DIST ?? "dist";
const FIRST_TILE = "[data-testid=compare] [data-testid=gpu-lane] [data-index]";
const STORY_SHEET = /\/styles\/story-[0-9a-f]{16}\.css$/;

/** Whether the story's sheet applies: its sticky bar (story.css) at a desktop width. */
const styled = (page) =>
  page.evaluate(() => getComputedStyle(document.querySelector(".story-follows")).position === "sticky");

test("index.html names no story stylesheet, only the one file it loads on demand", async () => {
  const html = await readFile(join(dist, "index.html"), "utf8");
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="\.\/([^"]+)"/g)].map((m) => m[1].replace(/-[0-9a-f]+\.css$/, ""));
  assert.deepEqual(sheets, ["style", "compare"]);
  const named = html.match(/<meta name="sampler-viz:styles:story" content="([^"]+)"/)?.[1];
  assert.match(named ?? "", /^styles\/story-[0-9a-f]{16}\.css$/);
  // Every sheet of the story is in it (each begins with its own comment).
  const joined = await readFile(join(dist, named), "utf8");
  for (const selector of [".playback", ".raster-view", ".chart-grid", ".scenario-picker", ".guide-card", ".story-follows"]) {
    assert.ok(joined.includes(`${selector} `) || joined.includes(`${selector}{`), `${named} styles ${selector}`);
  }
});

test("the landing page draws its first picture without waiting for the story's styles, then styles the story", async () => {
  // The sheet is held back until the first tile is on the page: a page that waited for it
  // would never draw one.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const { page, errors } = await openPage(session.browser, session.server.url, undefined, {
    route: [STORY_SHEET, async (route) => (await held, route.continue())],
  });
  try {
    await page.waitForSelector(FIRST_TILE, { timeout: DRAWN });
    assert.equal(await styled(page), false);
    release();
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".story-follows")).position === "sticky", null, { timeout: DRAWN });
    assert.equal(await page.locator("[data-testid=styles-missing]").count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.close();
  }
});

for (const [what, params, hash] of [
  ["a link to a step", {}, "#set-epoch"],
  ["the walk-through", { guide: 1 }, ""],
  ["an embed of one step", { embed: 1, step: "set-epoch" }, ""],
  ["present mode", { present: 1 }, ""],
  ["a preview with the comparison hidden", { hide: "compare" }, ""],
]) {
  test(`${what} is drawn with the story's styles already applied`, async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // The sheet comes two seconds late: a page that did not wait for it would be drawn before.
    await page.route(STORY_SHEET, async (route) => (await new Promise((r) => setTimeout(r, 2000)), route.continue()));
    // Whether the sheet applied when the first step was put in the page (Chromium may hold the
    // paint for a pending sheet, but not the page's script, which measures and scrolls).
    await page.addInitScript(() => {
      new MutationObserver((changes, observer) => {
        if (!document.querySelector("[data-testid=story-step]")) return;
        window.styledWhenDrawn = [...document.styleSheets].some((s) => /\/styles\/story-/.test(s.href ?? ""));
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(appUrl(session.server.url, params) + hash);
      await page.waitForSelector("[data-testid=story-step]", { timeout: DRAWN });
      assert.equal(await page.evaluate(() => window.styledWhenDrawn), true);
      if (!params.embed) assert.equal(await styled(page), true);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test("a story stylesheet that cannot be loaded: the page works, and the story says so in the page's language", async () => {
  for (const [params, said] of [
    [{ n: 10 }, /^The styles of the story below could not be loaded \(.+\): its figures are shown without them\.$/],
    [{ n: 10, guide: 1 }, /^The styles of the story below could not be loaded \(.+\): its figures are shown without them\.$/],
    [{ n: 10, lang: "zh" }, /^下方各步骤的样式未能加载（.+）：图示将以无样式的形式显示。$/],
  ]) {
    const { page, errors } = await openPage(session.browser, appUrl(session.server.url, params), undefined, {
      route: [STORY_SHEET, (route) => route.fulfill({ status: 404, body: "not found" })],
    });
    try {
      const note = page.locator("[data-testid=styles-missing]");
      await note.waitFor({ timeout: DRAWN });
      assert.match((await note.textContent()).trim(), said);
      // The page goes on: a control still redraws the comparison.
      await page.waitForSelector(FIRST_TILE, { timeout: DRAWN });
      await page.fill("[data-testid=control-num_replicas] >> nth=0", "5");
      await page.waitForFunction(() => document.querySelectorAll("[data-scheme=distributed] [data-testid=gpu-lane]").length === 5, null, { timeout: DRAWN });
      // The one error: the browser's own report of the file it could not fetch.
      assert.ok(errors.every((e) => /404|Failed to load resource/.test(e)), errors.join("\n"));
    } finally {
      await page.close();
    }
  }
});

test("a sheet later than the page waits for: the story says so, then stops saying so once it applies", async () => {
  // Six seconds: past the five the page waits before it says the styles are missing.
  const late = async (route) => (await new Promise((r) => setTimeout(r, 6000)), route.continue());
  const { page, errors } = await openPage(session.browser, appUrl(session.server.url, { n: 10 }), undefined, { route: [STORY_SHEET, late] });
  try {
    const note = page.locator("[data-testid=styles-missing]");
    await note.waitFor({ timeout: DRAWN });
    assert.match((await note.textContent()).trim(), /\(no answer in 5 s\)/);
    await note.waitFor({ state: "detached", timeout: DRAWN });
    assert.equal(await styled(page), true);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("a pitfall's embed says so too when the styles cannot be loaded", async () => {
  const { page } = await openPage(session.browser, appUrl(session.server.url, { scenario: "no_set_epoch", embed: 1 }), undefined, {
    route: [STORY_SHEET, (route) => route.fulfill({ status: 404, body: "not found" })],
  });
  try {
    const note = page.locator("[data-testid=styles-missing]");
    await note.waitFor({ timeout: DRAWN });
    assert.match((await note.textContent()).trim(), /^The styles of the story below could not be loaded/);
  } finally {
    await page.close();
  }
});

test("a figure measured before the sheet applies is measured again: the canvas fills its frame", async () => {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const { page } = await openPage(session.browser, appUrl(session.server.url, { n: 50000, num_replicas: 4 }), undefined, {
    route: [STORY_SHEET, async (route) => (await held, route.continue())],
  });
  const fits = () =>
    page.evaluate(() => {
      const canvas = document.querySelector("[data-testid=canvas-view]");
      return canvas.width > 0 && canvas.width === canvas.closest(".raster-frame").clientWidth;
    });
  try {
    await page.locator("[data-testid=canvas-view]").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector("[data-testid=canvas-view]")?.width > 0, null, { timeout: DRAWN });
    release();
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".story-follows")).position === "sticky", null, { timeout: DRAWN });
    await page.waitForFunction(() => {
      const canvas = document.querySelector("[data-testid=canvas-view]");
      return canvas.width > 0 && canvas.width === canvas.closest(".raster-frame").clientWidth;
    }, null, { timeout: DRAWN });
    assert.equal(await fits(), true);
  } finally {
    release();
    await page.close();
  }
});
