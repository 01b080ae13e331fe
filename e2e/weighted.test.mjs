// The weighted schemes on the page: picked by the URL, their lanes as the real packages draw
// them, each sample's class as a band, a MONAI process's exception in its lane, the pitfalls'
// broken and fixed sides, the class-imbalance preset, Chinese, and axe.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickPreset, openPage, appUrl, pageQuery, seriousViolations as axeViolations, useBrowser } from "./harness.mjs";

const session = useBrowser();
const LANES = "[data-testid=compare] [data-testid=gpu-lane]";
const withPage = (params, body) => session.withPage(params, body, { ready: LANES });

// What the real packages print for n=20, num_replicas=2, batch_size=4 and the page's default
// weights (labels = [0] * 18 + [1] * 2, weights = 1 / its class's size), generator seeded with
// 0 in every process (torch 2.15.0, lightning-fabric 2.6.6, monai 1.6.1): the scheme's own
// Python, `cargo run --example python_script -- "n=20&num_replicas=2&batch_size=4" --scheme NAME`.
const IMBALANCED = { n: 20, num_replicas: 2, batch_size: 4 };
const DRAWN = [19, 18, 16, 19, 18, 19, 6, 12, 18, 10, 16, 6, 12, 18, 17, 15, 14, 7, 18, 19];
const PYTHON = {
  weighted_no_wrapper: [DRAWN, DRAWN],
  weighted_wrapper: [
    [18, 18, 12, 19, 10, 6, 14, 16, 15, 18],
    [19, 19, 17, 6, 7, 16, 18, 12, 18, 19],
  ],
  monai_weighted: [
    [1, 10, 9, 1, 16, 10, 13, 3, 11, 7],
    [0, 18, 6, 12, 18, 18, 19, 19, 18, 19],
  ],
};
/** The minority class of the `imbalanced` weights: the last tenth of 20 samples. */
const classOf = (i) => (i >= 18 ? 1 : 0);

/** The lanes of the panel showing `scheme`: { indices, classes, repeat, raised } per rank. */
function lanes(page, scheme) {
  return page.$$eval(`[data-testid=compare] [data-scheme=${scheme}] [data-testid=gpu-lane]`, (all) =>
    all.map((lane) => {
      const tiles = [...lane.querySelectorAll("[data-index]")];
      return {
        indices: tiles.map((t) => Number(t.dataset.index)),
        classes: tiles.map((t) => Number(t.dataset.class)),
        repeat: tiles.map((t) => t.dataset.origin === "repeat"),
        raised: lane.querySelector("[data-testid=lane-raised]")?.textContent ?? null,
      };
    }),
  );
}

/** Whether each draw repeats one this GPU drew before. */
const repeats = (list) => list.map((i, k) => list.indexOf(i) < k);

/** `{ id: value }` of every fact on one side of the scenario shown. */
function facts(page, which) {
  return page.$$eval(`[data-testid=scenario-${which}] li[data-testid^=fact-]`, (items) =>
    Object.fromEntries(items.map((li) => [li.dataset.testid.slice(5), Number(li.dataset.value)])),
  );
}

/** Each row of chips on one side of the scenario shown, as numbers. */
function chipRows(page, which) {
  return page.$$eval(`[data-testid=scenario-${which}] .scenario-row`, (rows) =>
    rows.map((row) => [...row.querySelectorAll(".scenario-chip")].map((c) => Number(c.textContent))),
  );
}

test("the three weighted schemes by the URL: the real packages' draws, classes as bands, repeats marked", async () => {
  const compare = Object.keys(PYTHON).join(",");
  await withPage({ ...IMBALANCED, compare }, async (page) => {
    for (const [scheme, expected] of Object.entries(PYTHON)) {
      const got = await lanes(page, scheme);
      assert.deepEqual(got.map((l) => l.indices), expected, scheme);
      assert.deepEqual(got.map((l) => l.classes), expected.map((list) => list.map(classOf)), `${scheme} classes`);
      assert.deepEqual(got.map((l) => l.repeat), expected.map(repeats), `${scheme} repeats`);
      // The class view: every GPU's draws of class 1 and in all, against the share aimed at.
      const minority = expected.flat().filter((i) => classOf(i) === 1).length;
      const count = await page.getAttribute(`[data-testid=compare] [data-scheme=${scheme}] [data-fact=class-1]`, "data-count");
      assert.equal(Number(count), minority, `${scheme} class 1`);
      const legend = await page.textContent(`[data-testid=compare] [data-scheme=${scheme}] [data-testid=draws-legend]`);
      assert.match(legend, /class/);
      // Its class tiles are this dataset's own first and last samples, of class 0 and 1.
      const tiles = await page.$$eval(`[data-testid=compare] [data-scheme=${scheme}] [data-testid=draws-legend] [data-class]`,
        (ts) => ts.map((t) => [t.textContent, t.dataset.class]));
      assert.deepEqual(tiles, [["0", "0"], [String(IMBALANCED.n - 1), "1"]], `${scheme} legend`);
    }
    // The dataset's own row bands each sample by its class, as the lanes do.
    const datasetClasses = await page.$$eval("[data-testid=dataset] .tile", (ts) => ts.map((t) => t.dataset.class));
    assert.deepEqual(datasetClasses, Array.from({ length: IMBALANCED.n }, (_, i) => String(classOf(i))));
    // The verdict leads with what matters: every GPU drew the very same list; the wrapper's
    // draws are said as draws, never as samples lost.
    const verdict = (scheme) => page.textContent(`[data-testid=compare] [data-scheme=${scheme}] [data-testid=verdict]`);
    assert.match(await verdict("weighted_no_wrapper"), /^Every GPU drew the very same list: 2× the work/);
    assert.match(await verdict("weighted_wrapper"), /^Weighted draws: \d+ samples? drawn by no GPU this epoch, \d+ drawn more than once\./);
    assert.doesNotMatch(await verdict("monai_weighted"), /lost/);
    // Each class band is also said to screen readers.
    const sr = await page.textContent("[data-scheme=weighted_wrapper] [data-index='19'] .sr-only");
    assert.match(sr, /class 1/);
  });
});

test("a MONAI slice that weighs nothing: GPU 1's lane holds torch.multinomial's error, GPU 0 trains on", async () => {
  const params = { n: 10, num_replicas: 2, batch_size: 2, weights: "1,0", shuffle: 0, compare: "monai_weighted,weighted_wrapper" };
  await withPage(params, async (page) => {
    const [gpu0, gpu1] = await lanes(page, "monai_weighted");
    assert.deepEqual(gpu0.indices, [8, 6, 4, 8, 6]);
    assert.equal(gpu0.raised, null);
    assert.deepEqual(gpu1.indices, []);
    assert.match(gpu1.raised, /RuntimeError: invalid multinomial distribution \(sum of probabilities <= 0\)/);
    // Step 1 (the story follows MONAI's sampler): GPU 1's rows hold the same error, GPU 0's its draws.
    await page.waitForSelector("[data-testid=stages-figure] .stage");
    const stages = await page.$$eval("[data-testid=stages-figure] .stage", (ss) => ss.map((s) => [...s.querySelectorAll(".stage-row")].map((r) => ({
      tiles: [...r.querySelectorAll("[data-sample]")].map((t) => Number(t.dataset.sample)),
      raised: r.querySelector("[data-testid=stage-raised]")?.textContent ?? null,
    }))));
    assert.equal(stages.length, 2);
    for (const [row0, row1] of stages) {
      assert.deepEqual(row0, { tiles: [8, 6, 4, 8, 6], raised: null });
      assert.deepEqual(row1.tiles, []);
      assert.match(row1.raised, /RuntimeError: invalid multinomial distribution \(sum of probabilities <= 0\)/);
    }
  });
});

/** Each pitfall: the real packages' lists on each side (the same Python, see above) and numbers. */
const PITFALLS = {
  weighted_no_wrapper: {
    schemes: ["weighted_no_wrapper", "weighted_wrapper"],
    broken: { rows: PYTHON.weighted_no_wrapper, facts: { trained: 40, "most-steps": 5, "identical-lists": 2, "several-gpus": 10 } },
    fixed: { rows: PYTHON.weighted_wrapper, facts: { trained: 20, "most-steps": 3, "identical-lists": 0, "several-gpus": 5 } },
  },
  weighted_seed_per_rank: {
    schemes: ["weighted_wrapper", "distributed"],
    broken: {
      rows: [[17, 8, 12, 6, 15, 2, 1, 10, 4, 19], [19, 12, 10, 3, 16, 14, 7, 6, 1, 0]],
      facts: { "several-gpus": 5, "never-seen": 5 },
    },
    fixed: {
      rows: [[17, 8, 12, 6, 15, 2, 1, 10, 4, 19], [9, 0, 13, 7, 5, 11, 3, 14, 16, 18]],
      facts: { "several-gpus": 0, "never-seen": 0 },
    },
  },
  monai_empty_slice: {
    schemes: ["monai_weighted", "distributed"],
    broken: { rows: [[8, 6, 4, 8, 6], []], facts: { raised: 1, trained: 5 } },
    fixed: { rows: [[6, 6, 0, 6, 0], [2, 2, 8, 2, 2]], facts: { raised: 0, trained: 10 } },
  },
};

test("the weighted pitfalls: broken beside fixed, the real packages' lists, the numbers that differ", async () => {
  for (const [name, sides] of Object.entries(PITFALLS)) {
    await withPage({ scenario: name }, async (page) => {
      await page.waitForSelector(`[data-testid=scenario-panel][data-scenario=${name}]`);
      for (const which of ["broken", "fixed"]) {
        assert.deepEqual(await chipRows(page, which), sides[which].rows, `${name} ${which}`);
        const got = await facts(page, which);
        for (const [id, value] of Object.entries(sides[which].facts)) {
          assert.equal(got[id], value, `${name} ${which} ${id}`);
        }
      }
      // scenario= loads the broken side into the comparison, its scheme first.
      await page.waitForSelector(`[data-testid=compare] [data-testid=scheme-panel][data-scheme=${sides.schemes[0]}]`);
      const shown = await page.$$eval("[data-testid=compare] [data-testid=scheme-panel]", (ps) => ps.map((p) => p.dataset.scheme));
      assert.deepEqual(shown, sides.schemes, `${name} at the top`);
      const [top] = await lanes(page, sides.schemes[0]);
      assert.deepEqual(top.indices, sides.broken.rows[0], `${name}: the comparison draws the broken side`);
    });
  }
});

test("the MONAI pitfall names the GPU that raises; the fixed side loads into the comparison", async () => {
  await withPage({ scenario: "monai_empty_slice" }, async (page) => {
    const error = await page.textContent("[data-testid=scenario-broken] [data-testid=scenario-error]");
    assert.match(error, /GPU 1's process raises:/);
    assert.match(error, /RuntimeError: invalid multinomial distribution \(sum of probabilities <= 0\)/);
    assert.equal(await page.locator("[data-testid=scenario-fixed] [data-testid=scenario-error]").count(), 0);
    await page.click("[data-testid=scenario-show-fixed]");
    // Shuffled, GPU 1's slice holds weight: its lane draws instead of raising.
    await page.waitForFunction(() => !document.querySelector("[data-testid=compare] [data-scheme=monai_weighted] [data-testid=lane-raised]"));
    const [gpu0, gpu1] = await lanes(page, "monai_weighted");
    assert.deepEqual([gpu0.indices, gpu1.indices], PITFALLS.monai_empty_slice.fixed.rows);
    assert.equal(pageQuery(page).get("weights"), "1.0,0.0");
  });
});

test("the class-imbalance preset: 20 samples, weights 1/count, the three weighted schemes compared", async () => {
  await withPage({}, async (page) => {
    await clickPreset(page, "Class imbalance");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("n") === "20");
    const query = pageQuery(page);
    assert.equal(query.get("compare"), "weighted_no_wrapper,weighted_wrapper,monai_weighted");
    assert.equal(query.get("num_replicas"), "2");
    for (const [scheme, expected] of Object.entries(PYTHON)) {
      assert.deepEqual((await lanes(page, scheme)).map((l) => l.indices), expected, scheme);
    }
  });
});

test("in Chinese: the weighted pitfalls, the raising lane and the class facts", async () => {
  await withPage({ scenario: "monai_empty_slice", lang: "zh" }, async (page) => {
    assert.equal(await page.textContent("[data-testid=scenario-panel] h3"), "MONAI：某个切片的权重全为零");
    const error = await page.textContent("[data-testid=scenario-broken] [data-testid=scenario-error]");
    assert.match(error, /GPU 1 的进程抛出：/);
    assert.doesNotMatch(error, /process raises/);
    const raised = await page.textContent("[data-testid=compare] [data-scheme=monai_weighted] [data-testid=lane-raised]");
    assert.match(raised, /RuntimeError/);
    const rows = await page.$$eval("[data-testid=scenario-broken] .scenario-row-label", (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(rows, ["rank 0", "rank 1：进程已抛出异常"]);
  });
  await withPage({ ...IMBALANCED, compare: "weighted_wrapper,monai_weighted", lang: "zh" }, async (page) => {
    const [gpu0] = await lanes(page, "weighted_wrapper");
    assert.deepEqual(gpu0.indices, PYTHON.weighted_wrapper[0]);
    const share = await page.textContent("[data-scheme=weighted_wrapper] [data-fact=class-1]");
    assert.doesNotMatch(share, /class|samples/);
  });
  await withPage({ scenario: "weighted_no_wrapper", lang: "zh" }, async (page) => {
    const title = await page.textContent("[data-testid=scenario-panel] h3");
    assert.equal(title, "WeightedRandomSampler 不加分布式包装");
  });
});

/** Serious and critical axe violations on the page at `url`. */
async function seriousViolations(url) {
  const { page, errors } = await openPage(session.browser, url);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForSelector(LANES);
  const serious = await axeViolations(page);
  await page.close();
  assert.deepEqual(errors, []);
  return serious;
}

for (const [name, params] of [
  ["the three weighted schemes", { ...IMBALANCED, compare: Object.keys(PYTHON).join(",") }],
  ["the MONAI pitfall, in Chinese", { scenario: "monai_empty_slice", lang: "zh" }],
  ["the per-rank seed pitfall", { scenario: "weighted_seed_per_rank" }],
]) {
  test(`no serious accessibility violation: ${name}`, async () => {
    assert.deepEqual(await seriousViolations(appUrl(session.server.url, params)), []);
  });
}
