// The first-load bytes of a built page: index.html and every "./file" it names (its
// stylesheets, icon, script and wasm; the same files as measure-startup.mjs's "page bytes"),
// raw, gzipped by the `gzip -9 -n` command (as scripts/build-site counts; node's zlib at level
// 9, which page-bench.mjs uses, gives ~1.5 % more on the wasm) and brotli'd by node's zlib
// (quality 11, window 2^24: the `brotli` command's defaults).
//
//   node e2e/bench/first-load-bytes.mjs DIST [--json]
//
// Prints one line per file and the totals; with --json, one object of totals only.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { brotliCompressSync, constants } from "node:zlib";

const [dist, flag] = process.argv.slice(2);
if (!dist) {
  console.error("usage: node e2e/bench/first-load-bytes.mjs DIST [--json]");
  process.exit(2);
}
const html = await readFile(join(dist, "index.html"), "utf8");
const named = [...html.matchAll(/["']\.?\/([^"'?#]+\.[a-z0-9]+)["']/gi)].map((m) => m[1]);
const files = ["index.html", ...new Set(named)];
if (!files.some((f) => f.endsWith(".wasm"))) throw new Error(`${dist}/index.html names no .wasm`);

const total = { raw: 0, gzip: 0, brotli: 0, wasmRaw: 0, wasmGzip: 0, wasmBrotli: 0 };
const rows = [];
for (const name of files) {
  const body = await readFile(join(dist, name));
  const gz = execFileSync("gzip", ["-9", "-n", "-c"], { input: body, maxBuffer: 1 << 30 }).length;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;
  total.raw += body.length;
  total.gzip += gz;
  total.brotli += br;
  if (name.endsWith(".wasm")) {
    total.wasmRaw += body.length;
    total.wasmGzip += gz;
    total.wasmBrotli += br;
  }
  rows.push([name, body.length, gz, br]);
}

if (flag === "--json") {
  console.log(JSON.stringify(total));
} else {
  const n = (v) => v.toLocaleString("en").padStart(11);
  console.log(`${"file".padEnd(44)} ${"raw".padStart(11)} ${"gzip -9".padStart(11)} ${"brotli".padStart(11)}`);
  for (const [name, raw, gz, br] of rows) console.log(`${name.padEnd(44)} ${n(raw)} ${n(gz)} ${n(br)}`);
  console.log(`${"first load".padEnd(44)} ${n(total.raw)} ${n(total.gzip)} ${n(total.brotli)}`);
}
