// The twenty pitfall scenarios in headless Chromium: one click shows the broken and the fixed
// set-up with the expected numbers (the and PyTorch's), `?scenario=` links open one,
// "show in the picture" loads a side into the main controls, an unknown name is explained as
// plain text, Chinese works, phones do not scroll sideways, and nothing logs an error. A
// pitfall's card is worked out by the story's part (parts/story-HASH/, with the charts): loaded
// when a pitfall is asked for or the section nears the screen, and said missing when it cannot be.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pytorchRanks as goldenRanks, tableRows } from "./golden-ranks.mjs";
import { DRAWN, PARTS_MISSING, TABLE, appUrl, openBeforeTheStorysPart, openPage, pageQuery, seriousViolations, settledTable, storyPartFiles, useBrowser } from "./harness.mjs";

const session = useBrowser();

/**
 * `session.withPage`, and with a pitfall named in the URL, once its card is drawn too (the
 * story's part works it out after the page has started).
 */
const withPage = (params, body, options = {}) =>
  session.withPage(params, async (page) => {
    if (params.scenario in EXPECT) {
      await page.waitForSelector(`[data-testid=scenario-panel][data-scenario=${params.scenario}]`, { timeout: DRAWN });
    }
    await body(page);
  }, options);

/** Every scenario's URL name and a few of the numbers each side must show. */
const EXPECT = {
  no_set_epoch: { broken: { repeats: 2, "distinct-seeds": 1 }, fixed: { repeats: 0, "distinct-seeds": 3 } },
  seed_per_rank: { broken: {}, fixed: { "never-seen": 0, "seen-twice": 0 } },
  eval_padding: { broken: { predictions: 22, "counted-twice": 1 }, fixed: { predictions: 21, "counted-twice": 0 } },
  drop_last: { broken: { padding: 1, "loader-dropped": 3 }, fixed: { "sampler-dropped": 1, padding: 0 } },
  tiny_dataset: { broken: { padding: 5, "most-times": 3 }, fixed: { padding: 0, "most-times": 1 } },
  no_sampler: { broken: { work: 16, "identical-batches": 2 }, fixed: { work: 8, "identical-batches": 0 } },
  lengths: {
    broken: { "loader-len": 391, "dataset-len": 50000, "sampler-len": 25000 },
    fixed: { "loader-len": 391, "sampler-len": 25000, "dataset-len": 50000 },
  },
  resume: { broken: {}, fixed: { "seen-twice": 0, "never-seen": 0 } },
  double_shuffle: { broken: {}, fixed: { "loader-len": 1 } },
  split_batches: { broken: { "per-gpu-batch": 4, "effective-batch": 8, "most-steps": 4 }, fixed: { "per-gpu-batch": 8, "effective-batch": 16, "most-steps": 2 } },
  even_batches: { broken: { "fewest-steps": 1, "most-steps": 2 }, fixed: { "fewest-steps": 2, "seen-twice": 4 } },
  lightning_eval: { broken: { predictions: 24, "counted-twice": 3 }, fixed: { predictions: 21, "counted-twice": 0, "fewest-samples": 5 } },
  stateful_resume: { broken: {}, fixed: { "seen-twice": 0, "never-seen": 0 } },
  iterable_no_shard: { broken: { trained: 32, "most-times": 4 }, fixed: { trained: 8, "most-times": 1 } },
  iterable_sampler: { broken: {}, fixed: { trained: 8, "most-times": 1 } },
  uneven_hang: { broken: { "fewest-steps": 2, "most-steps": 3, waiting: 2 }, fixed: { "fewest-steps": 3, waiting: 0 } },
  worker_same_numpy_seed: { broken: { "distinct-worker-seeds": 1 }, fixed: { "distinct-worker-seeds": 2 } },
  weighted_no_wrapper: { broken: { trained: 40, "identical-lists": 2 }, fixed: { trained: 20, "identical-lists": 0 } },
  weighted_seed_per_rank: { broken: { "several-gpus": 5, "never-seen": 5 }, fixed: { "several-gpus": 0, "never-seen": 0 } },
  monai_empty_slice: { broken: { raised: 1, trained: 5 }, fixed: { raised: 0, trained: 10 } },
};

/** `{ id: value }` of every fact on one side. */
function facts(page, which) {
  return page.$$eval(`[data-testid=scenario-${which}] li[data-testid^=fact-]`, (items) =>
    Object.fromEntries(items.map((li) => [li.dataset.testid.slice(5), Number(li.dataset.value)])),
  );
}

/** Each row of chips on one side, as numbers. */
function chipRows(page, which) {
  return page.$$eval(`[data-testid=scenario-${which}] .scenario-row`, (rows) =>
    rows.map((row) => [...row.querySelectorAll(".scenario-chip")].map((c) => Number(c.textContent))),
  );
}

/** PyTorch's ranks for `DistributedSampler(Idx(n), num_replicas=w, seed=0)` after `set_epoch(epoch)`. */
const pytorchRanks = async (n, w, epoch = "0") => tableRows(await goldenRanks({ n, w, epoch }));

test("no scenario chosen: the picker only", async () => {
  await withPage({}, async (page) => {
    const names = await page.$$eval("[data-testid=scenarios] button[data-testid^=scenario-]", (bs) =>
      bs.map((b) => b.dataset.testid.slice(9)),
    );
    assert.deepEqual(names, Object.keys(EXPECT));
    assert.equal(await page.locator("[data-testid=scenario-panel]").count(), 0);
  });
});

test("each button shows both sides with the expected numbers, and keeps the URL", async () => {
  await withPage({ n: 10, num_replicas: 3 }, async (page) => {
    for (const [name, sides] of Object.entries(EXPECT)) {
      await page.click(`[data-testid=scenario-${name}]`);
      await page.waitForSelector(`[data-testid=scenario-panel][data-scenario=${name}]`);
      assert.equal(await page.getAttribute(`[data-testid=scenario-${name}]`, "aria-pressed"), "true");
      for (const which of ["broken", "fixed"]) {
        const got = await facts(page, which);
        for (const [id, value] of Object.entries(sides[which])) {
          assert.equal(got[id], value, `${name} ${which} ${id}`);
        }
        assert.ok(await page.isVisible(`[data-testid=scenario-${which}] .scenario-code`));
      }
      const query = pageQuery(page);
      assert.equal(query.get("scenario"), name);
      assert.equal(query.get("n"), "10", "the other parameters stay");
    }
  });
});

test("the broken sides show the problem: samples never seen, twice, or PyTorch's error", async () => {
  await withPage({ scenario: "seed_per_rank" }, async (page) => {
    const seed = await facts(page, "broken");
    assert.ok(seed["never-seen"] > 0 && seed["seen-twice"] > 0);
  });
  await withPage({ scenario: "resume" }, async (page) => {
    const resume = await facts(page, "broken");
    assert.ok(resume["never-seen"] > 0 && resume["seen-twice"] > 0);
    assert.equal(resume["restart-twice"], 8);
  });
  await withPage({ scenario: "double_shuffle" }, async (page) => {
    const error = await page.textContent("[data-testid=scenario-broken] [data-testid=scenario-error]");
    assert.match(error, /ValueError: sampler option is mutually exclusive with shuffle/);
    assert.match(error, /pass shuffle to the sampler/);
  });
});

test("the small pictures are PyTorch's indices", async () => {
  await withPage({ scenario: "tiny_dataset" }, async (page) => {
    const golden = (await pytorchRanks(3, 8)).map((r) => r.indices);
    assert.deepEqual(await chipRows(page, "broken"), golden);
  });
  await withPage({ scenario: "no_set_epoch" }, async (page) => {
    const [e0, e1] = [await pytorchRanks(8, 2, "0"), await pytorchRanks(8, 2, "1")];
    const rows = (await chipRows(page, "fixed")).slice(0, 4);
    assert.deepEqual(rows, [...e0, ...e1].map((r) => r.indices));
    const broken = (await chipRows(page, "broken")).slice(0, 4);
    assert.deepEqual(broken, [...e0, ...e0].map((r) => r.indices));
  });
});

test("show in the picture loads a side into the controls and the index table", async () => {
  await withPage({ scenario: "tiny_dataset" }, async (page) => {
    await page.click("[data-testid=scenario-show-broken]");
    const expected = await pytorchRanks(3, 8);
    assert.deepEqual(await settledTable(page, "index-table", expected), expected);
    assert.equal(pageQuery(page).get("num_replicas"), "8");
    assert.equal(pageQuery(page).get("scenario"), "tiny_dataset");
  });
  await withPage({ scenario: "no_set_epoch" }, async (page) => {
    await page.click("[data-testid=scenario-show-fixed]");
    const expected = await pytorchRanks(8, 2, "1");
    assert.deepEqual(await settledTable(page, "index-table", expected), expected);
  });
  await withPage({ scenario: "double_shuffle" }, async (page) => {
    await page.click("[data-testid=scenario-show-broken]");
    await page.waitForSelector("[data-testid=error-loader_shuffle] strong");
    const error = await page.textContent("[data-testid=error-loader_shuffle]");
    assert.match(error, /ValueError: sampler option is mutually exclusive with shuffle/);
  });
});

test("a deep link opens its scenario; close returns to the picker", async () => {
  await withPage({ scenario: "lengths", lang: "en" }, async (page) => {
    const got = await facts(page, "fixed");
    assert.deepEqual([got["loader-len"], got["sampler-len"], got["dataset-len"]], [391, 25000, 50000]);
    assert.match(await page.textContent("[data-testid=scenario-fixed]"), /25,000/);
    await page.click("[data-testid=scenario-close]");
    assert.equal(await page.locator("[data-testid=scenario-panel]").count(), 0);
    assert.equal(pageQuery(page).get("scenario"), null);
    assert.equal(pageQuery(page).get("lang"), "en");
  });
});

test("an unknown name is explained as text and the page keeps working", async () => {
  const name = '<img src=x onerror="window.hacked=1">';
  await withPage({ scenario: name }, async (page) => {
    const message = await page.textContent("[data-testid=scenario-unknown]");
    assert.ok(message.includes(name), "the name is shown as plain text");
    assert.equal(await page.locator("[data-testid=scenarios] img").count(), 0);
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    await page.click("[data-testid=scenario-resume]");
    await page.waitForSelector("[data-testid=scenario-fixed]");
    assert.equal(await page.locator("[data-testid=scenario-unknown]").count(), 0);
  });
});

test("the buttons work from the keyboard", async () => {
  await withPage({}, async (page) => {
    await page.focus("[data-testid=scenario-eval_padding]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=eval_padding]");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=drop_last]");
  });
});

test("a pitfall picked at the foot of the screen is brought up to be seen; one picked higher stays put", async () => {
  await withPage({}, async (page) => {
    // The picker's last row at the foot of the screen: the card would start below it. What
    // draws as it nears the screen (the story's figures above, from its part) may move the
    // picker: put it at the foot again until it stays there.
    for (let tries = 0; tries < 10; tries++) {
      const off = await page.evaluate(() => {
        const picker = document.querySelector(".scenario-picker").getBoundingClientRect();
        window.scrollBy(0, picker.bottom - window.innerHeight + 4);
        return Math.abs(picker.bottom - window.innerHeight + 4);
      });
      await page.waitForTimeout(300);
      if (off < 2) break;
    }
    await page.click("[data-testid=scenario-lengths]");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=lengths]", { timeout: DRAWN });
    await page.waitForFunction(() => {
      const top = document.querySelector("[data-testid=scenario-panel]").getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight * 0.5;
    }, null, { timeout: DRAWN });
    // Picked with the picker high on the screen, the card in sight: the page does not move.
    await page.evaluate(() => {
      const picker = document.querySelector(".scenario-picker").getBoundingClientRect();
      window.scrollBy(0, picker.top - window.innerHeight * 0.35);
    });
    const before = await page.evaluate(() => window.scrollY);
    await page.click("[data-testid=scenario-resume]");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=resume]", { timeout: DRAWN });
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.scrollY), before);
  });
});

test("closing a pitfall from the keyboard leaves the focus on its button", async () => {
  await withPage({}, async (page) => {
    await page.focus("[data-testid=scenario-resume]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=resume]", { timeout: DRAWN });
    await page.focus("[data-testid=scenario-close]");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !document.querySelector("[data-testid=scenario-panel]"));
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "scenario-resume");
  });
});

test("a pitfall's card comes with the story's part: not with the page, at once when asked for, once for the charts too", async () => {
  const { page, errors, warnings, requests } = await openBeforeTheStorysPart(session.browser, session.server.url);
  try {
    await page.click("[data-testid=scenario-no_set_epoch]");
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=no_set_epoch]", { timeout: DRAWN });
    assert.deepEqual(storyPartFiles(requests), ["story.js", "story_bg.wasm"]);
    assert.equal((await facts(page, "broken")).repeats, 2);
    // The charts are in the same part: nothing more to fetch.
    await page.locator("[data-testid=charts]").scrollIntoViewIfNeeded();
    await page.waitForSelector("[data-testid=chart-padding] svg", { timeout: DRAWN });
    assert.deepEqual(storyPartFiles(requests), ["story.js", "story_bg.wasm"]);
    assert.deepEqual([errors, warnings], [[], []]);
  } finally {
    await page.close();
  }
});

for (const [lang, said] of [
  ["en", /^This pitfall could not be worked out here: the part of the page that computes it did not load \(.+\)\. Pick it again to try once more; the rest of the page works\.$/],
  ["zh", /^无法在此计算这个坑：页面中负责计算它的部分没有加载（.+）。再次选择它即可重试；页面的其余部分照常可用。$/],
]) {
  test(`a pitfall whose part cannot be loaded says so where its card would be, and the page goes on (${lang})`, async () => {
    const url = appUrl(session.server.url, { lang, n: 10, num_replicas: 3 });
    const { page } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
    try {
      await page.waitForSelector(TABLE, { timeout: DRAWN });
      await page.click("[data-testid=scenario-resume]");
      const missing = page.locator("[data-testid=scenario-missing]");
      await missing.waitFor({ timeout: DRAWN });
      assert.match((await missing.textContent()).trim(), said);
      assert.equal(await page.locator("[data-testid=scenario-panel]").count(), 0);
      assert.equal(await page.getAttribute("[data-testid=scenario-resume]", "aria-pressed"), "true");
      assert.equal(pageQuery(page).get("scenario"), "resume");
      // The page goes on: a control still redraws the tables.
      await page.fill("[data-testid=control-num_replicas] >> nth=0", "2");
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=index-table] tr[data-rank]").length === 2, null, { timeout: DRAWN });
      // Once the files are there again, picking the pitfall again works it out.
      await page.unroute(PARTS_MISSING[0]);
      await page.click("[data-testid=scenario-resume]");
      await page.waitForSelector("[data-testid=scenario-panel][data-scenario=resume]", { timeout: DRAWN });
      assert.equal(await page.locator("[data-testid=scenario-missing]").count(), 0);
    } finally {
      await page.close();
    }
  });
}

test("a link to a pitfall whose part cannot be loaded still lands on it, and changes nothing", async () => {
  const url = appUrl(session.server.url, { scenario: "no_set_epoch" });
  const { page } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
  try {
    await page.waitForSelector("[data-testid=scenario-missing]", { timeout: DRAWN });
    await page.waitForFunction(() => {
      const top = document.querySelector("[data-testid=scenario-missing]").getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight;
    }, null, { timeout: DRAWN });
    // The broken side is the part's to say: the controls keep the page's values.
    assert.equal(await page.isChecked("[data-testid=control-set_epoch] >> nth=0"), true);
  } finally {
    await page.close();
  }
});

test("a link to a pitfall does not undo what the reader changed before the part arrived", async () => {
  // The part arrives only once released, after the reader's change.
  let release;
  const held = new Promise((done) => (release = done));
  const hold = [/\/parts\//, async (route) => { await held; await route.continue(); }];
  const url = appUrl(session.server.url, { scenario: "no_set_epoch" });
  const { page } = await openPage(session.browser, url, undefined, { route: hold });
  try {
    await page.waitForSelector("[data-testid=scenario-loading]", { timeout: DRAWN });
    await page.fill("[data-testid=control-num_replicas] >> nth=0", "3");
    release();
    await page.waitForSelector("[data-testid=scenario-panel][data-scenario=no_set_epoch]", { timeout: DRAWN });
    await page.waitForTimeout(300);
    assert.equal(await page.inputValue("[data-testid=control-num_replicas] >> nth=0"), "3");
    assert.equal(await page.isChecked("[data-testid=control-set_epoch] >> nth=0"), true);
  } finally {
    await page.close();
  }
});

test("switching the language rewrites an open pitfall's card in place, the focus kept", async () => {
  await withPage({ scenario: "eval_padding", lang: "en" }, async (page) => {
    await page.waitForSelector("[data-testid=scenario-panel]", { timeout: DRAWN });
    assert.match(await page.textContent("[data-testid=scenario-broken] h4"), /Broken/);
    await page.focus("[data-testid=scenario-show-broken]");
    // A click that leaves the focus where it is (as a shortcut would).
    await page.evaluate(() => document.querySelector("[data-testid=lang-zh]").click());
    await page.waitForFunction(() => /出错的写法/.test(document.querySelector("[data-testid=scenario-broken] h4")?.textContent));
    assert.equal(await page.getAttribute("[data-testid=scenario-panel]", "data-scenario"), "eval_padding");
    assert.match(await page.textContent("[data-testid=fact-predictions]"), /22/);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "scenario-show-broken");
  });
});

test("lang=zh shows the scenarios in Chinese", async () => {
  await withPage({ scenario: "eval_padding", lang: "zh" }, async (page) => {
    assert.match(await page.textContent("[data-testid=scenario-broken] h4"), /出错的写法/);
    assert.match(await page.textContent("[data-testid=scenario-fixed] h4"), /修正后的写法/);
    assert.match(await page.textContent("[data-testid=scenario-explain]"), /[\u4e00-\u9fff]/);
    assert.match(await page.textContent("[data-testid=fact-predictions]"), /22/);
    assert.match(await page.textContent("[data-testid=scenario-eval_padding]"), /验证集/);
  });
});

test("on a 390 px phone the sides stack without scrolling sideways", async () => {
  for (const scenario of ["lengths", "resume", "double_shuffle", "seed_per_rank"]) {
    await withPage(
      { scenario },
      async (page) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${scenario} overflows by ${overflow}px`);
        const [broken, fixed] = await Promise.all(
          ["broken", "fixed"].map((w) => page.locator(`[data-testid=scenario-${w}]`).boundingBox()),
        );
        assert.ok(fixed.y >= broken.y + broken.height, "fixed below broken");
      },
      { viewport: { width: 390, height: 844 } },
    );
  }
});

test("every scenario open has no serious accessibility violation, light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    await withPage({}, async (page) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      for (const name of Object.keys(EXPECT)) {
        await page.click(`[data-testid=scenario-${name}]`);
        await page.waitForSelector(`[data-testid=scenario-panel][data-scenario=${name}]`);
        assert.deepEqual(await seriousViolations(page, "[data-testid=scenarios]"), [], `${name}, ${colorScheme}`);
      }
    });
  }
});
