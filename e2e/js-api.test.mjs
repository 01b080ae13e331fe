// The JS API (docs/js-api.md) in Chromium: its example page, and each function on every golden case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases } from "./harness.mjs";
import { big, crateVersion, useApiPage } from "./js-api-page.mjs";

const api = useApiPage();
const { callAll } = api;

/**
 * Checks `got` (items, or `{ $digest }` for long ones) against a golden sequence stored whole
 * (`<key>`) or as the golden format's digest (`<key>_sha256`, `<key>_len`, `head`, `tail`).
 */
function assertSequence(got, c, key, what) {
  if (key in c) return assert.deepEqual(got, c[key], what);
  const { len, head, tail, sha256 } = got.$digest ?? {};
  assert.equal(len, c[`${key}_len`], `${what}: length`);
  if (c.head) assert.deepEqual(head.slice(0, c.head.length), c.head, `${what}: head`);
  if (c.tail) assert.deepEqual(tail.slice(tail.length - c.tail.length), c.tail, `${what}: tail`);
  assert.equal(sha256, c[`${key}_sha256`], `${what}: sha256`);
}

/** Golden cases grouped by everything but `rank`: one sampler configuration per group. */
function byConfig(cases, keys) {
  const groups = new Map();
  for (const c of cases) {
    const key = JSON.stringify(keys.map((k) => c[k]));
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

/** The options of a golden case's sampler; seeds and epochs alternate between the forms. */
function samplerOptions(c, i) {
  const asInt = [(s) => s, big, (s) => Number(s)][i % 3];
  return {
    n: c.n,
    numReplicas: c.num_replicas,
    shuffle: c.shuffle,
    seed: asInt(c.seed),
    dropLast: c.drop_last,
    epoch: asInt(c.epoch),
  };
}

const SAMPLER_KEYS = ["n", "num_replicas", "shuffle", "seed", "epoch", "drop_last"];

test("the example page shows PyTorch's indices and its error, with no console error", async () => {
  const rows = (testid) =>
    api.page.$$eval(`[data-testid=${testid}] tr`, (trs) =>
      trs.map((tr) => [tr.querySelector("th").textContent, tr.querySelector("td").textContent]),
    );
  const list = (indices) => indices.join(", ");
  const batches = (bs) => bs.map((b) => `[${list(b)}]`).join(" ");

  const samplers = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 10 && c.num_replicas === 3 && c.seed === "0" && c.epoch === "0" && c.shuffle && c.drop_last,
  );
  assert.equal(samplers.length, 3);
  assert.deepEqual(
    await rows("ranks"),
    samplers.sort((a, b) => a.rank - b.rank).map((c) => [`rank ${c.rank}`, list(c.indices)]),
  );

  const loaders = (await goldenCases("dataloader")).filter(
    (c) => c.case === "dataloader_distributed" && c.n === 17 && c.epoch === "1" && !c.loader_drop_last,
  );
  assert.ok(loaders.length >= 3);
  const shown = await rows("batches");
  assert.equal(shown.length, 4);
  for (const c of loaders) assert.deepEqual(shown[c.rank], [`rank ${c.rank}`, batches(c.batches)]);

  const [perm] = (await goldenCases("randperm")).filter((c) => c.n === 10 && c.seed === "18446744073709551615");
  assert.deepEqual(await rows("randperm"), [["perm", list(perm.perm)]]);

  const [noSampler] = (await goldenCases("dataloader")).filter(
    (c) => c.case === "dataloader_no_sampler" && c.n === 10 && c.shuffle && !c.loader_drop_last,
  );
  assert.deepEqual(
    await rows("no-sampler"),
    noSampler.batches_per_epoch.map((b, epoch) => [`epoch ${epoch}`, batches(b)]),
  );

  assert.equal(await api.page.textContent("[data-testid=version]"), await crateVersion());

  const [error, rule] = await rows("error");
  assert.deepEqual(error, ["ValueError", "Invalid rank 2, rank should be in the interval [0, 1]"]);
  assert.equal(rule[0], "rule");
  assert.match(rule[1], /between 0 and num_replicas - 1/);
  assert.deepEqual(api.errors, []);
});

test("distributedIndices and rankIndices give every golden DistributedSampler case", async () => {
  const groups = byConfig(await goldenCases("distributed_sampler"), SAMPLER_KEYS);
  const everyRank = await callAll(groups.map((g, i) => ["distributedIndices", samplerOptions(g[0], i)]));
  groups.forEach((group, i) => {
    const { value: ranks } = everyRank[i];
    assert.ok(ranks, `${JSON.stringify(group[0])}: ${JSON.stringify(everyRank[i].error)}`);
    assert.equal(ranks.length, group[0].num_replicas);
    for (const c of group) {
      const what = `n=${c.n} w=${c.num_replicas} rank=${c.rank} seed=${c.seed} epoch=${c.epoch}`;
      assert.equal(ranks[c.rank].length ?? ranks[c.rank].$digest.len, c.len, `${what}: len`);
      assertSequence(ranks[c.rank], c, "indices", what);
    }
  });

  const small = groups.flat().filter((c) => "indices" in c);
  const oneRank = await callAll(small.map((c, i) => ["rankIndices", { ...samplerOptions(c, i), rank: c.rank }]));
  small.forEach((c, i) => assert.deepEqual(oneRank[i].value, c.indices, JSON.stringify(c)));
});

test("randperm gives every golden permutation, seeds as strings, BigInts or numbers", async () => {
  const cases = await goldenCases("randperm");
  const forms = [["string", (s) => s], ["BigInt", big], ["number", Number]];
  for (const [form, asSeed] of forms) {
    const usable = form === "number" ? cases.filter((c) => Number.isSafeInteger(Number(c.seed))) : cases;
    const got = await callAll(usable.map((c) => ["randperm", c.n, asSeed(c.seed)]));
    usable.forEach((c, i) => {
      assert.ok(got[i].value, `n=${c.n} seed=${c.seed}: ${JSON.stringify(got[i].error)}`);
      assertSequence(got[i].value, c, "perm", `randperm(${c.n}, ${form} ${c.seed})`);
    });
  }
});

test("distributedBatches gives every golden DataLoader-with-sampler case", async () => {
  const cases = (await goldenCases("dataloader")).filter((c) => c.case === "dataloader_distributed");
  const groups = byConfig(cases, [...SAMPLER_KEYS, "batch_size", "loader_drop_last"]);
  const got = await callAll(
    groups.map((g, i) => [
      "distributedBatches",
      { ...samplerOptions(g[0], i), batchSize: g[0].batch_size, loaderDropLast: g[0].loader_drop_last },
    ]),
  );
  groups.forEach((group, i) => {
    for (const c of group) {
      assert.equal(got[i].value[c.rank].length, c.len, `${JSON.stringify(c)}: len(loader)`);
      assert.deepEqual(got[i].value[c.rank], c.batches, JSON.stringify(c));
    }
  });
});

test("noSamplerBatches gives every golden DataLoader-without-sampler case", async () => {
  const cases = (await goldenCases("dataloader")).filter((c) => c.case === "dataloader_no_sampler");
  const got = await callAll(
    cases.map((c, i) => [
      "noSamplerBatches",
      {
        n: c.n,
        manualSeed: [c.manual_seed, big(c.manual_seed), Number(c.manual_seed)][i % 3],
        shuffle: c.shuffle,
        batchSize: c.batch_size,
        dropLast: c.loader_drop_last,
        epochs: c.epochs,
      },
    ]),
  );
  cases.forEach((c, i) => {
    assert.deepEqual(got[i].value, c.batches_per_epoch, JSON.stringify(c));
    for (const epoch of got[i].value) assert.equal(epoch.length, c.len);
  });
});
