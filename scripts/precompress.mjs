// Writes FILE.gz and FILE.br beside every text or wasm file of a folder, for servers that send
// a file's compressed copy as it stands instead of compressing on each request (nginx's
// gzip_static and brotli_static, Caddy's precompressed, Apache with a rewrite: docs/embed.md,
// "Serving it compressed").
//
//   node scripts/precompress.mjs DIR [--check]
//
// gzip: the `gzip -9 -n` command (Debian's gzip; -n leaves the name and time out, so a build
// gives the same bytes each time); brotli: node's zlib at quality 11, window 2^24 (the `brotli`
// command's defaults). Both as e2e/bench/first-load-bytes.mjs counts, so the sizes this prints
// are the ones measured there. Each copy takes its file's modification time: a server that
// sends the copy's Last-Modified sends the file's. Prints one line per file and the totals.
// With --check, writes nothing: fails unless every such file has both copies, each
// decompressing to it.
import { execFileSync } from "node:child_process";
import { readFile, readdir, stat, utimes, writeFile } from "node:fs/promises";
import { extname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";

/** What is worth compressing: text of any kind, and wasm. Images other than SVG are not. */
export const COMPRESSED = new Set([".html", ".css", ".js", ".mjs", ".wasm", ".svg", ".json", ".ts", ".md", ".txt"]);

/** Every file under `dir` that gets copies, as paths relative to it, sorted. */
export async function compressible(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSED.has(extname(e.name)))
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/** `body` as `gzip -9 -n` writes it. */
export function gzip(body) {
  return execFileSync("gzip", ["-9", "-n", "-c"], { input: body, maxBuffer: 1 << 30 });
}

/** `body` as `brotli` (quality 11, window 2^24) writes it. */
export function brotli(body) {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The problems with `file`'s copies under `dir` (none when both decompress to it). */
export async function checkCopies(dir, file) {
  const body = await readFile(join(dir, file));
  const problems = [];
  for (const [ext, inflate] of [[".gz", gunzipSync], [".br", brotliDecompressSync]]) {
    const copy = await readFile(join(dir, file + ext)).catch(() => null);
    if (!copy) problems.push(`${file}${ext} is missing`);
    else if (!inflate(copy).equals(body)) problems.push(`${file}${ext} does not decompress to ${file}`);
  }
  return problems;
}

async function main([dir, flag]) {
  if (!dir || (flag && flag !== "--check")) {
    console.error("usage: node scripts/precompress.mjs DIR [--check]");
    process.exit(2);
  }
  const files = await compressible(dir);
  if (files.length === 0) throw new Error(`${dir} holds no file to compress`);
  if (flag === "--check") {
    const problems = (await Promise.all(files.map((f) => checkCopies(dir, f)))).flat();
    for (const p of problems) console.error(`precompress: ${p}`);
    if (problems.length) process.exit(1);
    console.log(`precompress: ${files.length} files, each with a .gz and a .br that decompress to it`);
    return;
  }
  const total = { raw: 0, gz: 0, br: 0 };
  const n = (v) => v.toLocaleString("en").padStart(11);
  console.log(`  ${"file".padEnd(44)} ${"raw".padStart(11)} ${".gz".padStart(11)} ${".br".padStart(11)}`);
  for (const file of files) {
    const path = join(dir, file);
    const [body, { atime, mtime }] = await Promise.all([readFile(path), stat(path)]);
    const [gz, br] = [gzip(body), brotli(body)];
    await writeFile(`${path}.gz`, gz);
    await writeFile(`${path}.br`, br);
    await utimes(`${path}.gz`, atime, mtime);
    await utimes(`${path}.br`, atime, mtime);
    total.raw += body.length;
    total.gz += gz.length;
    total.br += br.length;
    console.log(`  ${file.padEnd(44)} ${n(body.length)} ${n(gz.length)} ${n(br.length)}`);
  }
  console.log(`  ${`all ${files.length} files`.padEnd(44)} ${n(total.raw)} ${n(total.gz)} ${n(total.br)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
