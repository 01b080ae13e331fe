// The JS API as an author gets it (docs/js-api.md): `npm pack ./dist/js`, the tarball installed
// into a scratch project, then used from Node (import and require), from Chromium under a
// strict CSP, and from TypeScript (the guide's own snippet among the checked files); every
// function refuses to run before init() with an Error naming it, init in Node says to pass the
// bytes, and the public module passes every argument on to wasm-bindgen's glue.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { goldenCases, launchBrowser, openPage } from "./harness.mjs";
import { crateVersion } from "./js-api-page.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const dist = process.env.DIST ?? join(root, "dist");
const tsc = join(root, "node_modules/typescript/bin/tsc");

// s = DistributedSampler(range(10), num_replicas=3, rank=r, shuffle=True, seed=0,
//                        drop_last=True); s.set_epoch(0); list(s)       for r = 0, 1, 2
// in PyTorch 2.15 (tests/golden/pytorch-2.15/distributed_sampler.jsonl):
const GOLDEN = [
  [4, 5, 0],
  [1, 3, 8],
  [7, 9, 6],
];
const GOLDEN_CALL = { n: 10, numReplicas: 3, dropLast: true };

/** What every use below reports: the error before init, then the version and the indices. */
const USE = `
import init, * as api from "sampler-viz";

export async function use(load) {
  const beforeInit = {};
  for (const [name, f] of Object.entries(api)) {
    if (name === "default" || name === "initSync") continue;
    try {
      f();
      beforeInit[name] = "returned";
    } catch (e) {
      const { message, pythonException, rule } = e;
      beforeInit[name] = { type: e.constructor.name, message, pythonException, rule };
    }
  }
  await init(await load());
  const ranks = api.distributedIndices(${JSON.stringify(GOLDEN_CALL)}).map((r) => Array.from(r));
  return { beforeInit, version: api.version(), ranks };
}
`;

// Node: the wasm's bytes, found through the package's subpath export.
const NODE = `
import { readFile } from "node:fs/promises";
import { use } from "./use.mjs";

const wasm = new URL(import.meta.resolve("sampler-viz/sampler_viz_bg.wasm"));
console.log(JSON.stringify(await use(async () => ({ module_or_path: await readFile(wasm) }))));
`;

// Chromium: the bare name through an import map; init() fetches the wasm beside the module.
const IMPORT_MAP = JSON.stringify({
  imports: { "sampler-viz": "/node_modules/sampler-viz/sampler_viz.js" },
});
const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>sampler-viz from its package</title>
    <link rel="icon" href="data:," />
    <script type="importmap">${IMPORT_MAP}</script>
    <script type="module" src="/page.mjs"></script>
  </head>
  <body><pre data-testid="result"></pre></body>
</html>
`;
const PAGE_MODULE = `
import { use } from "/use.mjs";

const result = await use(async () => undefined);
document.querySelector("[data-testid=result]").textContent = JSON.stringify(result);
`;
/** The host page's policy: the import map by its hash, wasm by 'wasm-unsafe-eval', no more. */
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' 'sha256-${createHash("sha256").update(IMPORT_MAP).digest("base64")}'`,
  "img-src data:",
  "object-src 'none'",
  "base-uri 'none'",
].join("; ");

// Node without the bytes: every way of calling init that ends in a fetch, each rejecting with
// the hint to pass the bytes; bad bytes rejecting with the compiler's own error; then the bytes.
const NODE_INIT = `
import { readFile } from "node:fs/promises";
import init, { version } from "sampler-viz";

const wasm = new URL(import.meta.resolve("sampler-viz/sampler_viz_bg.wasm"));
const tries = {
  none: () => init(),
  empty: () => init({}),
  path: () => init({ module_or_path: wasm.pathname }),
  url: () => init({ module_or_path: wasm }),
  fetched: () => init({ module_or_path: fetch(wasm) }),
  badBytes: () => init({ module_or_path: new Uint8Array([0, 97, 115, 109]) }),
};
const failed = {};
for (const [name, attempt] of Object.entries(tries)) {
  try {
    await attempt();
    failed[name] = "resolved";
  } catch (e) {
    failed[name] = { type: e.constructor.name, message: e.message, cause: e.cause?.message ?? null };
  }
}
await init({ module_or_path: await readFile(wasm) });
console.log(JSON.stringify({ failed, version: version() }));
`;

// CommonJS: require() of the package (Node 20.19 and 22.12 on), through "default" in exports.
const REQUIRE = `
const { readFileSync } = require("node:fs");
const api = require("sampler-viz");

api.initSync({ module: readFileSync(require.resolve("sampler-viz/sampler_viz_bg.wasm")) });
const ranks = api.distributedIndices(${JSON.stringify(GOLDEN_CALL)}).map((r) => Array.from(r));
console.log(JSON.stringify({ init: typeof api.default, version: api.version(), ranks }));
`;

// What schemeDeal refuses: the rule that lists its options, the page's view-only parameters,
// and loader_shuffle, which it reads (PyTorch refuses it beside a sampler).
const SCHEME_OPTIONS = `
import { readFile } from "node:fs/promises";
import init, { schemeDeal } from "sampler-viz";

await init({ module_or_path: await readFile(new URL(import.meta.resolve("sampler-viz/sampler_viz_bg.wasm"))) });
const calls = {
  misspelt: { n: 8, numReplicas: 2 },
  rank: { n: 8, rank: 1 },
  stage: { n: 8, stage: 3 },
  loaderShuffle: { n: 8, loader_shuffle: true },
};
const thrown = {};
for (const [name, options] of Object.entries(calls)) {
  try {
    schemeDeal("distributed", options);
    thrown[name] = "returned";
  } catch (e) {
    thrown[name] = { type: e.constructor.name, name: e.name, message: e.message, rule: e.rule };
  }
}
console.log(JSON.stringify(thrown));
`;

// TypeScript, strict, without lib "dom" (Node's view) and with it (a page's). Each
// @ts-expect-error is taken out in turn below, and tsc must then report the error after it.
const EXPECTED_ERRORS = [
  "error TS2322: Type 'string' is not assignable to type 'number'",
  "error TS2561: Object literal may only specify known properties, but 'numReplicas' does not exist in type 'SchemeOptions'. Did you mean to write 'num_replicas'?",
];
const TYPED = `
import init, { distributedIndices, rankIndices, schemeDeal, version, type SamplerVizError, type SchemeDeal } from "sampler-viz";

declare const bytes: Uint8Array;
await init({ module_or_path: bytes });
const ranks: Uint32Array[] = distributedIndices({ n: 10, numReplicas: 3, dropLast: true });
const mine: Uint32Array = rankIndices({ n: 10, numReplicas: 1e9, rank: 5, seed: 2n ** 64n - 1n });
const pinned: string = version();
let exception: "ValueError" | "AssertionError" | null = null;
try {
  // @ts-expect-error numReplicas is a number, not a string
  distributedIndices({ n: 10, numReplicas: "3" });
} catch (e) {
  exception = (e as SamplerVizError).pythonException;
}
const deal: SchemeDeal = schemeDeal("accelerate", { n: 10, num_replicas: 2, data_seed: "none", seed: 2n ** 64n - 1n });
try {
  // @ts-expect-error schemeDeal's options are the URL's names: num_replicas, not numReplicas
  schemeDeal("accelerate", { numReplicas: 2 });
} catch (e) {
  exception = (e as SamplerVizError).pythonException;
}
export const used = [ranks, mine, pinned, exception, deal];
`;
const TYPED_PAGE = `
import init, { randperm } from "sampler-viz";

await init({ module_or_path: new URL("/static/sampler_viz_bg.wasm", location.href) });
await init({ module_or_path: fetch("/static/sampler_viz_bg.wasm") });
const perm: Uint32Array = randperm(10, "18446744073709551615");
// @ts-expect-error randperm's n is a number
randperm("10", 0);
export const shown = perm;
`;
const STRICT = {
  strict: true,
  noEmit: true,
  target: "es2022",
  module: "esnext",
  moduleResolution: "bundler",
  lib: ["es2022"],
  types: [],
  skipLibCheck: false,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
};

/** docs/js-api.md's "In TypeScript" snippet, exactly as the page shows it. */
async function docSnippet() {
  const doc = await readFile(join(root, "docs/js-api.md"), "utf8");
  const section = doc.split("\n## In TypeScript\n")[1]?.split("\n## ")[0];
  const snippet = section && /\n```ts\n([\s\S]*?)\n```\n/.exec(section)?.[1];
  assert.ok(snippet?.includes('from "sampler-viz"'), "docs/js-api.md has a ts snippet under ## In TypeScript");
  return `${snippet}\n`;
}

/** The option names of the `interface SchemeOptions` in `text` (a .d.ts or the guide). */
function schemeOptionNames(text) {
  const body = /export interface SchemeOptions \{([\s\S]*?)\n\}/.exec(text)?.[1];
  assert.ok(body, "an `export interface SchemeOptions { ... }`");
  return [...body.matchAll(/^\s*(\w+)\?:/gm)].map((m) => m[1]);
}

/** Runs `tsc -p config` in the scratch project: the failure (with its stdout), or code 0. */
function tscCheck(config) {
  return run(process.execPath, [tsc, "-p", config], { cwd: scratch.project }).catch((e) => e);
}

const scratch = {};

before(async () => {
  await mkdir(join(root, "target/tmp"), { recursive: true });
  scratch.dir = await mkdtemp(join(root, "target/tmp/js-api-package-"));
  const packed = await run("npm", ["pack", join(dist, "js"), "--json", "--pack-destination", scratch.dir], {
    cwd: scratch.dir,
  });
  [scratch.pack] = JSON.parse(packed.stdout);
  scratch.project = join(scratch.dir, "project");
  await mkdir(scratch.project);
  const files = {
    "package.json": JSON.stringify({ name: "scratch", private: true, type: "module" }),
    "use.mjs": USE,
    "node.mjs": NODE,
    "index.html": PAGE,
    "page.mjs": PAGE_MODULE,
    "node-init.mjs": NODE_INIT,
    "require.cjs": REQUIRE,
    "scheme-options.mjs": SCHEME_OPTIONS,
    "typed.ts": TYPED,
    "typed-page.ts": TYPED_PAGE,
    "doc-snippet.ts": await docSnippet(),
    "tsconfig.json": JSON.stringify({ compilerOptions: STRICT, files: ["typed.ts", "doc-snippet.ts"] }),
    "tsconfig.nodenext.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "nodenext", moduleResolution: "nodenext" },
      files: ["typed.ts", "doc-snippet.ts"],
    }),
    "tsconfig.dom.json": JSON.stringify({
      compilerOptions: { ...STRICT, lib: ["es2022", "dom"] },
      files: ["typed.ts", "typed-page.ts", "doc-snippet.ts"],
    }),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(scratch.project, name), text);
  // A local tarball without dependencies: --offline proves the install needs no registry.
  const tarball = join(scratch.dir, scratch.pack.filename);
  const flags = ["--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-update-notifier"];
  await run("npm", ["install", tarball, ...flags], { cwd: scratch.project });
});

after(async () => {
  if (scratch.dir) await rm(scratch.dir, { recursive: true, force: true });
});

/** Checks what `use()` reported: the Error before init, Cargo's version, PyTorch's indices. */
async function assertUse(result, where) {
  const names = Object.keys(result.beforeInit).sort();
  assert.deepEqual(names, [
    "distributedBatches",
    "distributedIndices",
    "noSamplerBatches",
    "randperm",
    "rankIndices",
    "schemeDeal",
    "schemes",
    "version",
  ]);
  for (const [name, error] of Object.entries(result.beforeInit)) {
    assert.equal(error.type, "Error", `${where}: ${name}() before init`);
    assert.match(error.message, new RegExp(`${name}\\(\\) ran before the module was loaded`));
    assert.match(error.message, /call `await init\(\)`/);
    assert.equal(error.pythonException, null);
    assert.match(error.rule, /init\(\)/);
  }
  assert.equal(result.version, await crateVersion(), `${where}: version()`);
  assert.deepEqual(result.ranks, GOLDEN, `${where}: distributedIndices`);
}

test("npm pack gives sampler-viz-<version>.tgz with the module, its wasm, types and README", async () => {
  const version = await crateVersion();
  assert.equal(scratch.pack.filename, `sampler-viz-${version}.tgz`);
  assert.equal(scratch.pack.name, "sampler-viz");
  assert.equal(scratch.pack.version, version);
  assert.deepEqual(scratch.pack.files.map((f) => f.path).sort(), [
    "README.md",
    "package.json",
    "sampler_viz.d.ts",
    "sampler_viz.js",
    "sampler_viz_bg.wasm",
    "sampler_viz_core.js",
  ]);
  const installed = join(scratch.project, "node_modules/sampler-viz/package.json");
  const manifest = JSON.parse(await readFile(installed, "utf8"));
  assert.equal(manifest.version, version);
  assert.equal(manifest.type, "module");
  assert.equal(manifest.sideEffects, false);
  // import for bundlers and Node's import, default for Node's require() of an ES module.
  assert.deepEqual(manifest.exports["."], {
    types: "./sampler_viz.d.ts",
    import: "./sampler_viz.js",
    default: "./sampler_viz.js",
  });
  // The golden vector quoted above is the golden file's.
  const cases = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === 10 && c.num_replicas === 3 && c.shuffle && c.seed === "0" && c.epoch === "0" && c.drop_last,
  );
  assert.deepEqual(cases.sort((a, b) => a.rank - b.rank).map((c) => c.indices), GOLDEN);
});

test("Node: import 'sampler-viz', init from the wasm's bytes, PyTorch's indices and the version", async () => {
  const { stdout, stderr } = await run(process.execPath, ["node.mjs"], { cwd: scratch.project });
  assert.equal(stderr, "", "no warning (the object form of init's argument is the current one)");
  await assertUse(JSON.parse(stdout), "Node");
});

test("Node: init without the bytes rejects with the hint to pass them, whatever it was given", async () => {
  const { stdout } = await run(process.execPath, ["node-init.mjs"], { cwd: scratch.project });
  const { failed, version } = JSON.parse(stdout);
  for (const name of ["none", "empty", "path", "url", "fetched"]) {
    const error = failed[name];
    assert.equal(error.type, "Error", `init (${name})`);
    assert.match(
      error.message,
      /^sampler-viz: init\(\) could not load sampler_viz_bg\.wasm; in Node, pass its bytes: `await init\(\{ module_or_path: await readFile\(path\) \}\)` \(.+\)$/,
      `init (${name})`,
    );
    assert.ok(error.cause && error.message.endsWith(`(${error.cause})`), `init (${name}): the fetch's error as cause`);
  }
  assert.match(failed.empty.cause, /fetch failed/, "init({}) fetches the file: URL beside the module");
  assert.equal(failed.badBytes.type, "CompileError", "bytes that are no wasm: the compiler's error, no hint");
  assert.doesNotMatch(failed.badBytes.message, /sampler-viz/);
  assert.equal(version, await crateVersion(), "a failed init may be tried again");
});

test("Node: require('sampler-viz') loads the ES module through exports' default", { skip: !process.features.require_module && "this Node cannot require() an ES module" }, async () => {
  const { stdout } = await run(process.execPath, ["require.cjs"], { cwd: scratch.project });
  const result = JSON.parse(stdout);
  assert.equal(result.init, "function");
  assert.equal(result.version, await crateVersion());
  assert.deepEqual(result.ranks, GOLDEN);
});

test("the public module passes every argument on to the glue, whatever the arity", async () => {
  // sampler_viz.js beside a stand-in for the glue that exports the same names and records
  // each call: a parameter added in Rust must reach the glue without a change to the wrapper.
  const installed = join(scratch.project, "node_modules/sampler-viz");
  const names = Object.keys(await import(pathToFileURL(join(installed, "sampler_viz_core.js")).href));
  const others = names.filter((name) => name !== "default");
  const dir = join(scratch.dir, "forwarding");
  await mkdir(dir);
  await copyFile(join(installed, "sampler_viz.js"), join(dir, "sampler_viz.js"));
  const stand = others.map((name) => `export const ${name} = (...args) => record(${JSON.stringify(name)}, args);`);
  await writeFile(
    join(dir, "sampler_viz_core.js"),
    [
      "const record = (name, args) => (globalThis.forwarded.push([name, args]), name);",
      "export default async (...args) => record(\"default\", args);",
      ...stand,
    ].join("\n"),
  );
  globalThis.forwarded = [];
  const api = await import(pathToFileURL(join(dir, "sampler_viz.js")).href);
  assert.deepEqual(Object.keys(api).sort(), [...names].sort());
  await api.default("a", "b", "c");
  for (const name of others) {
    assert.equal(api[name]("a", "b", "c"), name === "initSync" ? undefined : name, name);
  }
  assert.deepEqual(globalThis.forwarded, ["default", ...others].map((name) => [name, ["a", "b", "c"]]));
});

test("schemeDeal's options: the guide's list, the .d.ts's SchemeOptions and what it takes agree", async () => {
  const { stdout } = await run(process.execPath, ["scheme-options.mjs"], { cwd: scratch.project });
  const thrown = JSON.parse(stdout);
  const types = await readFile(join(scratch.project, "node_modules/sampler-viz/sampler_viz.d.ts"), "utf8");
  const documented = schemeOptionNames(await readFile(join(root, "docs/js-api.md"), "utf8"));
  assert.deepEqual(schemeOptionNames(types), documented, "sampler_viz.d.ts and docs/js-api.md");
  for (const key of ["misspelt", "rank", "stage"]) {
    assert.equal(thrown[key].type, "TypeError", key);
    assert.equal(thrown[key].rule, `schemeDeal takes one object with the options ${documented.join(", ")}.`, key);
  }
  assert.equal(thrown.rank.message, 'schemeDeal: unknown option "rank"');
  assert.equal(thrown.stage.message, 'schemeDeal: unknown option "stage"');
  assert.equal(thrown.loaderShuffle.name, "ValueError", "loader_shuffle is read");
  assert.equal(thrown.loaderShuffle.message, "sampler option is mutually exclusive with shuffle");
});

test("Chromium: the installed package served over HTTP, under a strict CSP, bare import", async () => {
  const server = await serve(scratch.project);
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openPage(browser, server.url);
    await page.waitForFunction(() => document.querySelector("[data-testid=result]")?.textContent, null, {
      timeout: 10_000,
    });
    const result = JSON.parse(await page.textContent("[data-testid=result]"));
    await assertUse(result, "Chromium");
    assert.deepEqual(errors, [], "no console error, no CSP violation");
  } finally {
    await browser.close();
    await server.close();
  }
});

test("TypeScript 5.9 (strict) checks a use of the package and the guide's snippet, with and without lib dom", async () => {
  const { stdout } = await run(process.execPath, [tsc, "--version"]);
  assert.match(stdout, /^Version 5\.9\./);
  for (const config of ["tsconfig.json", "tsconfig.nodenext.json", "tsconfig.dom.json"]) {
    const checked = await tscCheck(config);
    assert.equal(checked.code ?? 0, 0, `tsc -p ${config}:\n${checked.stdout}`);
  }
  // The check can fail: without its @ts-expect-error, each wrong call is the error expected.
  const directives = TYPED.split("\n").filter((line) => line.includes("@ts-expect-error"));
  assert.equal(directives.length, EXPECTED_ERRORS.length);
  for (const [k, directive] of directives.entries()) {
    await writeFile(join(scratch.project, "typed.ts"), TYPED.replace(`${directive}\n`, ""));
    const failed = await tscCheck("tsconfig.json");
    assert.notEqual(failed.code ?? 0, 0, directive);
    const errors = failed.stdout.split("\n").filter((line) => line.includes("error TS"));
    assert.equal(errors.length, 1, `${directive}:\n${failed.stdout}`);
    assert.ok(errors[0].startsWith("typed.ts") && errors[0].includes(EXPECTED_ERRORS[k]), `${directive}:\n${failed.stdout}`);
  }
  await writeFile(join(scratch.project, "typed.ts"), TYPED);
});

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
};

/** Serves `dir` on 127.0.0.1 with the host page's CSP; resolves to { url, close }. */
async function serve(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(`/${decodeURIComponent(new URL(req.url, "http://x").pathname)}`);
    const file = join(dir, path.endsWith("/") ? join(path, "index.html") : path);
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? "application/octet-stream";
      res.writeHead(200, { "content-type": type, "content-security-policy": CSP });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((done) => server.close(done)),
  };
}
