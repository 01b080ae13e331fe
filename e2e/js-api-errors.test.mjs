// The JS API's errors: PyTorch's refusals with its messages, TypeError/RangeError, never a panic.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases } from "./harness.mjs";
import { big, useApiPage } from "./js-api-page.mjs";

const api = useApiPage();
const { call, callAll } = api;

/** Asserts that `outcome` is PyTorch's `ValueError` with exactly `message`. */
function assertValueError(outcome, message) {
  assert.ok(outcome.error, `expected ValueError: ${message}; got ${JSON.stringify(outcome.value)}`);
  const { type, isError, name, pythonException, rule } = outcome.error;
  assert.deepEqual({ type, isError, name, pythonException, message: outcome.error.message }, {
    type: "Error",
    isError: true,
    name: "ValueError",
    pythonException: "ValueError",
    message,
  });
  assert.ok(rule.length > 20, `a rule for ${message}`);
}

test("PyTorch's refusals are thrown as Errors with its exact messages (errors.jsonl)", async () => {
  for (const c of await goldenCases("errors")) {
    const { n, num_replicas: numReplicas, rank, seed, epoch, batch_size: batchSize } = c.args;
    const calls = [];
    if (c.call === "DistributedSampler") {
      const sampler = { n, numReplicas, ...(seed && { seed, epoch }) };
      calls.push(["rankIndices", { ...sampler, rank }]);
      if (rank === 0) calls.push(["distributedIndices", sampler], ["distributedBatches", sampler]);
    } else if (c.args.with_sampler) {
      calls.push(["distributedBatches", { n, numReplicas: 2, loaderShuffle: c.args.shuffle }]);
    } else {
      calls.push(["noSamplerBatches", { n, manualSeed: 0, batchSize }]);
      calls.push(["distributedBatches", { n, numReplicas: 2, batchSize }]);
    }
    for (const [i, outcome] of (await callAll(calls)).entries()) {
      assert.equal(outcome.error?.message, c.message, `${JSON.stringify(calls[i])}`);
      assertValueError(outcome, c.message);
    }
  }
});

test("the key examples: rank out of range, seed overflow, batch_size=0, empty shuffled dataset", async () => {
  assertValueError(
    await call("rankIndices", { n: 10, numReplicas: 2, rank: 2 }),
    "Invalid rank 2, rank should be in the interval [0, 1]",
  );
  const overflow = "Overflow when unpacking long long";
  assertValueError(await call("randperm", 10, big(2n ** 64n)), overflow);
  assertValueError(await call("randperm", 10, "-9223372036854775809"), overflow);
  assertValueError(await call("randperm", 10, `1${"0".repeat(60)}`), overflow);
  assertValueError(await call("noSamplerBatches", { n: 10, manualSeed: "-9223372036854775809" }), overflow);
  assertValueError(await call("distributedIndices", { n: 10, numReplicas: 2, seed: big(2n ** 64n - 1n), epoch: 1 }), overflow);
  assertValueError(
    await call("distributedBatches", { n: 10, numReplicas: 2, batchSize: 0 }),
    "batch_size should be a positive integer value, but got batch_size=0",
  );
  assertValueError(
    await call("noSamplerBatches", { n: 0, manualSeed: 0, shuffle: true }),
    "num_samples should be a positive integer value, but got num_samples=0",
  );
  // The extremes of manual_seed's range are accepted; -1 is the same seed as 2^64 - 1.
  assert.deepEqual((await call("randperm", 10, -1)).value, (await call("randperm", 10, big(2n ** 64n - 1n))).value);
  assert.ok((await call("randperm", 10, "-9223372036854775808")).value);
});

test("arguments JavaScript gets wrong throw TypeError or RangeError, never a panic", async () => {
  const cases = [
    ["TypeError", "distributedIndices: n is required", ["distributedIndices", { numReplicas: 2 }]],
    ["RangeError", "distributedIndices: n must be at least 0, got -1", ["distributedIndices", { n: -1, numReplicas: 2 }]],
    ["TypeError", "distributedIndices: n must be a whole number, got 1.5", ["distributedIndices", { n: 1.5, numReplicas: 2 }]],
    ["TypeError", 'distributedIndices: n must be a whole number, got "10"', ["distributedIndices", { n: "10", numReplicas: 2 }]],
    ["TypeError", 'distributedIndices: unknown option "numReplica"', ["distributedIndices", { n: 10, numReplica: 2 }]],
    ["TypeError", "distributedIndices takes an options object, got undefined", ["distributedIndices"]],
    ["TypeError", 'rankIndices: shuffle must be true or false, got "yes"', ["rankIndices", { n: 4, numReplicas: 1, rank: 0, shuffle: "yes" }]],
    ["TypeError", 'randperm: seed must be a decimal integer, got "0x10"', ["randperm", 4, "0x10"]],
    ["TypeError", "randperm: seed must be a BigInt, a decimal string or a number, got null", ["randperm", 4, null]],
    ["RangeError", "randperm: seed = 18446744073709552000 is not a safe integer: pass a BigInt or a string", ["randperm", 4, 2 ** 64]],
    // A fraction is the wrong kind of number, for a seed or an epoch as for a count.
    ["TypeError", "randperm: seed must be a whole number, got 1.5", ["randperm", 4, 1.5]],
    ["TypeError", "rankIndices: seed must be a whole number, got NaN", ["rankIndices", { n: 4, numReplicas: 2, rank: 0, seed: NaN }]],
    ["TypeError", "distributedIndices: epoch must be a whole number, got 0.5", ["distributedIndices", { n: 4, numReplicas: 2, epoch: 0.5 }]],
    ["TypeError", "noSamplerBatches: manualSeed must be a whole number, got Infinity", ["noSamplerBatches", { n: 4, manualSeed: Infinity }]],
    ["RangeError", "distributedIndices: n = 9007199254740992 is not a safe integer", ["distributedIndices", { n: 2 ** 53, numReplicas: 2 }]],
    ["RangeError", "randperm: n = 16777217 is over this module's limit of 16777216", ["randperm", 2 ** 24 + 1, 0]],
    ["RangeError", "len(dataset) = 16777217 is over this tool's limit of 16777216 samples", ["distributedIndices", { n: 2 ** 24 + 1, numReplicas: 1 }]],
    ["RangeError", "numReplicas = 65 is over this module's limit of 64 ranks per call; rankIndices takes any one rank", ["distributedIndices", { n: 10, numReplicas: 65 }]],
    ["RangeError", "2000000 batches are over this module's limit of 1048576", ["distributedBatches", { n: 2000000, numReplicas: 1 }]],
  ];
  const got = await callAll(cases.map(([, , c]) => c));
  cases.forEach(([type, message, c], i) => {
    const { error } = got[i];
    assert.ok(error, `${JSON.stringify(c)} should throw`);
    assert.deepEqual([error.type, error.message, error.pythonException], [type, message, null], JSON.stringify(c));
    assert.ok(error.rule.length > 10, `${JSON.stringify(c)}: a rule`);
  });
  // The rules state this module's real limits.
  const [negative, over] = await callAll([
    ["distributedIndices", { n: -1, numReplicas: 2 }],
    ["randperm", 2 ** 24 + 1, 0],
  ]);
  assert.match(negative.error.rule, /from 0 to 2\^24 = 16,777,216/);
  assert.doesNotMatch(negative.error.rule, /2\^53/);
  assert.match(over.error.rule, /n up to 2\^24/);
  // One rank of a world larger than 64 is fine.
  assert.deepEqual((await call("rankIndices", { n: 10, numReplicas: 1000, rank: 999, shuffle: false })).value, [9]);
  assert.deepEqual(api.errors, []);
});

test("rankIndices takes any numReplicas up to 2^53 - 1: one rank of a world wider than the dataset", async () => {
  // g.manual_seed(0); torch.randperm(10, generator=g): the order every rank pads by
  // wrap-around. In a world of w > 10 ranks, rank r's one index is that order[r % 10];
  // with drop_last every rank gets none.
  const [{ perm: order }] = (await goldenCases("randperm")).filter((c) => c.n === 10 && c.seed === "0");
  const wide = [1e9, 2 ** 40, 2 ** 53 - 1];
  const ranks = (w) => [0, 7, w - 1];
  const calls = wide.flatMap((w) => ranks(w).map((rank) => ["rankIndices", { n: 10, numReplicas: w, rank }]));
  const got = await callAll(calls);
  calls.forEach(([, { numReplicas, rank }], i) => {
    assert.deepEqual(got[i].value, [order[rank % 10]], `rank ${rank} of ${numReplicas}`);
  });
  const [dropped, empty, outside, overflow] = await callAll([
    ["rankIndices", { n: 10, numReplicas: 1e9, rank: 5, dropLast: true }],
    ["rankIndices", { n: 0, numReplicas: 2 ** 40, rank: 3 }],
    ["rankIndices", { n: 10, numReplicas: 1e9, rank: 1e9 }],
    ["rankIndices", { n: 10, numReplicas: 1e9, rank: 0, seed: big(2n ** 64n - 1n), epoch: 1 }],
  ]);
  assert.deepEqual(dropped.value, []);
  assert.deepEqual(empty.value, []);
  assert.equal(outside.error?.message, "Invalid rank 1000000000, rank should be in the interval [0, 999999999]");
  assert.equal(overflow.error?.message, "Overflow when unpacking long long");
  // The module still works after every error above.
  assert.deepEqual((await call("randperm", 3, 0)).value, [2, 0, 1]);
  assert.deepEqual(api.errors, []);
});

/** A small deterministic generator (mulberry32), so a failing fuzz case can be replayed. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("fuzzing the module's arguments: 3,000 random calls return or throw an Error, never panic", async () => {
  const rand = prng(2026);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const anything = () =>
    pick([0, 1, 2, 3, 7, 17, 100, 999, -1, -7, 1.5, NaN, Infinity, 2 ** 53, 2 ** 24 + 1, "5", "x", "", null, undefined,
      true, [], {}, big(-1), big("18446744073709551615"), big("18446744073709551616"), big(-(2n ** 63n) - 1n)]);
  const count = () => pick([0, 1, 2, 3, 5, 8, 10, 64, 65, 100, 1000, anything()]);
  const options = () => {
    const o = {};
    for (const key of ["n", "numReplicas", "rank", "shuffle", "seed", "dropLast", "epoch", "batchSize",
      "loaderDropLast", "loaderShuffle", "manualSeed", "epochs", "bogus"]) {
      if (rand() < 0.6) o[key] = key.match(/^(n|numReplicas|rank|batchSize|epochs)$/) ? count() : anything();
    }
    return o;
  };
  const names = ["distributedIndices", "rankIndices", "distributedBatches", "randperm", "noSamplerBatches"];
  const calls = Array.from({ length: 3000 }, () => {
    const name = pick(names);
    return name === "randperm" ? [name, count(), anything()] : [name, rand() < 0.9 ? options() : anything()];
  });
  const outcomes = await callAll(calls);
  outcomes.forEach((o, i) => {
    assert.ok("value" in o || o.error?.isError, `call ${i} ${JSON.stringify(calls[i])}: ${JSON.stringify(o)}`);
  });
  const thrown = outcomes.filter((o) => o.error).length;
  assert.ok(thrown > 100 && thrown < 3000, `a mix of results and errors (${thrown} thrown)`);
  assert.deepEqual((await call("randperm", 3, 0)).value, [2, 0, 1], "the module still works");
  assert.deepEqual(api.errors, []);
});
