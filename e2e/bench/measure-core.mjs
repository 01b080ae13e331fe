// The core, wasm against native: the BENCH lines of tests/wasm_bench.rs and the JSON lines of
// `examples/bench.rs --json`, case by case, and their ratio.
import { readFile } from "node:fs/promises";
import { figure, round } from "./figures.mjs";

async function jsonLines(file, prefix = "") {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith(prefix + "{"))
    .map((l) => JSON.parse(l.slice(prefix.length)));
}

/**
 * Figures from either file or both (paths, or undefined); `budget` bounds the wasm/native ratio
 * of all ranks at ImageNet-1k.
 */
export async function coreFigures(wasmFile, nativeFile, budget) {
  if (!wasmFile && !nativeFile) return;
  const wasm = wasmFile ? await jsonLines(wasmFile, "BENCH ") : [];
  const native = nativeFile ? await jsonLines(nativeFile) : [];
  if (wasmFile && wasm.length === 0) throw new Error(`no BENCH lines in ${wasmFile}`);
  if (nativeFile && native.length === 0) throw new Error(`no JSON lines in ${nativeFile}`);
  const key = (c) => `${c.name} n=${c.n} w=${c.num_replicas}`;
  const wasmBy = new Map(wasm.map((c) => [key(c), c]));
  const nativeBy = new Map(native.map((c) => [key(c), c]));
  // In the native bench's order, then the cases only wasm has (the page's whole computation).
  for (const k of new Set([...nativeBy.keys(), ...wasmBy.keys()])) {
    const [w, n] = [wasmBy.get(k), nativeBy.get(k)];
    if (w) figure(`core ${k}: wasm`, round(w.median_ms, 3), "ms");
    if (n) figure(`core ${k}: native`, round(n.median_ms, 3), "ms");
    if (w && n) {
      const imagenet = w.name === "all_ranks" && w.n === 1281167;
      figure(`core ${k}: wasm/native`, round(w.median_ms / n.median_ms), "ratio",
        imagenet ? budget : null);
    }
  }
}
