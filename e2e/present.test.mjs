// Present mode: present=1 (or its button) leaves the comparison and one story step on the screen,
// tiles at least 48 px wide, at 1280×800 and at 150% zoom; ←/→ go from story step to story step
// (inside the comparison they step its epochs); Esc leaves and takes present=1 out of the URL;
// the epoch play's speed is kept in the URL; at the pitfalls, one is open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pageQuery, seriousViolations, useBrowser } from "./harness.mjs";

const session = useBrowser();
const COMPARE = "[data-testid=compare] [data-testid=gpu-lane]";

/** The narrowest lane tile's width, and whether the masthead and the form below show. */
function look(page) {
  return page.evaluate(() => ({
    tile: Math.min(...[...document.querySelectorAll("[data-testid=gpu-lane] .tile")].map((t) => t.getBoundingClientRect().width)),
    masthead: document.querySelector(".masthead")?.getClientRects().length > 0,
    below: [...document.querySelectorAll("main > :not(.compare):not(.url-notices):not(.story)")].some((e) => e.getClientRects().length > 0),
    steps: [...document.querySelectorAll("[data-testid=story-step]")].filter((e) => e.getClientRects().length > 0).map((e) => e.id),
    lanesFit: [...document.querySelectorAll("[data-testid=gpu-lane]")].every((l) => l.getBoundingClientRect().bottom <= innerHeight),
    firstLaneFits: document.querySelector("[data-testid=gpu-lane]").getBoundingClientRect().bottom <= innerHeight,
    across: document.documentElement.scrollWidth <= innerWidth,
  }));
}

for (const [zoom, viewport] of [["100%", { width: 1280, height: 800 }], ["150%", { width: 853, height: 533 }]]) {
  test(`present=1 at 1280×800 (${zoom} zoom): the comparison alone, tiles at least 48 px`, async () => {
    await session.withPage({ present: 1 }, async (page) => {
      const seen = await look(page);
      assert.ok(seen.tile >= 48, `tiles ${seen.tile} px wide`);
      assert.equal(seen.masthead, false);
      assert.equal(seen.below, false);
      assert.deepEqual(seen.steps, ["split"], "one story step, the first");
      assert.ok(seen.across, "nothing wider than the screen");
      // At 150% the screen is 853×533 CSS px: the lanes wrap, the first is still on screen.
      assert.ok(zoom === "100%" ? seen.lanesFit : seen.firstLaneFits, "the lanes on screen");
    }, { ready: COMPARE, viewport });
  });
}

test("the button enters present mode, ←/→ go from story step to story step, Esc leaves", async () => {
  await session.withPage({}, async (page) => {
    await page.click("[data-testid=present]");
    await page.waitForFunction(() => document.documentElement.classList.contains("presenting"));
    assert.equal(pageQuery(page).get("present"), "1");
    // Focus moves to the steps' buttons, so that ← and → step through the story at once.
    await page.waitForFunction(() => document.activeElement?.dataset.testid === "present-next");
    assert.ok(await page.isVisible("[data-testid=present-hint]"), "a cue to go on");
    const shown = () => page.evaluate(() => ({
      steps: [...document.querySelectorAll("[data-testid=story-step]")].filter((e) => e.getClientRects().length > 0).map((e) => e.id),
      at: document.querySelector("[data-testid=present-at]").textContent,
    }));
    assert.deepEqual(await shown(), { steps: ["split"], at: "Step 1 of 8: Split across GPUs" });
    assert.equal(await page.isDisabled("[data-testid=present-back]"), true);
    // The first → brings step 1, below the comparison, on screen; the next ones go on.
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector("#split").getBoundingClientRect().top < innerHeight * 0.4);
    assert.match((await shown()).at, /^Step 1 of 8: /);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.querySelector("#set-epoch").getClientRects().length > 0);
    assert.deepEqual((await shown()).steps, ["set-epoch"]);
    assert.match((await shown()).at, /^Step 3 of 8: /);
    assert.equal(pageQuery(page).get("step"), "set-epoch");
    const top = await page.$eval("#set-epoch", (e) => e.getBoundingClientRect().top);
    assert.ok(top >= 0 && top < 150, `the step scrolled to the top, under the steps' bar (top ${top})`);
    await page.click("[data-testid=present-back]");
    assert.deepEqual((await shown()).steps, ["pad-or-trim"]);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.documentElement.classList.contains("presenting"));
    assert.equal(pageQuery(page).get("present"), null);
    // The full page stays at the step the presenter stood on.
    assert.equal(pageQuery(page).get("step"), "pad-or-trim");
    await page.waitForFunction(() => {
      const top = document.getElementById("pad-or-trim").getBoundingClientRect().top;
      return top >= 0 && top < 300;
    }, null, { timeout: 3000 });
    await page.waitForFunction(() => document.activeElement?.dataset.testid === "present", null, { timeout: 2000 });
    const after = await look(page);
    assert.equal(after.masthead, true);
    assert.ok(after.steps.length === 8, "every step shows again");
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
});

test("the Present button during the landing page's own play starts from the page's values, not from the play's", async () => {
  await session.withPage({}, async (page) => {
    const SET_EPOCH = "[data-testid=compare] [data-testid=control-set_epoch]";
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    // In the play's round without set_epoch, past epoch 0.
    await page.waitForFunction((s) => !document.querySelector(s).checked, SET_EPOCH, { timeout: 12_000 });
    await page.waitForFunction(() => document.querySelector("[data-testid=epoch]").textContent !== "epoch 0", null, { timeout: 5_000 });
    await page.click("[data-testid=present]");
    await page.waitForFunction(() => document.documentElement.classList.contains("presenting"));
    assert.equal(await page.isChecked(SET_EPOCH), true, "set_epoch as the page has it");
    assert.equal(await page.textContent("[data-testid=epoch]"), "epoch 0");
    assert.equal(await page.getAttribute("[data-testid=play-epochs]", "aria-pressed"), "false", "the play stopped");
    const query = pageQuery(page);
    assert.equal(query.get("present"), "1");
    assert.notEqual(query.get("set_epoch"), "0", "the URL does not keep the play's round");
    assert.ok([null, "0"].includes(query.get("epoch")), `epoch 0 (${query.get("epoch")})`);
    await page.waitForTimeout(2500);
    assert.equal(await page.textContent("[data-testid=epoch]"), "epoch 0", "and nothing plays on");
  }, { ready: COMPARE, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});

test("present=1&step=pitfalls opens at that step, a pitfall open; the last step has no next", async () => {
  await session.withPage({ present: 1, step: "pitfalls" }, async (page) => {
    assert.deepEqual((await look(page)).steps, ["pitfalls"]);
    assert.equal(await page.isDisabled("[data-testid=present-next]"), true);
    // Never a bare row of buttons on a projector: the first pitfall is open, both its sides.
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=no_set_epoch] [data-testid=scenario-fixed]", { timeout: 10000 });
    assert.equal(await page.getAttribute("[data-testid=scenario-no_set_epoch]", "aria-pressed"), "true");
    assert.equal(pageQuery(page).get("scenario"), null, "the presenter chose nothing: the URL says none");
    // Closed there, it stays closed until the presenter steps away and back.
    await page.click("[data-testid=scenario-close]");
    assert.equal(await page.locator("[data-testid=scenario-panel]").count(), 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await page.locator("[data-testid=scenario-panel]").count(), 0);
    await page.click("[data-testid=present-back]");
    await page.click("[data-testid=present-next]");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=no_set_epoch]");
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
  // A pitfall the link names is the one shown.
  await session.withPage({ present: 1, step: "pitfalls", scenario: "drop_last" }, async (page) => {
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=drop_last]", { timeout: 10000 });
    assert.equal(await page.getAttribute("[data-testid=scenario-no_set_epoch]", "aria-pressed"), "false");
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
});

test("present mode at 150% zoom: step 6's table fits its frame, each verdict readable", async () => {
  await session.withPage({ present: 1, step: "your-library" }, async (page) => {
    // (Present mode opens on the comparison; → brings the step, dealt as it comes near, on screen.)
    await page.click("[data-testid=present-next]");
    await page.waitForSelector(".scoreboard td[data-key=verdict]", { timeout: 10000 });
    const seen = await page.evaluate(() => {
      const table = document.querySelector(".scoreboard");
      return {
        table: table.getBoundingClientRect().width,
        frame: table.parentElement.getBoundingClientRect().width,
        verdict: Math.min(...[...table.querySelectorAll("td[data-key=verdict]")].map((td) => td.getBoundingClientRect().width)),
      };
    });
    assert.ok(seen.table <= seen.frame + 1, `the table ${seen.table} px in a frame of ${seen.frame}`);
    assert.ok(seen.verdict >= 150, `the verdicts ${seen.verdict} px wide`);
  }, { ready: COMPARE, viewport: { width: 853, height: 533 } });
});

test("present mode, step 4: each rank's label on one line", async () => {
  await session.withPage({ present: 1, step: "batches", num_replicas: 16, n: 64 }, async (page) => {
    await page.click("[data-testid=present-next]");
    await page.waitForSelector("#batches [data-testid=index-table] tr[data-rank] th");
    const lines = await page.$$eval("#batches [data-testid=index-table] tr[data-rank] th", (ths) => ths.map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }));
    assert.ok(lines.length === 16 && lines.every((n) => n === 1), `lines per label: ${lines}`);
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
    assert.deepEqual(await seriousViolations(page), []);
  }, { ready: COMPARE, viewport: { width: 1280, height: 800 } });
});
