// The JS API's scheme seam: schemes() lists the registry, schemeDeal(name, options) gives each
// GPU's epoch as the page's comparison computes it, equal to PyTorch's vectors and to the
// module's other functions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases } from "./harness.mjs";
import { useApiPage } from "./js-api-page.mjs";

const api = useApiPage();

test("schemes() lists every registered scheme with its stages", async () => {
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
  assert.deepEqual(value[0].steps, ["indices", "shuffle", "pad_or_trim", "stripe", "batch"]);
});

test("schemeDeal('distributed') gives PyTorch's indices for every rank, padding marked", async () => {
  const cases = (await goldenCases("distributed_sampler")).filter((c) => c.n === 10 && c.num_replicas === 3 && c.seed === "0" && c.epoch === "1" && c.shuffle && !c.drop_last);
  assert.equal(cases.length, 3);
  const { value } = await api.call("schemeDeal", "distributed", { n: 10, num_replicas: 3, epoch: 1 });
  assert.deepEqual(value.ranks.map((r) => r.indices), cases.sort((a, b) => a.rank - b.rank).map((c) => c.indices));
  assert.deepEqual(value.ranks.map((r) => r.padding), [[], [3], [3]], "padded positions 10 and 11");
  assert.equal(value.duplicated, 2);
  assert.deepEqual(value.visits, [[1, 8], [2, 2]]);
});

test("schemeDeal('no_sampler') walks the loader's batches on every rank", async () => {
  const [c] = (await goldenCases("dataloader")).filter((c) => c.case === "dataloader_no_sampler" && c.shuffle && c.loader_drop_last);
  const options = { n: c.n, num_replicas: 2, batch_size: c.batch_size, loader_drop_last: true, manual_seed: c.manual_seed, epoch: 2 };
  const { value } = await api.call("schemeDeal", "no_sampler", options);
  for (const rank of value.ranks) assert.deepEqual(rank.indices, c.batches_per_epoch[2].flat());
  assert.equal(value.ranks[0].loaderLen, c.len);
});

test("schemeDeal takes strings, BigInts and booleans as the URL would spell them", async () => {
  const [unseeded, seeded, minusOne] = await api.callAll([
    ["schemeDeal", "no_sampler", { n: 6, num_replicas: 2, seeding: "unseeded", os_seed: { $bigint: "7" }, shuffle: true }],
    ["schemeDeal", "distributed", { n: 6, num_replicas: 2, seed: { $bigint: "18446744073709551615" }, drop_last: false }],
    ["schemeDeal", "distributed", { n: 6, num_replicas: 2, seed: "-1" }],
  ]);
  assert.notDeepEqual(unseeded.value.ranks[0].indices, unseeded.value.ranks[1].indices, "each process its own order");
  assert.deepEqual(seeded.value.ranks, minusOne.value.ranks, "-1 and 2^64 - 1 are one seed");
});

test("schemeDeal refuses as PyTorch does, and names what JavaScript got wrong", async () => {
  const [bad, unknown, option, replicas] = await api.callAll([
    ["schemeDeal", "distributed", { n: 8, num_replicas: 2, batch_size: 0 }],
    ["schemeDeal", "horovod", { n: 8 }],
    ["schemeDeal", "distributed", { n: 8, numReplicas: 2 }],
    ["schemeDeal", "seed_per_rank", { n: 8, num_replicas: 0 }],
  ]);
  assert.equal(bad.error.name, "ValueError");
  assert.equal(bad.error.message, "batch_size should be a positive integer value, but got batch_size=0");
  assert.equal(unknown.error.type, "TypeError");
  assert.match(unknown.error.rule, /distributed, no_sampler, seed_per_rank, accelerate, lightning_wrapper, lightning_unrepeated, torchdata_resume, iterable/);
  assert.equal(option.error.type, "TypeError");
  assert.match(option.error.message, /unknown option "numReplicas"/);
  assert.equal(replicas.error.message, "Invalid rank 0, rank should be in the interval [0, -1]");
});
