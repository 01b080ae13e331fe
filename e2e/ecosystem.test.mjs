// The ecosystem's schemes on the page: picked by the URL, their options as controls named as
// their libraries name them, their lanes, their refusals next to the option at fault.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pageQuery, useBrowser } from "./harness.mjs";

const session = useBrowser();
const LANES = "[data-testid=compare] [data-testid=gpu-lane]";
const withPage = (params, body) => session.withPage(params, body, { ready: LANES });

/** The lanes of the panel showing `scheme`: { indices, padding, again, resumed } per rank. */
function lanes(page, scheme) {
  return page.$$eval(`[data-scheme=${scheme}] [data-testid=gpu-lane]`, (all) =>
    all.map((lane) => {
      const tiles = [...lane.querySelectorAll("[data-index]")];
      return {
        indices: tiles.map((t) => Number(t.dataset.index)),
        padding: tiles.map((t) => t.dataset.origin === "padding"),
        again: tiles.map((t) => t.dataset.origin === "again"),
        resumed: lane.querySelectorAll("[data-testid=resume-mark]").length,
      };
    }),
  );
}

const fact = (page, scheme, name) => page.textContent(`[data-scheme=${scheme}] [data-fact=${name}]`);

test("compare=accelerate with split_batches=1: every batch cut in two, the last completed from the start", async () => {
  const params = { compare: "accelerate,distributed", n: 10, num_replicas: 2, batch_size: 4, shuffle: 0, split_batches: 1 };
  await withPage(params, async (page) => {
    const [p0, p1] = await lanes(page, "accelerate");
    assert.deepEqual(p0.indices, [0, 1, 4, 5, 8, 9]);
    assert.deepEqual(p1.indices, [2, 3, 6, 7, 0, 1]);
    assert.deepEqual(p1.padding, [false, false, false, false, true, true]);
    assert.match(await fact(page, "accelerate", "steps"), /: 3\./);
    assert.ok(await page.isChecked("[data-scheme=accelerate] [data-testid=option-split_batches]"));
    const how = () => page.textContent("[data-scheme=accelerate] [data-testid=scheme-how]");
    assert.match(await how(), /split each batch.*complete the last round/);
    assert.doesNotMatch(await how(), /deal batches in turn/);
    // data_seed does nothing without use_seedable_sampler: its control shows only with it.
    assert.ok(!(await page.isVisible("[data-scheme=accelerate] [data-testid=option-data_seed]")));
    await page.check("[data-scheme=accelerate] [data-testid=option-use_seedable_sampler]");
    await page.waitForSelector("[data-scheme=accelerate] [data-testid=option-data_seed]", { state: "visible" });
    await page.uncheck("[data-scheme=accelerate] [data-testid=option-use_seedable_sampler]");
    // even_batches=False: GPU 1 stops a batch early, the facts say the steps differ, and
    // len(loader) counts a slice it never gets.
    await page.uncheck("[data-scheme=accelerate] [data-testid=option-even_batches]");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("even_batches") === "0");
    await page.waitForFunction(() => document.querySelector("[data-scheme=accelerate] [data-fact=steps]")?.textContent.includes("2 to 3"));
    assert.deepEqual((await lanes(page, "accelerate"))[1].indices, [2, 3, 6, 7]);
    assert.match(await fact(page, "accelerate", "reported-len"), /len\(loader\) says 3 on every GPU, but GPU 1 takes 2 steps/);
    assert.doesNotMatch(await how(), /complete the last round/);
    // Back at its default, an option leaves the URL.
    await page.check("[data-scheme=accelerate] [data-testid=option-even_batches]");
    await page.waitForFunction(() => !new URLSearchParams(location.search).has("even_batches"));
  });
});

test("a pitfall's side loads with its scheme at the top; the legend explains a sample trained twice", async () => {
  await withPage({ scenario: "stateful_resume" }, async (page) => {
    await page.click("[data-testid=scenario-show-broken]");
    await page.waitForSelector("[data-scheme=torchdata_resume] [data-testid=resume-mark]");
    assert.equal(pageQuery(page).get("compare"), "torchdata_resume,distributed");
    assert.equal(pageQuery(page).get("consumed"), "2");
    assert.match(await page.textContent("[data-testid=compare] .legend"), /trained twice by one GPU/);
    await page.click("[data-testid=scenario-show-fixed]");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("restore_epoch") === "1");
    await page.click("[data-testid=scenario-show-broken]");
    await page.waitForFunction(() => !new URLSearchParams(location.search).has("restore_epoch"));
  });
});

test("a batch the processes do not divide: Accelerate's own message next to split_batches", async () => {
  const params = { compare: "distributed,accelerate", n: 10, num_replicas: 2, batch_size: 3, split_batches: 1 };
  await withPage(params, async (page) => {
    const error = await page.textContent("[data-scheme=accelerate] [data-testid=scheme-options]");
    assert.match(error, /To use a `DataLoader` in `split_batches` mode, the batch size \(3\) needs to be a round multiple of the number of processes \(2\)\./);
    assert.equal(pageQuery(page).get("compare"), "distributed,accelerate");
    // The other panel still draws.
    assert.equal((await lanes(page, "distributed")).length, 2);
  });
});

test("torchdata_resume: the resumed process forgets the epoch, so the epoch trains some samples twice", async () => {
  const params = { compare: "torchdata_resume,distributed", n: 16, num_replicas: 2, batch_size: 2, consumed: 2, epoch: 1 };
  await withPage(params, async (page) => {
    const forgot = await lanes(page, "torchdata_resume");
    assert.ok(forgot.every((lane) => lane.resumed === 1), "a mark where each GPU resumed");
    assert.ok(forgot.every((lane) => lane.indices.length === 8));
    const verdict = await page.textContent("[data-scheme=torchdata_resume] [data-testid=verdict]");
    assert.match(verdict, /never seen this epoch/);
    await page.check("[data-scheme=torchdata_resume] [data-testid=option-restore_epoch]");
    await page.waitForFunction(() =>
      /Each sample once/.test(document.querySelector("[data-scheme=torchdata_resume] [data-testid=verdict]")?.textContent ?? ""),
    );
    const restored = await lanes(page, "torchdata_resume");
    assert.ok(restored.every((lane) => !lane.again.some(Boolean)));
    const python = await page.textContent("[data-scheme=torchdata_resume] [data-testid=scheme-python] code");
    assert.match(python, /loader\.load_state_dict\(state\)/);
  });
});

test("lightning_unrepeated pads nothing: GPUs get 3, 3, 2 and 2 of 10", async () => {
  await withPage({ compare: "lightning_unrepeated,lightning_wrapper", n: 10, num_replicas: 4, shuffle: 0, batch_size: 1 }, async (page) => {
    const unrepeated = await lanes(page, "lightning_unrepeated");
    assert.deepEqual(unrepeated.map((l) => l.indices), [[0, 4, 8], [1, 5, 9], [2, 6], [3, 7]]);
    assert.match(await fact(page, "lightning_unrepeated", "share"), /2 to 3 of 10/);
    const wrapper = await lanes(page, "lightning_wrapper");
    assert.equal(wrapper.length, 4);
    assert.ok(wrapper.every((l) => l.indices.length === 3), "the wrapper pads to 12");
    assert.equal(await page.inputValue("[data-scheme=lightning_wrapper] [data-testid=option-inner]"), "random");
  });
});

test("a URL with one bad option still draws its good values, the message beside the option", async () => {
  const params = { compare: "accelerate,distributed", n: 10, num_replicas: 2, batch_size: 4, use_seedable_sampler: 1, data_seed: "abc" };
  await withPage(params, async (page) => {
    assert.match(await page.textContent("[data-testid=compare]"), /The dataset: 10 samples/);
    assert.equal((await lanes(page, "accelerate")).length, 2);
    const options = await page.textContent("[data-scheme=accelerate] [data-testid=scheme-options]");
    assert.match(options, /data_seed must be a whole number; got "abc"/);
    await page.fill("[data-scheme=accelerate] [data-testid=option-data_seed]", "7");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("data_seed") === "7");
  });
});

test("stage by stage: Accelerate's loader batches, dealt in turn, then the last round completed", async () => {
  const params = { compare: "accelerate,distributed", n: 10, num_replicas: 2, batch_size: 3, shuffle: 0 };
  await withPage(params, async (page) => {
    await page.click("[data-scheme=accelerate] [data-testid=scheme-stages] summary");
    await page.waitForSelector("[data-scheme=accelerate] .stage");
    const stages = await page.$$eval("[data-scheme=accelerate] .stage", (all) =>
      all.map((stage) => ({
        name: stage.querySelector(".stage-name").textContent,
        rows: [...stage.querySelectorAll(".stage-row")].map((row) => [...row.querySelectorAll("[data-sample]")].map((t) => Number(t.dataset.sample))),
      })),
    );
    assert.deepEqual(stages.map((s) => s.name), ["indices 0 … len(dataset) - 1", "shuffle", "batch", "deal batches in turn", "complete the last round"]);
    assert.deepEqual(stages[2].rows, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    assert.deepEqual(stages[3].rows, [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9]]);
    assert.deepEqual(stages[4].rows, [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 0, 1]]);
  });
});

test("iterable: every worker of every GPU reads the whole stream until __iter__ shards it", async () => {
  const params = { compare: "iterable,distributed", n: 8, num_replicas: 2, batch_size: 2, num_workers: 2 };
  await withPage(params, async (page) => {
    const verdict = () => page.textContent("[data-scheme=iterable] [data-testid=verdict]");
    assert.match(await verdict(), /Each sample 4 times this epoch/);
    const [gpu0] = await lanes(page, "iterable");
    assert.deepEqual(gpu0.indices, [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7]);
    assert.deepEqual(gpu0.again.slice(0, 4), [false, false, true, true]);
    const tags = await page.$$eval("[data-scheme=iterable] [data-rank='0'] .worker-tag", (ts) => ts.map((t) => t.dataset.worker));
    assert.deepEqual(tags, ["0", "1", "0", "1", "0", "1", "0", "1"]);
    const python = await page.textContent("[data-scheme=iterable] [data-testid=scheme-python] code");
    assert.match(python, /get_worker_info\(\)/);
    await page.selectOption("[data-scheme=iterable] [data-testid=option-sharding]", "rank_and_worker");
    await page.waitForFunction(() => /Each sample once/.test(document.querySelector("[data-scheme=iterable] [data-testid=verdict]")?.textContent ?? ""));
    assert.equal(pageQuery(page).get("sharding"), "rank_and_worker");
    await page.fill("[data-scheme=iterable] [data-testid=option-num_workers]", "-1");
    await page.waitForSelector("text=num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.");
  });
});

test("num_workers: each batch of a map-style loader is tagged with the worker that loads it, in turn", async () => {
  await withPage({ n: 16, num_replicas: 2, batch_size: 2, num_workers: 3 }, async (page) => {
    const tags = await page.$$eval("[data-scheme=distributed] [data-rank='0'] .worker-tag", (ts) => ts.map((t) => t.dataset.worker));
    assert.deepEqual(tags, ["0", "1", "2", "0"]);
    assert.equal(await page.inputValue("[data-testid=control-num_workers]"), "3");
    await page.fill("[data-testid=control-num_workers]", "0");
    await page.waitForFunction(() => !document.querySelector("[data-scheme=distributed] .worker-tag"));
    assert.ok(!pageQuery(page).has("num_workers"), "back at its default, it leaves the URL");
  });
});

test("an uneven end: the step timeline shows where the GPUs with more batches wait forever", async () => {
  await withPage({ compare: "lightning_unrepeated,distributed", n: 10, num_replicas: 4, batch_size: 1 }, async (page) => {
    const hang = await page.textContent("[data-scheme=lightning_unrepeated] [data-testid=hang]");
    assert.match(hang, /GPUs 0 & 1 would start step 3 and wait at its all-reduce for GPUs 2 & 3/);
    const waits = await page.$$eval("[data-scheme=lightning_unrepeated] .hang-steps td.waits", (cells) => cells.length);
    assert.equal(waits, 2);
    assert.equal(await page.locator("[data-scheme=distributed] [data-testid=hang]").count(), 0, "padding evens the counts");
  });
});

test("with workers: each batch's worker, the workers' seeds, and the batches by worker", async () => {
  await withPage({ n: 16, num_replicas: 2, batch_size: 2, num_workers: 2, manual_seed: 7, epoch: 2 }, async (page) => {
    const seeds = await fact(page, "distributed", "worker-seeds");
    assert.match(seeds, /8087222774582268115; its workers seed torch and random with 8087222774582268115, 8087222774582268116/);
    await page.click("[data-scheme=distributed] [data-testid=scheme-stages] summary");
    await page.waitForSelector("[data-scheme=distributed] .stage[data-step=ByWorker]");
    const labels = await page.$$eval("[data-scheme=distributed] .stage[data-step=ByWorker] .lane-label", (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(labels, ["GPU 0 · worker 0", "GPU 0 · worker 1", "GPU 1 · worker 0", "GPU 1 · worker 1"]);
  });
});
