// sampler-viz's public module (docs/js-api.md). scripts/build-js-api puts it beside
// sampler_viz_core.js, the glue wasm-bindgen generates for the wasm of src/js_api.rs, and
// checks that it exports exactly what that glue exports.
//
// wasm-bindgen's functions read the wasm instance that init() sets, so before it they fail
// with a bare "Cannot read properties of undefined". Each function here first checks that the
// module is loaded, and throws an Error that says to call init() if it is not.
import load, * as core from "./sampler_viz_core.js";

let loaded = false;
let loading;

/** Throws, with the same extra properties as every other error, when init() has not run. */
function ensureLoaded(name) {
  if (loaded) return;
  const error = new Error(
    `sampler-viz: ${name}() ran before the module was loaded; call \`await init()\` once, ` +
      "and let it resolve, before any other function (in Node, init from the bytes of " +
      "sampler_viz_bg.wasm: `await init({ module_or_path: bytes })`)",
  );
  error.pythonException = null;
  error.rule = "The WebAssembly module must be loaded by init() (or initSync()) before any other function runs.";
  throw error;
}

/**
 * Loads the wasm (`sampler_viz_bg.wasm` beside this file when no argument is given) once;
 * later calls share the first one's promise. Resolves to nothing.
 */
export default function init(options) {
  loading ??= load(options).then(
    () => {
      loaded = true;
    },
    (error) => {
      loading = undefined; // a failed load may be tried again
      // Node's fetch cannot read a file: URL, which is where the wasm is without an argument.
      if (options === undefined && import.meta.url.startsWith("file:")) {
        const hint =
          "sampler-viz: init() could not fetch sampler_viz_bg.wasm from a file: URL; " +
          "in Node, pass its bytes: `await init({ module_or_path: await readFile(path) })`";
        throw new Error(`${hint} (${error.message})`, { cause: error });
      }
      throw error;
    },
  );
  return loading;
}

/** Loads the wasm from its bytes or a compiled module, synchronously: `{ module }`. */
export function initSync(options) {
  core.initSync(options);
  loaded = true;
}

export function version() {
  ensureLoaded("version");
  return core.version();
}

export function distributedIndices(options) {
  ensureLoaded("distributedIndices");
  return core.distributedIndices(options);
}

export function rankIndices(options) {
  ensureLoaded("rankIndices");
  return core.rankIndices(options);
}

export function distributedBatches(options) {
  ensureLoaded("distributedBatches");
  return core.distributedBatches(options);
}

export function randperm(n, seed) {
  ensureLoaded("randperm");
  return core.randperm(n, seed);
}

export function noSamplerBatches(options) {
  ensureLoaded("noSamplerBatches");
  return core.noSamplerBatches(options);
}

export function schemes() {
  ensureLoaded("schemes");
  return core.schemes();
}

export function schemeDeal(name, options) {
  ensureLoaded("schemeDeal");
  return core.schemeDeal(name, options);
}
