// Present mode: present=1 (or its button) leaves the comparison alone on the screen with tiles at
// least 48 px wide, at 1280×800 and at 150% zoom; ←/→ step the epochs wherever the focus is;
// Esc leaves and takes present=1 out of the URL; the epoch play's speed is kept in the URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { pageQuery, useBrowser } from "./harness.mjs";

const session = useBrowser();
const COMPARE = "[data-testid=compare] [data-testid=gpu-lane]";
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The narrowest lane tile's width, and whether the masthead and the form below show. */
function look(page) {
  return page.evaluate(() => ({
    tile: Math.min(...[...document.querySelectorAll("[data-testid=gpu-lane] .tile")].map((t) => t.getBoundingClientRect().width)),
    masthead: document.querySelector(".masthead")?.getClientRects().length > 0,
    below: [...document.querySelectorAll("main > :not(.compare):not(.url-notices)")].some((e) => e.getClientRects().length > 0),
    lanesFit: [...document.querySelectorAll("[data-testid=gpu-lane]")].every((l) => l.getBoundingClientRect().bottom <= innerHeight),
    firstLaneFits: document.querySelector("[data-testid=gpu-lane]").getBoundingClientRect().bottom <= innerHeight,
    across: document.documentElement.scrollWidth <= innerWidth,
  }));
}

for (const [zoom, viewport] of [["100%", { width: 1280, height: 800 }], ["150%", { width: 853, height: 533 }]]) {
  test(`present=1 at 1280×800 (${zoom}): the comparison alone, tiles at least 48 px`, async () => {
    await session.withPage({ present: 1 }, async (page) => {
      const seen = await look(page);
      assert.ok(seen.tile >= 48, `tiles ${seen.tile} px wide`);
      assert.equal(seen.masthead, false);
      assert.equal(seen.below, false);
      assert.ok(seen.across, "nothing wider than the screen");
      // At 150% the screen is 853×533 CSS px: the lanes wrap, the first is still on screen.
      assert.ok(zoom === "100%" ? seen.lanesFit : seen.firstLaneFits, "the lanes on screen");
    }, { ready: COMPARE, viewport });
  });
}

test("the button enters present mode, ←/→ step the epochs, Esc leaves", async () => {
  await session.withPage({}, async (page) => {
    await page.click("[data-testid=present]");
    await page.waitForFunction(() => document.documentElement.classList.contains("presenting"));
    assert.equal(pageQuery(page).get("present"), "1");
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector("[data-testid=epoch]").textContent.includes("1"));
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(() => document.querySelector("[data-testid=epoch]").textContent.includes("0"));
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.documentElement.classList.contains("presenting"));
    assert.equal(pageQuery(page).get("present"), null);
    assert.equal((await look(page)).masthead, true);
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
});

test("speed= is kept: the picker shows it, a change writes it, a bad one is said", async () => {
  await session.withPage({ speed: 2 }, async (page) => {
    assert.equal(await page.inputValue("[data-testid=epoch-speed]"), "2");
    await page.selectOption("[data-testid=epoch-speed]", "0.5");
    assert.equal(pageQuery(page).get("speed"), "0.5");
    await page.selectOption("[data-testid=epoch-speed]", "1");
    assert.equal(pageQuery(page).get("speed"), null, "the usual speed is left out");
  }, { ready: COMPARE });
  await session.withPage({ speed: 3 }, async (page) => {
    assert.equal(await page.inputValue("[data-testid=epoch-speed]"), "1");
    assert.match(await page.textContent("[data-testid=url-notices]"), /speed="3" was ignored/);
  }, { ready: COMPARE });
});

test("present mode: no serious accessibility violation", async () => {
  await session.withPage({ present: 1, set_epoch: 0 }, async (page) => {
    await page.evaluate(await readFile(axePath, "utf8"));
    const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
    assert.deepEqual(serious, []);
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
});
