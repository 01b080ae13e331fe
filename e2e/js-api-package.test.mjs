// The JS API as an author gets it (docs/js-api.md): `npm pack dist/js`, the tarball installed
// into a scratch project, then used from Node, from Chromium under a strict CSP, and from
// TypeScript; and every function refuses to run before init() with an Error naming it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
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

// TypeScript, strict, without lib "dom" (Node's view) and with it (a page's).
const TYPED = `
import init, { distributedIndices, rankIndices, version, type SamplerVizError } from "sampler-viz";

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
export const used = [ranks, mine, pinned, exception];
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
    "typed.ts": TYPED,
    "typed-page.ts": TYPED_PAGE,
    "tsconfig.json": JSON.stringify({ compilerOptions: STRICT, files: ["typed.ts"] }),
    "tsconfig.nodenext.json": JSON.stringify({
      compilerOptions: { ...STRICT, module: "nodenext", moduleResolution: "nodenext" },
      files: ["typed.ts"],
    }),
    "tsconfig.dom.json": JSON.stringify({
      compilerOptions: { ...STRICT, lib: ["es2022", "dom"] },
      files: ["typed.ts", "typed-page.ts"],
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

test("TypeScript 5.9 (strict) checks a use of the package, with and without lib dom", async () => {
  const { stdout } = await run(process.execPath, [tsc, "--version"]);
  assert.match(stdout, /^Version 5\.9\./);
  for (const config of ["tsconfig.json", "tsconfig.nodenext.json", "tsconfig.dom.json"]) {
    const checked = await run(process.execPath, [tsc, "-p", config], { cwd: scratch.project }).catch((e) => e);
    assert.equal(checked.code ?? 0, 0, `tsc -p ${config}:\n${checked.stdout}`);
  }
  // The check can fail: without its @ts-expect-error the wrong option is an error.
  await writeFile(join(scratch.project, "typed.ts"), TYPED.replace(/^\s*\/\/ @ts-expect-error.*$/m, ""));
  const failed = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: scratch.project }).catch((e) => e);
  assert.notEqual(failed.code ?? 0, 0);
  assert.match(failed.stdout, /typed\.ts.*error TS2322: Type 'string' is not assignable to type 'number'/);
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
