// The story below the first screen, in headless Chromium: numbered steps with anchors, each a
// sentence with this configuration's numbers and a figure of the scheme the story follows;
// one step alone in an embed (step=), a link to a step, a pitfall's link, and the walk-through.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pageQuery, readIndexTable, useBrowser } from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

const STEPS = ["split", "pad-or-trim", "set-epoch", "batches", "no-sampler", "your-library", "inside-one-gpu", "pitfalls"];

/** Each step's anchor, heading and sentence, in page order. */
function steps(page) {
  return page.$$eval("[data-testid=story-step]", (sections) =>
    sections.map((s) => ({
      id: s.id,
      heading: s.querySelector("h2").textContent,
      sentence: s.querySelector("[data-testid=step-sentence]").textContent,
      drawnFor: s.querySelector("[data-testid=drawn-for]").dataset.scheme,
    })),
  );
}

/** Each lane of the compared scheme `name` at the top, as its tiles' indices. */
function lanes(page, name) {
  return page.$$eval(`[data-testid=scheme-panel][data-scheme=${name}] [data-testid=gpu-lane]`, (ls) =>
    ls.map((l) => [...l.querySelectorAll("[data-index]")].map((t) => Number(t.dataset.index))),
  );
}

test("the story tells eight numbered steps, each with this configuration's numbers", async () => {
  await withPage({ n: 10, num_replicas: 4 }, async (page) => {
    const told = await steps(page);
    assert.deepEqual(told.map((s) => s.id), STEPS);
    told.forEach((s, k) => assert.match(s.heading, new RegExp(`^${k + 1}\\. `)));
    assert.ok(told.every((s) => s.drawnFor === "distributed"), "every figure names its scheme");
    const said = Object.fromEntries(told.map((s) => [s.id, s.sentence]));
    assert.match(said.split, /the 10 samples go to num_replicas = 4 GPUs, 3 to each/);
    assert.match(said["pad-or-trim"], /12 positions for len\(dataset\) = 10: padding adds 2/);
    assert.match(said.batches, /len\(sampler\) = 3 and len\(loader\) = 1/);
    assert.match(said.pitfalls, /^20 ways/);
  });
});

test("every figure follows the compared scheme picked above the story", async () => {
  await withPage({ n: 10, num_replicas: 4, compare: "accelerate,distributed" }, async (page) => {
    // The first compared scheme by default: its stages, its lanes in the table, its Python.
    assert.equal(await page.inputValue("[data-testid=focus-picker]"), "accelerate");
    await page.waitForSelector("[data-testid=stages-figure] .stage");
    const table = (await readIndexTable(page, "index-table")).map((r) => r.indices);
    assert.deepEqual(table, await lanes(page, "accelerate"));
    assert.match(await page.textContent("[data-testid=python-code]"), /Accelerator/);
    assert.equal(await page.textContent("[data-testid=len-total]"), "16");

    await page.selectOption("[data-testid=focus-picker]", "distributed");
    await page.waitForSelector(".pipeline-section");
    assert.equal(pageQuery(page).get("focus"), "distributed");
    assert.equal(await page.textContent("[data-testid=len-total]"), "12");
    const after = (await readIndexTable(page, "index-table")).map((r) => r.indices);
    assert.deepEqual(after, await lanes(page, "distributed"));
    const named = await page.$$eval("[data-testid=drawn-for]", (ps) => [...new Set(ps.map((p) => p.dataset.scheme))]);
    assert.deepEqual(named, ["distributed"]);
  });
});

test("the scoreboard reads every registered scheme off its own deal, and compares one at the top", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    const rows = await page.$$eval("[data-testid=scoreboard] tbody tr", (trs) => trs.map((tr) => tr.dataset.scheme));
    assert.ok(rows.includes("distributed") && rows.includes("no_sampler") && rows.includes("accelerate"), rows.join());
    const noSampler = await page.textContent("[data-testid=scoreboard] tr[data-scheme=no_sampler]");
    assert.match(noSampler, /all 8 samples/);
    await page.click("[data-testid=scoreboard] tr[data-scheme=seed_per_rank] [data-testid=scoreboard-compare]");
    await page.waitForSelector("[data-testid=scheme-panel][data-scheme=seed_per_rank]");
    assert.equal(pageQuery(page).get("compare"), "distributed,seed_per_rank");
  });
});

test("embed=1&step=set-epoch shows that step alone; an unknown step is said", async () => {
  await withPage({ embed: 1, step: "set-epoch", set_epoch: 0 }, async (page) => {
    assert.deepEqual((await steps(page)).map((s) => s.id), ["set-epoch"]);
    assert.equal(await page.locator("[data-testid=compare]").count(), 0);
    assert.match(await page.textContent("#set-epoch [data-testid=step-sentence]"), /epochs 1–3 hand GPU 0 exactly epoch 0's list/);
  }, { ready: "#set-epoch" });
  await withPage({ embed: 1, step: "nope" }, async (page) => {
    assert.match(await page.textContent("[data-testid=url-notices]"), /step=nope names no step of the story/);
    assert.equal(await page.locator("[data-testid=story-step]").count(), 5, "an embed's five steps");
  });
});

test("a link to a step scrolls to it once the page is drawn", async () => {
  const url = `${session.server.url}?n=8#no-sampler`;
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForSelector("#no-sampler");
    await page.waitForFunction(() => Math.abs(document.getElementById("no-sampler").getBoundingClientRect().top) < 120);
  } finally {
    await page.close();
  }
});

test("a pitfall's link opens its card in view and loads its broken side into the comparison", async () => {
  await withPage({ scenario: "no_set_epoch" }, async (page) => {
    await page.waitForFunction(() => {
      const r = document.querySelector("[data-testid=scenario-panel]").getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight;
    });
    assert.equal(await page.isChecked("[data-testid=compare] [data-testid=control-set_epoch] input, [data-testid=compare] input[data-testid=control-set_epoch]"), false);
    assert.equal(pageQuery(page).get("set_epoch"), "0");
  });
});

test("the walk-through opens at step 1, shows its figure, and Esc closes it with focus returned", async () => {
  await withPage({ guide: 1, n: 22, num_replicas: 4 }, async (page) => {
    assert.equal(await page.textContent("[data-testid=guide-count]"), "Step 1 of 5");
    await page.waitForFunction(() => {
      const r = document.querySelector("[data-testid=guide]").getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight * 0.6;
    });
    await page.click("[data-testid=guide-next]");
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=guide-start]");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "guide-start");
    assert.equal(pageQuery(page).get("guide"), null);
  });
});
