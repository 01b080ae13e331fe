// The ecosystem's schemes through the JS API, in Chromium: schemeDeal("accelerate" |
// "lightning_wrapper" | "lightning_unrepeated" | "torchdata_resume", options) gives every
// process what the library gave it in tests/golden/ecosystem/ (made by Accelerate 1.15,
// Lightning 2.6 and torchdata 0.11), with the options mapped as tests/schemes/ecosystem.rs maps
// them. Each file's cases run in one page.evaluate, which returns what failed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { useApiPage } from "./js-api-page.mjs";

const api = useApiPage();

/** The cases of tests/golden/ecosystem/<file>.jsonl (those whose `case` is `kind`, if given). */
async function ecosystemCases(file, kind) {
  const text = await readFile(new URL(`../tests/golden/ecosystem/${file}.jsonl`, import.meta.url), "utf8");
  const cases = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  return kind ? cases.filter((c) => c.case === kind) : cases;
}

/**
 * Checks one file's `cases` in the example page, in one evaluate: `{ checked, deals, failures }`,
 * `checked` how many cases of each kind ran, `deals` the schemeDeal calls, `failures` what
 * differed (the case and why).
 */
function checkInPage(cases) {
  return api.page.evaluate(
    async (cases) => {
      const module = await import(new URL("../../js/sampler_viz.js", document.baseURI).href);
      await module.default();
      const failures = [];
      const checked = {};
      let deals = 0;
      const same = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
      const show = (v) => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : ArrayBuffer.isView(x) ? Array.from(x) : x));
      const fail = (c, why) => failures.push(`${show(c)}: ${why}`);
      const deal = (name, options) => {
        deals += 1;
        return module.schemeDeal(name, options);
      };
      // The rank's indices equal `want` (a flat list of numbers).
      const checkRank = (c, got, rank, want, where) => {
        const r = got.ranks[rank];
        if (!r) return fail(c, `${where}: no rank ${rank} among ${got.ranks.length}`), false;
        if (!(r.indices instanceof Uint32Array)) return fail(c, `${where}: indices is not a Uint32Array`), false;
        if (!same(Array.from(r.indices), want)) {
          return fail(c, `${where}: rank ${rank} got ${show(r.indices)}, the library ${show(want)}`), false;
        }
        return true;
      };

      for (const c of cases) {
        const kind = c.case;
        try {
          if (kind === "accelerate_prepare") {
            // Seeds as decimal strings, as the golden file and the URL spell them.
            const base = {
              n: c.n,
              num_replicas: c.num_processes,
              batch_size: c.batch_size,
              shuffle: c.shuffle,
              loader_drop_last: c.loader_drop_last,
              split_batches: c.split_batches,
              even_batches: c.even_batches,
              use_seedable_sampler: c.use_seedable_sampler,
              data_seed: c.data_seed === null ? "none" : c.data_seed,
              manual_seed: c.manual_seed,
              set_epoch: c.set_epoch,
            };
            if (c.message !== undefined) {
              for (let epoch = 0; epoch < c.epochs; epoch++) {
                let got;
                try {
                  got = deal("accelerate", { ...base, epoch });
                } catch (e) {
                  if (!(e instanceof Error) || e.name !== c.error || e.pythonException !== c.error || e.message !== c.message) {
                    fail(c, `epoch ${epoch}: threw ${e?.name} (${e?.pythonException}) ${show(e?.message)}, the library ${c.error} ${show(c.message)}`);
                  }
                  continue;
                }
                fail(c, `epoch ${epoch}: gave ${got.ranks.length} ranks, the library raised ${c.error}`);
              }
              checked[kind] = (checked[kind] ?? 0) + 1;
              continue;
            }
            for (let epoch = 0; epoch < c.batches[0].length; epoch++) {
              const got = deal("accelerate", { ...base, epoch });
              if (got.ranks.length !== c.num_processes) fail(c, `epoch ${epoch}: ${got.ranks.length} ranks`);
              c.batches.forEach((epochs, rank) => {
                const batches = epochs[epoch];
                const where = `epoch ${epoch}`;
                if (!checkRank(c, got, rank, batches.flat(), where)) return;
                const r = got.ranks[rank];
                const cut = [];
                for (let k = 0; k < r.indices.length; k += got.batchSize) {
                  cut.push(Array.from(r.indices.subarray(k, k + got.batchSize)));
                }
                if (show(cut) !== show(batches)) {
                  fail(c, `${where}: rank ${rank} cut by batchSize ${got.batchSize} is ${show(cut)}, the library ${show(batches)}`);
                }
                if (r.loaderLen !== batches.length) {
                  fail(c, `${where}: rank ${rank} loaderLen ${r.loaderLen}, the library ${batches.length} batches`);
                }
              });
            }
          } else if (kind === "lightning_wrapper" || kind === "lightning_unrepeated") {
            // The sampler's seed as a BigInt, the inner generator's as a string.
            const base = {
              n: c.n,
              num_replicas: c.num_replicas,
              shuffle: c.shuffle,
              seed: BigInt(c.seed),
              drop_last: c.drop_last ?? false,
              batch_size: 1,
              set_epoch: true,
              inner: c.inner === "sequential" ? "sequential" : "random",
              inner_seed: c.inner_seed ?? "0",
            };
            for (let epoch = 0; epoch < c.indices[0].length; epoch++) {
              const got = deal(kind, { ...base, epoch });
              if (got.ranks.length !== c.num_replicas) fail(c, `epoch ${epoch}: ${got.ranks.length} ranks`);
              if (got.batchSize !== 1) fail(c, `epoch ${epoch}: batchSize ${got.batchSize}`);
              c.indices.forEach((epochs, rank) => {
                const want = epochs[epoch];
                if (!checkRank(c, got, rank, want, `epoch ${epoch}`)) return;
                const { samplerLen, loaderLen } = got.ranks[rank];
                if (samplerLen !== want.length || loaderLen !== want.length) {
                  fail(c, `epoch ${epoch}: rank ${rank} samplerLen ${samplerLen}, loaderLen ${loaderLen}, the library ${want.length}`);
                }
              });
            }
          } else if (kind === "torchdata_resume") {
            const got = deal("torchdata_resume", {
              n: c.n,
              num_replicas: c.num_replicas,
              shuffle: c.shuffle,
              seed: BigInt(c.seed),
              drop_last: c.drop_last,
              batch_size: c.batch_size,
              loader_drop_last: c.loader_drop_last,
              epoch: c.epoch,
              set_epoch: true,
              consumed: c.consumed,
              restore_epoch: c.resume_set_epoch !== null,
            });
            const before = c.before.flat();
            if (checkRank(c, got, c.rank, [...before, ...c.after.flat()], "before ++ after")) {
              const { resumedAt } = got.ranks[c.rank];
              if (resumedAt !== before.length) fail(c, `resumedAt ${resumedAt}, ${before.length} indices before the save`);
            }
          } else if (kind === "loader_workers_map") {
            const got = deal("distributed", {
              n: c.n,
              num_replicas: c.num_replicas,
              shuffle: c.shuffle,
              seed: BigInt(c.seed),
              epoch: c.epoch,
              drop_last: c.drop_last,
              batch_size: c.batch_size,
              loader_drop_last: c.loader_drop_last,
              num_workers: c.num_workers,
            });
            if (checkRank(c, got, c.rank, c.batches.flat(), "the batches yielded")) {
              const workers = Array.from(got.ranks[c.rank].workers);
              if (show(workers) !== show(c.workers)) fail(c, `workers ${show(workers)}, PyTorch's ${show(c.workers)}`);
            }
          } else if (kind === "loader_workers_iterable") {
            const got = deal("iterable", {
              n: c.n,
              num_replicas: c.num_replicas,
              batch_size: c.batch_size,
              loader_drop_last: c.loader_drop_last,
              num_workers: c.num_workers,
              sharding: c.sharding,
            });
            if (checkRank(c, got, c.rank, c.batches.flat(), "the batches yielded")) {
              const r = got.ranks[c.rank];
              const workers = Array.from(r.workers);
              if (show(workers) !== show(c.workers)) fail(c, `workers ${show(workers)}, PyTorch's ${show(c.workers)}`);
              const lens = r.batchLengths.length ? Array.from(r.batchLengths) : c.batches.map((_, k) => Math.min(got.batchSize, r.indices.length - k * got.batchSize));
              let at = 0;
              const cut = lens.map((len) => Array.from(r.indices.subarray(at, (at += len))));
              if (show(cut) !== show(c.batches)) fail(c, `cut by batchLengths ${show(cut)}, PyTorch's ${show(c.batches)}`);
            }
          } else {
            throw new Error(`no check for ${kind}`);
          }
        } catch (e) {
          fail(c, `threw ${e?.name}: ${e?.message}`);
        }
        checked[kind] = (checked[kind] ?? 0) + 1;
      }
      return { checked, deals, failures };
    },
    cases,
  );
}

/** Asserts that every case ran (`counts` of each kind) and none failed, showing the first failures. */
function assertAllPass(result, counts) {
  const { checked, deals, failures } = result;
  assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failures in ${deals} calls`);
  assert.deepEqual(checked, counts);
  assert.deepEqual(api.errors, [], "no console errors or page errors");
}

test("schemes() lists the eleven registered schemes, the ecosystem's, the iterable one and the weighted ones with their stages", async () => {
  const { value } = await api.call("schemes");
  assert.deepEqual(value.map((s) => s.name), [
    "distributed",
    "no_sampler",
    "seed_per_rank",
    "accelerate",
    "lightning_wrapper",
    "lightning_unrepeated",
    "torchdata_resume",
    "iterable",
    "weighted_no_wrapper",
    "weighted_wrapper",
    "monai_weighted",
  ]);
  const steps = Object.fromEntries(value.map((s) => [s.name, s.steps]));
  assert.deepEqual(steps.accelerate, ["indices", "shuffle", "batch", "deal_batches", "complete_round"]);
  assert.deepEqual(steps.lightning_wrapper, ["inner_order", "shuffle", "pad_or_trim", "stripe", "batch"]);
  assert.deepEqual(steps.lightning_unrepeated, ["indices", "shuffle", "stripe", "batch"]);
  assert.deepEqual(steps.torchdata_resume, ["indices", "shuffle", "pad_or_trim", "stripe", "batch", "resume"]);
  assert.deepEqual(steps.iterable, ["indices", "workers", "batch"]);
  assert.deepEqual(steps.weighted_no_wrapper, ["draw", "batch"]);
  assert.deepEqual(steps.weighted_wrapper, ["draw", "shuffle", "pad_or_trim", "stripe", "batch"]);
  // even_divisible=True, the default: DistributedSampler's padded slices.
  assert.deepEqual(steps.monai_weighted, ["shuffle", "pad_or_trim", "stripe", "draw_in_slice", "batch"]);
});

test("schemeDeal gives PyTorch's batches and each one's worker: map-style ('distributed') and 'iterable'", async () => {
  const cases = await ecosystemCases("workers");
  assert.equal(cases.length, 90);
  assertAllPass(await checkInPage(cases), { loader_workers_map: 45, loader_workers_iterable: 45 });
});

test("schemeDeal('accelerate') gives every process Accelerate's batches in every epoch, and its refusals", async () => {
  const cases = await ecosystemCases("accelerate", "accelerate_prepare");
  assert.equal(cases.length, 140);
  assert.equal(cases.filter((c) => c.error === "ValueError").length, 6, "six refusals among them");
  assertAllPass(await checkInPage(cases), { accelerate_prepare: 140 });
});

test("schemeDeal('lightning_wrapper' | 'lightning_unrepeated') gives Lightning's indices per rank and epoch", async () => {
  const cases = await ecosystemCases("lightning");
  assert.equal(cases.length, 150);
  assertAllPass(await checkInPage(cases), { lightning_wrapper: 90, lightning_unrepeated: 60 });
});

test("schemeDeal('torchdata_resume') gives before ++ after the resume, and where the new process took over", async () => {
  const cases = await ecosystemCases("torchdata", "torchdata_resume");
  assert.equal(cases.length, 90);
  assertAllPass(await checkInPage(cases), { torchdata_resume: 90 });
});

test("schemeDeal gives the loader's base_seed with workers, as torch 2.15 draws it (a string: it passes 2^53)", async () => {
  const [seeded, none, refused] = await api.callAll([
    ["schemeDeal", "distributed", { n: 8, batch_size: 2, num_workers: 2, manual_seed: 7, epoch: 2 }],
    ["schemeDeal", "distributed", { n: 8, manual_seed: 7 }],
    ["schemeDeal", "distributed", { n: 8, num_workers: -1 }],
  ]);
  assert.equal(seeded.value.baseSeed, "8087222774582268115");
  assert.deepEqual(Array.from(seeded.value.ranks[0].workers), [0, 1]);
  assert.equal(none.value.baseSeed, null);
  assert.equal(refused.error.message, "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.");
});
