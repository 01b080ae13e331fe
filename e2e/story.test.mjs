// The story below the first screen, in headless Chromium: numbered steps with anchors, each a
// sentence with this configuration's numbers and a figure of the scheme the story follows;
// one step alone in an embed (step=), a link to a step, a pitfall's link, and the walk-through.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, PARTS_MISSING, appUrl, openPage, pageQuery, readIndexTable, seriousViolations, settledTimeline, useBrowser } from "./harness.mjs";


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
      drawnFor: s.querySelector("[data-testid=drawn-for]")?.dataset.scheme ?? null,
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
    // Each figure of the followed scheme names it; the no-sampler set-up, the scoreboard and
    // the pitfalls draw something else, and do not claim to draw it.
    const others = ["no-sampler", "your-library", "pitfalls"];
    assert.deepEqual(told.map((s) => s.drawnFor), STEPS.map((id) => (others.includes(id) ? null : "distributed")));
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

test("step 1 draws every scheme stage by stage, its last stage each GPU's lane; those without stages of their own, their lists and batches", async () => {
  const own = ["accelerate", "lightning_wrapper", "lightning_unrepeated", "torchdata_resume", "iterable"];
  const dealt = { no_sampler: "ShufflePerRank", seed_per_rank: "Stripe", weighted_no_wrapper: "Draw", weighted_wrapper: "Stripe", monai_weighted: "DrawInSlice" };
  for (const name of [...own, ...Object.keys(dealt)]) {
    await withPage({ n: 12, num_replicas: 2, batch_size: 4, compare: `${name},distributed`, focus: name }, async (page) => {
      await page.waitForSelector("[data-testid=stages-figure] .stage", { timeout: DRAWN });
      const stages = await page.$$eval("[data-testid=stages-figure] .stage", (ss) => ss.map((s) => ({
        step: s.dataset.step,
        rows: [...s.querySelectorAll(".stage-row")].map((r) => [...r.querySelectorAll("[data-sample]")].map((t) => Number(t.dataset.sample))),
      })));
      if (name in dealt) assert.deepEqual(stages.map((s) => s.step), [dealt[name], "Batch"], name);
      else assert.ok(stages.length >= 2, `${name}: ${stages.length} stages`);
      if (name === "torchdata_resume") return;
      const shown = await lanes(page, name);
      assert.deepEqual(stages.at(-1).rows.slice(0, shown.length), shown, `${name}: the last stage is the lanes`);
    });
  }
});

test("step 7 without workers shows the same batches as two workers would load them, and the button sets it", async () => {
  await withPage({ n: 16, num_replicas: 2, batch_size: 2 }, async (page) => {
    const rows = (selector) => page.$$eval(`#inside-one-gpu ${selector} .stage-row`, (rs) => rs.map((r) => ({
      label: r.querySelector(".lane-label").textContent,
      tiles: [...r.querySelectorAll("[data-sample]")].map((t) => Number(t.dataset.sample)),
    })));
    await page.waitForSelector("#inside-one-gpu [data-testid=workers-preview] .stage-row");
    const preview = await rows("[data-testid=workers-preview]");
    assert.deepEqual(preview.map((r) => r.label), ["GPU 0 · worker 0", "GPU 0 · worker 1", "GPU 1 · worker 0", "GPU 1 · worker 1"]);
    // (Once the story's sheet applies, each label on one line.)
    const oneLine = await page.waitForFunction(() => [...document.querySelectorAll("#inside-one-gpu .stage-row .lane-label")].every((l) => {
      const range = document.createRange();
      range.selectNodeContents(l);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
    }), null, { timeout: 5000 }).then(() => true, () => false);
    assert.ok(oneLine, "each worker's label on one line");
    // Batch b goes to worker b % 2: worker 0 loads GPU 0's batches 0, 2, ..., worker 1 the others.
    const [gpu0] = await lanes(page, "distributed");
    const batches = [0, 2, 4, 6].map((b) => gpu0.slice(b, b + 2));
    assert.deepEqual(preview[0].tiles, [batches[0], batches[2]].flat());
    assert.deepEqual(preview[1].tiles, [batches[1], batches[3]].flat());
    await page.click("#inside-one-gpu [data-testid=try-workers]");
    await page.waitForFunction(() => !document.querySelector("#inside-one-gpu [data-testid=workers-preview]"));
    assert.equal(pageQuery(page).get("num_workers"), "2");
    assert.deepEqual(await rows("[data-testid=inside-figure]"), preview, "the figure is what the preview showed");
  });
});

test("step 7's preview of two workers shows the first two GPUs, however many there are", async () => {
  await withPage({ n: 64, num_replicas: 8, batch_size: 2 }, async (page) => {
    await page.waitForSelector("#inside-one-gpu [data-testid=workers-preview] .stage-row");
    const labels = await page.$$eval("#inside-one-gpu [data-testid=workers-preview] .stage-row .lane-label", (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(labels, ["GPU 0 · worker 0", "GPU 0 · worker 1", "GPU 1 · worker 0", "GPU 1 · worker 1"]);
  });
});

test("step 3's timeline draws the followed scheme: its own seeding call, its repeats, and past the history's budget the calls alone", async () => {
  // Lightning's unrepeated sampler seeds with the epoch alone: forgotten set_epoch, manual_seed(0).
  const query = { n: 10, num_replicas: 2, compare: "distributed,lightning_unrepeated", focus: "lightning_unrepeated", set_epoch: 0 };
  await withPage(query, async (page) => {
    await settledTimeline(page);
    const repeats = await page.$$eval("#set-epoch li[data-epoch]", (items) => items.map((li) => li.getAttribute("data-repeats")));
    assert.deepEqual(repeats, [null, "0", "0", "0"]);
    assert.equal((await page.textContent("#set-epoch li[data-epoch=\"2\"] .seed")).trim(), "set_epoch not called → g.manual_seed(0)");
    const banner = await page.textContent("#set-epoch [data-testid=repeat-banner]");
    assert.match(banner, /Epochs 1–3 repeat epoch 0/);
    assert.doesNotMatch(banner, /seed \+ 0/, "its seed plays no part");
    // Its previews are its own lanes: GPU 0's first indices, as the panel at the top shows them.
    const preview = (await page.textContent("#set-epoch li[data-epoch=\"0\"] .preview-indices")).trim().split(" ").map(Number);
    assert.deepEqual(preview, (await lanes(page, "lightning_unrepeated"))[0]);
  });
  // 3,000,000 samples: one epoch is past the history's budget; DistributedSampler's seeding is
  // known, so each epoch's call and the repeats by design are still shown, the lists not.
  await withPage({ n: 3000000, num_replicas: 8, set_epoch: 0 }, async (page) => {
    await page.locator("#set-epoch").scrollIntoViewIfNeeded();
    // Only this size has the note: the default picture's timeline, shown meanwhile, has not.
    await page.waitForSelector("#set-epoch [data-testid=epoch-list-not-drawn]", { timeout: 60000 });
    await settledTimeline(page, 60000);
    const repeats = await page.$$eval("#set-epoch li[data-epoch]", (items) => items.map((li) => li.getAttribute("data-repeats")));
    assert.deepEqual(repeats, [null, "0", "0", "0"]);
    assert.equal((await page.textContent("#set-epoch li[data-epoch=\"3\"] .seed")).trim(), "set_epoch not called → g.manual_seed(seed + 0 = 0)");
    assert.match(await page.textContent("#set-epoch [data-testid=repeat-banner]"), /set_epoch is never called/);
    assert.match(await page.textContent("#set-epoch [data-testid=epoch-list-not-drawn]"), /lists are not drawn here/);
    assert.equal(await page.locator("#set-epoch .preview").count(), 0);
  }, { ready: "[data-testid=story]", timeout: 60000 });
});

test("the epoch shown past 3 joins the timeline as an item of its own: the list stays as the epochs move", async () => {
  await withPage({ n: 10, num_replicas: 2, epoch: 5 }, async (page) => {
    await settledTimeline(page);
    await page.waitForSelector('#set-epoch li[data-epoch="5"].current');
    const first = await page.$('#set-epoch li[data-epoch="0"]');
    await page.click("[data-testid=next-epoch]");
    await page.waitForSelector('#set-epoch li[data-epoch="6"].current');
    assert.equal(await page.locator('#set-epoch li[data-epoch="5"]').count(), 0, "one epoch past 3 at a time");
    assert.ok(await first.evaluate((li) => li.isConnected), "epochs 0–3 are not drawn again");
  });
});

test("the story's part draws the timeline: an epoch's button shows that epoch and keeps the focus, its item the same element", async () => {
  await withPage({ n: 10, num_replicas: 2 }, async (page) => {
    await settledTimeline(page);
    const item = await page.$('#set-epoch li[data-epoch="2"]');
    await page.click('#set-epoch li[data-epoch="2"] .epoch-button');
    await page.waitForSelector('#set-epoch li[data-epoch="2"].current');
    assert.equal(pageQuery(page).get("epoch"), "2");
    assert.ok(await item.evaluate((li) => li.isConnected), "the item is kept, not drawn anew");
    assert.equal(await page.evaluate(() => document.activeElement?.closest("li")?.dataset.epoch), "2", "the focus stays on its button");
    assert.equal(await page.locator('#set-epoch li.current').count(), 1);
  });
});

test("where the story's part cannot be loaded, the timeline and the scoreboard say so and the steps' sentences stay", async () => {
  const url = appUrl(session.server.url, { n: 10, num_replicas: 2, set_epoch: 0 });
  const { page, errors } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
  try {
    await page.locator("#set-epoch").scrollIntoViewIfNeeded();
    const missing = page.locator("[data-testid=timeline-missing]");
    await missing.waitFor({ timeout: DRAWN });
    assert.match(await missing.textContent(), /^The epochs could not be drawn \(.+\)\. The rest of the page works without them\.$/);
    assert.equal(await page.locator("#set-epoch li[data-epoch]").count(), 0);
    assert.match(await page.textContent("#set-epoch [data-testid=step-sentence]"), /epoch 0/);
    await page.locator("#your-library").scrollIntoViewIfNeeded();
    const board = page.locator("[data-testid=scoreboard-missing]");
    await board.waitFor({ timeout: DRAWN });
    assert.match(await board.textContent(), /^The set-ups could not be dealt \(.+\)\. The rest of the page works without them\.$/);
    assert.ok(await page.locator("[data-testid=scoreboard] tr[data-scheme]").count() > 0, "every set-up listed, pending");
    assert.equal(await page.locator("[data-testid=scoreboard] tr[data-dealt]").count(), 0);
    assert.ok(errors.length >= 1 && errors.every((e) => /parts|404|module/i.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});

test("a scheme that refuses the values: each step that follows it says so in the library's words, and draws nothing", async () => {
  // Without replacement, torch.multinomial cannot draw 20 of 10 samples: the weighted wrapper
  // refuses what DistributedSampler draws.
  const query = { n: 10, compare: "weighted_wrapper,distributed", focus: "weighted_wrapper", replacement: 0, num_samples: 20, lang: "zh" };
  await withPage(query, async (page) => {
    const message = "cannot sample n_sample > prob_dist.size(-1) samples without replacement";
    for (const step of ["split", "pad-or-trim", "set-epoch", "batches", "inside-one-gpu"]) {
      const said = await page.textContent(`#${step} [data-testid=step-sentence]`);
      assert.ok(said.startsWith("无从绘制：") && said.includes(message), `${step}: ${said}`);
      // PyTorch's words stay English on the Chinese page, and say so to a screen reader.
      assert.equal(await page.locator(`#${step} [data-testid=step-sentence] span[lang=en]`).textContent(), `RuntimeError: ${message}`);
    }
    assert.equal(await page.isVisible("#pad-or-trim [data-testid=lengths]"), false, "no lengths of zero");
    assert.equal(await page.locator("#batches [data-testid=index-table]").count(), 0);
    assert.equal(await page.locator("#set-epoch [data-testid=epoch-list-not-drawn]").count(), 0, "no other reason given");
    assert.equal(await page.isHidden("#set-epoch [data-testid=timeline]"), true, "no timeline of a refused deal");
    // The steps that do not draw the followed scheme tell their own story still.
    assert.match(await page.textContent("#no-sampler [data-testid=step-sentence]"), /num_replicas = 2/);
    assert.doesNotMatch(await page.textContent("#pitfalls [data-testid=step-sentence]"), /无从绘制/);
    assert.ok(await page.isDisabled("[data-testid=download-csv]") && await page.isDisabled("[data-testid=download-json]"), "nothing to download");
    assert.match(await page.textContent("[data-testid=figure-refused]"), /^无可下载：/);
    await page.selectOption("[data-testid=focus-picker]", "distributed");
    await page.waitForFunction(() => !document.querySelector("[data-testid=figure-refused]"));
    assert.equal(await page.textContent("#pad-or-trim [data-testid=len-total]"), "10");
    await settledTimeline(page);
    assert.equal(await page.isVisible("#set-epoch [data-testid=timeline]"), true, "the timeline is back for a scheme that deals");
    assert.equal(await page.isDisabled("[data-testid=download-csv]"), false);
  }, { ready: "[data-testid=compare] [data-testid=gpu-lane]" });
});

test("the scoreboard reads every registered scheme off its own deal, and compares one at the top", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    // Dealt once it nears the screen, not before.
    assert.equal(await page.locator("[data-testid=scoreboard] tr[data-dealt]").count(), 0);
    await page.locator("[data-testid=scoreboard]").scrollIntoViewIfNeeded();
    // The story's part writes the rows, pending until each is dealt.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll("[data-testid=scoreboard] tbody tr")];
      return rows.length > 0 && rows.every((tr) => tr.hasAttribute("data-dealt"));
    });
    const rows = await page.$$eval("[data-testid=scoreboard] tbody tr", (trs) => trs.map((tr) => tr.dataset.scheme));
    assert.ok(rows.includes("distributed") && rows.includes("no_sampler") && rows.includes("accelerate"), rows.join());
    const noSampler = await page.textContent("[data-testid=scoreboard] tr[data-scheme=no_sampler]");
    assert.match(noSampler, /all 8 samples/);
    await page.click("[data-testid=scoreboard] tr[data-scheme=seed_per_rank] [data-testid=scoreboard-compare]");
    await page.waitForSelector("[data-testid=scheme-panel][data-scheme=seed_per_rank]");
    assert.equal(pageQuery(page).get("compare"), "distributed,seed_per_rank");
    // The focus goes up too: on the picker of the panel that now shows it.
    await page.waitForFunction(() => document.activeElement?.closest("[data-testid=scheme-panel]")?.dataset.scheme === "seed_per_rank");
  });
});

test("embed=1&step=set-epoch shows that step alone; an unknown step is said", async () => {
  await withPage({ embed: 1, step: "set-epoch", set_epoch: 0 }, async (page) => {
    assert.deepEqual((await steps(page)).map((s) => s.id), ["set-epoch"]);
    assert.equal(await page.locator("[data-testid=compare]").count(), 0);
    assert.match(await page.textContent("#set-epoch [data-testid=step-sentence]"), /epochs 1–3 hand GPU 0 exactly epoch 0's list/);
  }, { ready: "#set-epoch" });
  // In a frame a few hundred pixels tall, the step's heading and figure start near its top.
  await withPage({ embed: 1, step: "set-epoch" }, async (page) => {
    // (Measured once the story's own styles apply.)
    const tops = () => page.evaluate(() => ["#step-set-epoch", "#set-epoch [data-testid=timeline]"]
      .map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? Infinity));
    const near = await page.waitForFunction(() => {
      const [heading, figure] = ["#step-set-epoch", "#set-epoch [data-testid=timeline]"]
        .map((s) => document.querySelector(s)?.getBoundingClientRect().top ?? Infinity);
      return heading < 120 && figure < 250;
    }, null, { timeout: 5000 }).then(() => true, () => false);
    assert.ok(near, `the heading and the figure at ${await tops()} px`);
    // With set_epoch called, the step still says what leaving it out does.
    assert.match(await page.textContent("#set-epoch [data-testid=step-sentence]"),
      /hands GPU 0 a new order\. Without set_epoch\(epoch\) in the loop, every epoch would hand every GPU its epoch-0 list again\./);
  }, { ready: "#set-epoch", viewport: { width: 600, height: 400 } });
  // The page's own steps are not among an embed's five, but each embeds alone when named.
  for (const [step, figure] of [["your-library", "scoreboard"], ["inside-one-gpu", "inside-figure"], ["pitfalls", "scenarios"]]) {
    await withPage({ embed: 1, step }, async (page) => {
      assert.deepEqual((await steps(page)).map((s) => s.id), [step]);
      assert.equal(await page.locator(`#${step} [data-testid=${figure}]`).count(), 1, `${step} draws its figure`);
      assert.equal(await page.locator("[data-testid=url-notices]").count(), 0, "nothing to say");
    }, { ready: `#${step}` });
  }
  await withPage({ embed: 1, step: "nope" }, async (page) => {
    assert.match(await page.textContent("[data-testid=url-notices]"), /step=nope names no step of the story/);
    assert.equal(await page.locator("[data-testid=story-step]").count(), 5, "an embed's five steps");
  });
});

test("step= on the full page (a link copied in the walk-through) scrolls to that step", async () => {
  await withPage({ n: 8, step: "batches" }, async (page) => {
    await page.waitForFunction(() => Math.abs(document.getElementById("batches").getBoundingClientRect().top) < 200);
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
    // The card is worked out by the story's part, after the page has started.
    await page.waitForFunction(() => {
      const r = document.querySelector("[data-testid=scenario-panel]")?.getBoundingClientRect();
      return r && r.top >= -1 && r.top < window.innerHeight;
    }, null, { timeout: DRAWN });
    assert.equal(await page.isChecked("[data-testid=compare] [data-testid=control-set_epoch] input, [data-testid=compare] input[data-testid=control-set_epoch]"), false);
    assert.equal(pageQuery(page).get("set_epoch"), "0");
  });
});

test("the walk-through opens at step 1, shows its figure, and Esc closes it with focus returned", async () => {
  await withPage({ guide: 1, n: 22, num_replicas: 4 }, async (page) => {
    assert.equal(await page.textContent("[data-testid=guide-count]"), "Step 1 of 8, stage 1 of 5");
    await page.waitForFunction(() => {
      const r = document.querySelector("[data-testid=guide]").getBoundingClientRect();
      const p = document.querySelector(".pipeline-section").getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight * 0.6 && p.top < window.innerHeight;
    });
    await page.click("[data-testid=guide-next]");
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=guide-start]");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "guide-start");
    assert.equal(pageQuery(page).get("guide"), null);
  });
});

test("the walk-through goes on through the story's steps, each scrolled into view below its card", async () => {
  await withPage({ guide: 1, stage: 5, n: 22, num_replicas: 4 }, async (page) => {
    await page.click("[data-testid=guide-next]");
    for (const [k, anchor] of [[2, "pad-or-trim"], [3, "set-epoch"], [4, "batches"], [5, "no-sampler"], [6, "your-library"], [7, "inside-one-gpu"], [8, "pitfalls"]]) {
      assert.equal(await page.textContent("[data-testid=guide-count]"), `Step ${k} of 8`);
      assert.equal(pageQuery(page).get("step"), anchor);
      assert.equal(await page.evaluate(() => document.body.dataset.guideStep), anchor);
      // Its sentence, with this configuration's numbers, is the section's.
      assert.equal(await page.textContent("[data-testid=guide-text]"), await page.textContent(`#${anchor} [data-testid=step-sentence]`));
      await page.waitForFunction((id) => {
        const card = document.querySelector("[data-testid=guide-card]").getBoundingClientRect();
        const top = document.getElementById(id).getBoundingClientRect().top;
        return top >= card.bottom - 1 && top < window.innerHeight * 0.8;
      }, anchor);
      if (k < 8) await page.click("[data-testid=guide-next]");
    }
    await page.click("[data-testid=guide-back]");
    assert.equal(await page.textContent("[data-testid=guide-count]"), "Step 7 of 8");
    await page.click("[data-testid=guide-dot-1]");
    assert.equal(await page.textContent("[data-testid=guide-count]"), "Step 1 of 8, stage 1 of 5");
    assert.equal(pageQuery(page).get("step"), null);
  });
  await withPage({ guide: 1, step: "set-epoch" }, async (page) => {
    assert.equal(await page.textContent("[data-testid=guide-count]"), "Step 3 of 8");
    await page.click("[data-testid=guide-done], [data-testid=guide-close]");
  });
});

test("the walk-through at a later step and present mode at the last: no serious accessibility violation", async () => {
  for (const query of [{ guide: 1, step: "set-epoch", set_epoch: 0 }, { present: 1, step: "pitfalls" }, { guide: 1, lang: "zh" }]) {
    await withPage(query, async (page) => {
      assert.deepEqual(await seriousViolations(page), [], JSON.stringify(query));
    }, { ready: "[data-testid=compare] [data-testid=gpu-lane]" });
  }
});
