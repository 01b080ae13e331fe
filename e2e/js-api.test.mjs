// The JS API (dist/js/sampler_viz.js, docs/js-api.md) in headless Chromium: its example page
// shows PyTorch's indices, the module gives every golden case, and it throws PyTorch's errors.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases, launchBrowser, openPage, serveDist } from "./harness.mjs";

let server;
let browser;
let page;
let errors;
before(async () => {
  // Under a path prefix, as a tutorial site would host dist/: the module is found relatively.
  server = await serveDist("/tools/sampler/");
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, `${server.url}examples/js-api/`));
  await page.waitForFunction(
    () => document.querySelector("[data-testid=status]")?.textContent === "Computed in this page.",
    null,
    { timeout: 10000 },
  );
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A BigInt argument, as it crosses into the page (`{ $bigint: "…" }`, revived there). */
const big = (text) => ({ $bigint: String(text) });

/**
 * Calls `api[name](...args)` in the example page for each `[name, ...args]`, and gives back
 * `{ value }` (typed arrays as plain arrays, or as the golden format's digest above 20,000
 * items) or `{ error }` (what was thrown, as plain data).
 */
function callAll(calls) {
  return page.evaluate(async (calls) => {
    const revive = (v) => {
      if (Array.isArray(v)) return v.map(revive);
      if (v === null || typeof v !== "object") return v;
      if ("$bigint" in v) return BigInt(v.$bigint);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
    };
    const digest = async (items) => {
      const bytes = new TextEncoder().encode(items.join(","));
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
      return { len: items.length, head: Array.from(items.slice(0, 16)), tail: Array.from(items.slice(-16)), sha256 };
    };
    const plain = async (v) => {
      if (ArrayBuffer.isView(v)) return v.length > 20000 ? { $digest: await digest(v) } : Array.from(v);
      return Array.isArray(v) ? Promise.all(v.map(plain)) : v;
    };
    const api = await import(new URL("../../js/sampler_viz.js", document.baseURI).href);
    await api.default();
    const outcomes = [];
    for (const [name, ...args] of calls) {
      let value;
      try {
        value = api[name](...revive(args));
      } catch (e) {
        const { name, message, pythonException, rule } = e;
        outcomes.push({ error: { type: e.constructor.name, isError: e instanceof Error, name, message, pythonException, rule } });
        continue;
      }
      outcomes.push({ value: await plain(value) });
    }
    return outcomes;
  }, calls);
}

async function call(name, ...args) {
  return (await callAll([[name, ...args]]))[0];
}

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
    page.$$eval(`[data-testid=${testid}] tr`, (trs) =>
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

  const [error, rule] = await rows("error");
  assert.deepEqual(error, ["ValueError", "Invalid rank 2, rank should be in the interval [0, 1]"]);
  assert.equal(rule[0], "rule");
  assert.match(rule[1], /between 0 and num_replicas - 1/);
  assert.deepEqual(errors, []);
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
  // One rank of a world larger than 64 is fine.
  assert.deepEqual((await call("rankIndices", { n: 10, numReplicas: 1000, rank: 999, shuffle: false })).value, [9]);
  // The module still works after every error above.
  assert.deepEqual((await call("randperm", 3, 0)).value, [2, 0, 1]);
  assert.deepEqual(errors, []);
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
  assert.deepEqual(errors, []);
});
