// The comparison at the top of the page: its lanes hold PyTorch's indices, data-dup marks
// exactly the samples two lanes hold, compare= picks the schemes, epochs play and move.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PARTS_MISSING, appUrl, goldenCases, openBeforeTheStorysPart, openPage, pageQuery, readIndexTable, seriousViolations, storyPartFiles, useBrowser } from "./harness.mjs";
import { pytorchRanks } from "./golden-ranks.mjs";

const session = useBrowser();
const COMPARE = "[data-testid=compare] [data-testid=gpu-lane]";
const withPage = (params, body, options) => session.withPage(params, body, { ready: COMPARE, ...options });

/** Every panel as { scheme, lanes: [{ rank, indices, dup, more }] }. */
function readPanels(page) {
  return page.$$eval("[data-testid=compare] [data-testid=scheme-panel]", (panels) =>
    panels.map((panel) => ({
      scheme: panel.dataset.scheme,
      lanes: [...panel.querySelectorAll("[data-testid=gpu-lane]")].map((lane) => ({
        rank: Number(lane.dataset.rank),
        indices: [...lane.querySelectorAll("[data-index]")].map((t) => Number(t.dataset.index)),
        dup: [...lane.querySelectorAll("[data-index]")].map((t) => t.dataset.dup === "1"),
        more: lane.querySelector(".more")?.textContent ?? "",
      })),
    })),
  );
}

/** Waits until the panel of `scheme` reads `epoch`'s lanes, then returns the panels. */
async function panelsAt(page, epoch) {
  await page.waitForFunction((e) => document.querySelector("[data-testid=epoch]")?.textContent.includes(String(e)), epoch);
  return readPanels(page);
}

/** The distributed panel a moment later. */
async function panelsAfter(page) {
  await page.waitForTimeout(200);
  return (await readPanels(page))[0];
}

/** Whether each shown index is marked exactly when another lane of its panel holds it. */
function assertDupExact(panel) {
  for (const lane of panel.lanes) {
    lane.indices.forEach((index, k) => {
      const elsewhere = panel.lanes.some((other) => other.rank !== lane.rank && other.indices.includes(index));
      assert.equal(lane.dup[k], elsewhere, `${panel.scheme} rank ${lane.rank} index ${index}`);
    });
  }
}

const goldenConfigs = [
  { n: 8, w: 2 },
  { n: 10, w: 3 },
  { n: 10, w: 3, drop_last: true },
  { n: 7, w: 4, epoch: "1" },
  { n: 100, w: 8, seed: "42" },
  { n: 50000, w: 2 },
];

for (const config of goldenConfigs) {
  test(`the distributed lanes are PyTorch's: ${JSON.stringify(config)}`, async () => {
    const ranks = await pytorchRanks(config);
    const params = { n: config.n, num_replicas: config.w, seed: config.seed ?? "0", epoch: config.epoch ?? "0", drop_last: config.drop_last ? 1 : 0 };
    await withPage(params, async (page) => {
      const [distributed] = (await readPanels(page)).filter((p) => p.scheme === "distributed");
      assert.equal(distributed.lanes.length, config.w);
      for (const [r, rank] of ranks.entries()) {
        const expected = (rank.indices ?? rank.head).slice(0, 64);
        assert.deepEqual(distributed.lanes[r].indices.slice(0, expected.length), expected);
        assert.equal(distributed.lanes[r].indices.length, Math.min(rank.len, 64));
        if (rank.len > 64) assert.match(distributed.lanes[r].more, /\d/);
      }
      if (config.n <= 64 * config.w) assertDupExact(distributed);
    });
  });
}

test("the no-sampler lanes are PyTorch's, every lane alike, every tile marked as shared", async () => {
  const cases = (await goldenCases("dataloader")).filter((c) => c.case === "dataloader_no_sampler" && c.n <= 64).slice(0, 4);
  assert.ok(cases.length > 0);
  for (const c of cases) {
    for (const [epoch, batches] of c.batches_per_epoch.entries()) {
      const params = { n: c.n, num_replicas: 2, shuffle: c.shuffle ? 1 : 0, batch_size: c.batch_size, loader_drop_last: c.loader_drop_last ? 1 : 0, manual_seed: c.manual_seed, epoch };
      await withPage(params, async (page) => {
        const [panel] = (await readPanels(page)).filter((p) => p.scheme === "no_sampler");
        for (const lane of panel.lanes) assert.deepEqual(lane.indices, batches.flat());
        assertDupExact(panel);
        assert.ok(panel.lanes[0].dup.every(Boolean));
      });
    }
  }
});

/**
 * Each shown lane of each panel as { scheme, rank, ringed, starts, batchGaps, inBatch }: how many
 * of its tiles are ringed and begin a batch, the space (px) before each batch's first tile that
 * sits on the row of the tile before it, and the widest space between two tiles of one batch.
 */
function laneGaps(page) {
  return page.$$eval("[data-testid=scheme-panel] [data-testid=gpu-lane]", (lanes) =>
    lanes.filter((lane) => lane.getClientRects().length > 0).map((lane) => {
      const tiles = [...lane.querySelectorAll("[data-index]")];
      const batchGaps = [];
      let inBatch = 0;
      let split = 0;
      tiles.forEach((tile, k) => {
        if (k === 0) return;
        const before = tiles[k - 1].getBoundingClientRect();
        const here = tile.getBoundingClientRect();
        if (Math.abs(here.top - before.top) > 1) {
          // A new row: it may only start a batch, never cut one in two.
          if (!tile.classList.contains("batch-start")) split += 1;
          return;
        }
        const gap = here.left - before.right;
        if (tile.classList.contains("batch-start")) batchGaps.push(gap);
        else inBatch = Math.max(inBatch, gap);
      });
      return {
        scheme: lane.closest("[data-testid=scheme-panel]").dataset.scheme,
        rank: Number(lane.dataset.rank),
        tiles: tiles.length,
        ringed: tiles.filter((t) => t.dataset.dup === "1").length,
        starts: tiles.filter((t) => t.classList.contains("batch-start")).length,
        batchGaps,
        inBatch,
        split,
      };
    }),
  );
}

/**
 * Asserts that each lane shows its batches apart: a gap before every batch's first tile that
 * shares a row with the tile before it, and no batch cut across two rows. With `shared`, at
 * least one batch starts on the row of the one before it (the lanes are wide enough).
 */
function assertBatchGaps(lanes, steps, { shared = true } = {}) {
  for (const lane of lanes) {
    const name = `${lane.scheme} GPU ${lane.rank}`;
    assert.equal(lane.starts, steps - 1, `${name}: ${steps} batches, so ${steps - 1} batch starts after the first`);
    assert.equal(lane.split, 0, `${name}: no batch cut across two rows`);
    if (shared) assert.ok(lane.batchGaps.length > 0, `${name}: a batch start on the row of the tile before it`);
    for (const gap of lane.batchGaps) {
      assert.ok(gap >= lane.inBatch + 8,
        `${name}: ${Math.round(gap)} px before a batch's first tile, ${Math.round(lane.inBatch)} px between tiles of a batch`);
    }
  }
}

test("a batch's first tile keeps its gap, ringed or not (the no-sampler lanes are all ringed)", async () => {
  const params = { n: 16, num_replicas: 2, batch_size: 4 };
  await withPage(params, async (page) => {
    assert.match(await page.textContent("[data-scheme=no_sampler] [data-fact=steps]"), /Steps per epoch on each GPU: 4\./);
    const lanes = await laneGaps(page);
    const none = lanes.filter((l) => l.scheme === "no_sampler");
    assert.equal(none.length, 2);
    assert.ok(none.every((l) => l.tiles === 16 && l.ringed === 16), "every no-sampler tile is ringed");
    assertBatchGaps(none, 4);
    assertBatchGaps(lanes.filter((l) => l.scheme === "distributed"), 2);
  });
  // On a phone, the no-sampler panel on its own: batches of four ringed tiles, one a row (two
  // are wider than its lane), never cut in two; batches of two share rows, a gap before each.
  await withPage(params, async (page) => {
    await page.click(".scheme-switch button >> nth=1");
    const lanes = await laneGaps(page);
    assert.deepEqual(lanes.map((l) => l.scheme), ["no_sampler", "no_sampler"]);
    assertBatchGaps(lanes, 4, { shared: false });
  }, { viewport: { width: 390, height: 844 } });
  await withPage({ ...params, batch_size: 2 }, async (page) => {
    await page.click(".scheme-switch button >> nth=1");
    assertBatchGaps(await laneGaps(page), 8);
  }, { viewport: { width: 390, height: 844 } });
});

test("a batch wider than its lane wraps inside it: no tile leaves its lane, nothing scrolls sideways", async () => {
  for (const [params, viewport] of [
    [{ n: 32, num_replicas: 2, batch_size: 16 }, { width: 1280, height: 800 }],
    [{ n: 16, num_replicas: 2, batch_size: 8 }, { width: 390, height: 844 }],
  ]) {
    await withPage(params, async (page) => {
      const seen = await page.evaluate(() => ({
        out: [...document.querySelectorAll("[data-testid=scheme-panel] .tiles .tile")]
          .filter((t) => t.getClientRects().length > 0)
          .filter((t) => t.getBoundingClientRect().right > t.closest(".tiles").getBoundingClientRect().right + 1).length,
        across: document.documentElement.scrollWidth <= innerWidth,
      }));
      assert.deepEqual(seen, { out: 0, across: true }, `${JSON.stringify(params)} at ${viewport.width}`);
    }, { viewport });
  }
});

test("compare= picks the schemes; seed_per_rank's lanes lose and repeat samples", async () => {
  await withPage({ n: 16, num_replicas: 4, compare: "distributed,seed_per_rank" }, async (page) => {
    const panels = await readPanels(page);
    assert.deepEqual(panels.map((p) => p.scheme), ["distributed", "seed_per_rank"]);
    panels.forEach(assertDupExact);
    assert.ok(!panels[0].lanes.some((l) => l.dup.some(Boolean)), "16 on 4: nothing shared");
    assert.ok(panels[1].lanes.some((l) => l.dup.some(Boolean)), "seed=rank: some shared");
    const verdict = await page.textContent("[data-scheme=seed_per_rank] [data-testid=verdict]");
    assert.match(verdict, /5 never seen this epoch, 4 seen more than once/);
    assert.equal(await page.locator("[data-scheme=seed_per_rank] [data-unseen]").count(), 5);
    const python = await page.textContent("[data-scheme=seed_per_rank] [data-testid=scheme-python] code");
    assert.match(python, /DistributedSampler\(dataset, num_replicas=4, rank=rank, shuffle=True, seed=rank/);
  });
});

test("a bad compare= says so and shows the default pair; the picker rewrites compare=", async () => {
  await withPage({ compare: "distributed,horovod" }, async (page) => {
    assert.match(await page.textContent("[data-testid=compare-error]"), /"horovod"/);
    assert.deepEqual((await readPanels(page)).map((p) => p.scheme), ["distributed", "no_sampler"]);
    await page.selectOption("[data-testid=scheme-panel]:nth-child(2) [data-testid=scheme-picker]", "seed_per_rank");
    await page.waitForSelector("[data-scheme=seed_per_rank]");
    assert.equal(pageQuery(page).get("compare"), "distributed,seed_per_rank");
    assert.equal(await page.locator("[data-testid=compare-error]").count(), 0);
  });
});

test("play moves the epoch on; without set_epoch the verdict warns that the order repeats", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    const before = await readPanels(page);
    await page.click("[data-testid=play-epochs]");
    const after = await panelsAt(page, 1);
    await page.click("[data-testid=play-epochs]");
    assert.notDeepEqual(after[0].lanes, before[0].lanes, "epoch 1 deals a new order");
    assert.equal(pageQuery(page).get("epoch"), "1");
  });
  await withPage({ n: 8, num_replicas: 2, set_epoch: 0, epoch: 3 }, async (page) => {
    const verdict = await page.textContent("[data-scheme=distributed] [data-testid=verdict]");
    assert.match(verdict, /The same order as epoch 0: every GPU trains on the same samples in the same order again/);
    await page.waitForSelector("[data-scheme=distributed] [data-fact=cover]");
    assert.match(await page.textContent("[data-scheme=distributed] [data-fact=cover]"), /never/);
    assert.match(await page.textContent("[data-scheme=no_sampler] [data-fact=cover]"), /every sample: 1\./);
    await page.click("[data-testid=next-epoch]");
    await panelsAt(page, 4);
    const [distributed] = await readPanels(page);
    await page.click("[data-testid=previous-epoch]");
    const [back] = await panelsAt(page, 3);
    assert.deepEqual(distributed.lanes, back.lanes, "the same order every epoch");
  });
});

test("the landing page plays epochs by itself until the reader touches it; tiles travel", async () => {
  await withPage({}, async (page) => {
    await panelsAt(page, 1);
    const moving = await page
      .waitForFunction(() => [...document.querySelectorAll("[data-testid=compare] [data-flip]")].some((t) => t.style.transition.includes("transform")), null, { timeout: 3000 })
      .then(() => true, () => false);
    assert.ok(moving, "some tile travelled to its new place");
    assert.equal(pageQuery(page).get("epoch"), null, "playing by itself keeps the bare address");
    await page.mouse.click(5, 5);
    const stopped = await page.textContent("[data-testid=epoch]");
    await page.waitForTimeout(2500);
    assert.equal(await page.textContent("[data-testid=epoch]"), stopped);
  }, { options: { reducedMotion: "no-preference" } });
});

test("under reduced motion the landing page stays on epoch 0", async () => {
  await withPage({}, async (page) => {
    await page.waitForTimeout(2500);
    assert.match(await page.textContent("[data-testid=epoch]"), /epoch 0/);
  });
});

test("64 GPUs: every lane in rank order, each the index table's row, also after epoch changes made while they are put in", async () => {
  await withPage({ n: 4000, num_replicas: 64 }, async (page) => {
    const check = async (epoch) => {
      await page.waitForFunction((e) => document.querySelector("[data-testid=epoch]")?.textContent.includes(String(e)), epoch);
      await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=compare] [data-testid=scheme-panel]")]
        .every((p) => p.querySelectorAll("[data-testid=gpu-lane]").length === 64));
      const rows = await readIndexTable(page, "index-table");
      const [distributed, none] = await readPanels(page);
      assert.deepEqual(distributed.lanes.map((l) => l.rank), [...Array(64).keys()], `epoch ${epoch}: ranks in order`);
      assert.deepEqual(none.lanes.map((l) => l.rank), [...Array(64).keys()]);
      assert.equal(rows.length, 64);
      for (const [r, lane] of distributed.lanes.entries()) {
        assert.deepEqual(lane.indices, rows[r].indices.slice(0, lane.indices.length), `epoch ${epoch}, GPU ${r}`);
        assert.equal(lane.indices.length, Math.min(rows[r].indices.length, 64));
      }
      return distributed.lanes[63].indices;
    };
    const first = await check(0);
    // Two epochs on, the second while the first one's lanes are still being put in.
    await page.click("[data-testid=next-epoch]");
    await page.click("[data-testid=next-epoch]");
    assert.notDeepEqual(await check(2), first, "GPU 63's lane is epoch 2's");
  });
});

test("large datasets: 64 tiles a lane, a count of the rest, facts that hold at any size", async () => {
  await withPage({ n: 1281167, num_replicas: 8, batch_size: 256 }, async (page) => {
    await page.waitForFunction(() => document.querySelectorAll("[data-scheme=distributed] [data-testid=gpu-lane]").length === 8);
    const [distributed, none] = await readPanels(page);
    assert.ok(distributed.lanes.every((l) => l.indices.length === 64 && /160,082/.test(l.more)));
    assert.match(await page.textContent("[data-scheme=distributed] [data-fact=share]"), /160,146 of 1,281,167 samples \(12\.5%\)/);
    assert.match(await page.textContent("[data-scheme=distributed] [data-fact=duplicated]"), /Processed more than once this epoch: 1\./);
    assert.match(await page.textContent("[data-scheme=no_sampler] [data-testid=verdict]"), /all 1,281,167 samples: 8× the work/);
    assert.equal(none.lanes.length, 8);
    assert.ok(await page.locator("[data-testid=compare] .tile").count() < 2500);
  });
});

test("a pitfall whose sides are two schemes loads into the comparison, broken beside fixed", async () => {
  await session.withPage({ scenario: "seed_per_rank" }, async (page) => {
    await page.click("[data-testid=scenario-compare]");
    await page.waitForSelector("[data-testid=scheme-panel]:nth-child(1)[data-scheme=seed_per_rank]");
    assert.deepEqual((await readPanels(page)).map((p) => p.scheme), ["seed_per_rank", "distributed"]);
    assert.equal(pageQuery(page).get("compare"), "seed_per_rank,distributed");
    assert.equal(pageQuery(page).get("n"), "16");
    assert.equal(pageQuery(page).get("num_replicas"), "4");
    assert.match(await page.textContent("[data-scheme=seed_per_rank] [data-testid=verdict]"), /5 never seen/);
  }, { ready: "[data-testid=scenario-compare]" });
});

test("hide=compare gives the form back its controls; hide=epoch leaves epochs alone", async () => {
  await session.withPage({ hide: "compare" }, async (page) => {
    assert.equal(await page.locator("[data-testid=compare]").count(), 0);
    for (const id of ["control-n", "control-num_replicas", "control-set_epoch", "control-epoch", "next-epoch", "presets"]) {
      assert.equal(await page.locator(`.controls [data-testid=${id}]`).count(), 1, id);
    }
  });
  await withPage({ hide: "epoch", epoch: 2 }, async (page) => {
    assert.equal(await page.locator("[data-testid=play-epochs]").count(), 0);
    assert.equal(await page.locator("[data-testid=control-epoch]").count(), 0);
    await page.focus("[data-testid=compare] [data-testid=presets] button");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(300);
    assert.equal(pageQuery(page).get("epoch"), "2", "no epoch step was taken");
    const [distributed] = await readPanels(page);
    assert.deepEqual(distributed.lanes, (await panelsAfter(page)).lanes);
  });
});

test("a third scheme joins on a wide screen, and any of three can leave", async () => {
  await withPage({ n: 16, num_replicas: 4 }, async (page) => {
    await page.click("[data-testid=add-scheme]");
    await page.waitForSelector("[data-scheme=seed_per_rank]");
    assert.deepEqual((await readPanels(page)).map((p) => p.scheme), ["distributed", "no_sampler", "seed_per_rank"]);
    assert.equal(pageQuery(page).get("compare"), "distributed,no_sampler,seed_per_rank");
    assert.equal(await page.locator("[data-testid=add-scheme]").count(), 0, "three at most");
    (await readPanels(page)).forEach(assertDupExact);
    await page.click("[data-scheme=no_sampler] [data-testid=remove-scheme]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=scheme-panel]").length === 2);
    assert.deepEqual((await readPanels(page)).map((p) => p.scheme), ["distributed", "seed_per_rank"]);
    assert.equal(pageQuery(page).get("compare"), "distributed,seed_per_rank");
    assert.equal(await page.locator("[data-testid=remove-scheme]").count(), 0, "two stay");
  });
});

test("pointing at a sample rings it in every lane and panel", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    const index = await page.getAttribute("[data-scheme=distributed] [data-index]", "data-index");
    await page.hover(`[data-scheme=distributed] [data-index="${index}"]`);
    const ringed = () =>
      page.$$eval(".compare .tile", (tiles) =>
        tiles.filter((t) => getComputedStyle(t).outlineStyle === "solid").map((t) => t.dataset.index ?? t.dataset.sample),
      );
    await page.waitForFunction(() => document.querySelector("[data-testid=follow-style]")?.textContent.length > 0);
    const got = await ringed();
    assert.ok(got.length === 4 && got.every((i) => i === index), `one in the dataset, one per lane of each panel: ${got}`);
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => document.querySelector("[data-testid=follow-style]")?.textContent === "");
    assert.deepEqual(await ringed(), []);
  });
});

// The schemes not compared by default are dealt by the story's part (model::scheme::remote):
// the first load carries none of their code; picking one loads the part, and its lanes are
// still the library's (the ecosystem's and the weighted tests read them against the packages).
test("a scheme compared later loads the story's part then; the first screen never fetched it", async () => {
  const { page, errors, warnings, requests } = await openBeforeTheStorysPart(session.browser, session.server.url);
  try {
    await page.selectOption("[data-testid=scheme-panel]:nth-child(2) [data-testid=scheme-picker]", "accelerate");
    await page.waitForSelector("[data-testid=compare] [data-scheme=accelerate] [data-testid=gpu-lane]", { timeout: 10000 });
    assert.deepEqual(storyPartFiles(requests), ["story.js", "story_bg.wasm"], "the part, once");
    assert.equal(await page.locator("[data-testid=scheme-loading]").count(), 0);
    const [distributed, accelerate] = await readPanels(page);
    assert.deepEqual([distributed.scheme, accelerate.scheme], ["distributed", "accelerate"]);
    // Accelerate hands out whole batches of the shuffled order: every sample once over the GPUs.
    const all = accelerate.lanes.flatMap((l) => l.indices).sort((a, b) => a - b);
    assert.deepEqual(all, distributed.lanes.flatMap((l) => l.indices).sort((a, b) => a - b));
    assert.deepEqual([errors, warnings], [[], []]);
  } finally {
    await page.close();
  }
});

test("while its part loads a scheme's panel says so, then draws; the other panel never waits", async () => {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const route = [/\/parts\//, async (r) => { await held; await r.continue(); }];
  const url = appUrl(session.server.url, { compare: "distributed,weighted_wrapper", hide: "pipeline,timeline" });
  const { page, errors } = await openPage(session.browser, url, undefined, { route });
  try {
    const loading = page.locator("[data-scheme=weighted_wrapper] [data-testid=scheme-loading]");
    await loading.waitFor({ timeout: 10000 });
    assert.equal((await loading.textContent()).trim(), "Loading this scheme…");
    assert.equal(await loading.getAttribute("aria-busy"), "true");
    assert.ok((await page.locator("[data-scheme=distributed] [data-testid=gpu-lane]").count()) > 0);
    release();
    await page.waitForSelector("[data-scheme=weighted_wrapper] [data-testid=gpu-lane]", { timeout: 10000 });
    assert.equal(await loading.count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.close();
  }
});

test("a scheme whose part is missing says why in its panel, in both languages; the rest works", async () => {
  for (const [lang, said] of [["en", /^This scheme could not be loaded \(.+\)\. Picking a scheme again tries once more\.$/], ["zh", /^该方案无法加载（.+）。重新选择一个方案即可再试一次。$/]]) {
    const url = appUrl(session.server.url, { compare: "distributed,monai_weighted", lang, hide: "pipeline,timeline" });
    const { page } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
    try {
      const missing = page.locator("[data-scheme=monai_weighted] [data-testid=scheme-loading]");
      await page.waitForFunction(() => document.querySelector("[data-scheme=monai_weighted] [data-testid=scheme-loading]")?.getAttribute("aria-busy") === "false", null, { timeout: 10000 });
      assert.match((await missing.textContent()).trim(), said);
      assert.deepEqual(await seriousViolations(page, "[data-testid=compare]"), [], "axe on the panel that says so");
      if (lang === "en") {
        // Compared anew once the files are back, the part is tried again.
        await page.unroute(PARTS_MISSING[0]);
        await page.selectOption("[data-testid=scheme-panel]:nth-child(2) [data-testid=scheme-picker]", "weighted_wrapper");
        await page.waitForSelector("[data-scheme=weighted_wrapper] [data-testid=gpu-lane]", { timeout: 10000 });
      }
      // The default scheme goes on: a control still redraws its lanes.
      await page.fill("[data-testid=control-num_replicas] >> nth=0", "3");
      await page.waitForFunction(() => document.querySelectorAll("[data-scheme=distributed] [data-testid=gpu-lane]").length === 3, null, { timeout: 10000 });
    } finally {
      await page.close();
    }
  }
});
