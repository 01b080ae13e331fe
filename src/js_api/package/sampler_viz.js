// sampler-viz's public module (docs/js-api.md). scripts/build-js-api puts it beside
// sampler_viz_core.js, the glue wasm-bindgen generates for the wasm of src/js_api.rs, and
// checks that it exports exactly what that glue exports.
//
// wasm-bindgen's functions read the wasm instance that init() sets, so before it they fail
// with a bare "Cannot read properties of undefined". Each function here first checks that the
// module is loaded, and throws an Error that says to call init() if it is not. Each passes on
// every argument it is given (`...args`), so a parameter added in Rust reaches the glue
// without a change here.
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

/** Whether this runs in Node, whose fetch cannot read the file: URL the wasm has there. */
const inNode = typeof globalThis.process?.versions?.node === "string";

/** Whether `input` is the wasm itself (its bytes or a compiled module), not where to find it. */
function isWasm(input) {
  return (
    input instanceof ArrayBuffer ||
    ArrayBuffer.isView(input) ||
    (typeof WebAssembly === "object" && input instanceof WebAssembly.Module)
  );
}

/**
 * What init's argument gives the glue to load, as the glue reads it: `module_or_path` of a
 * plain object, else the argument itself (the deprecated bare form), awaited if a promise.
 */
async function given(options) {
  const plain = options !== null && typeof options === "object" && Object.getPrototypeOf(options) === Object.prototype;
  try {
    return await (plain ? options.module_or_path : options);
  } catch {
    return undefined; // a promise that failed (a fetch of its own) gave nothing
  }
}

/**
 * Loads the wasm (`sampler_viz_bg.wasm` beside this file when no argument is given) once;
 * later calls share the first one's promise. Resolves to nothing.
 */
export default function init(...args) {
  loading ??= load(...args).then(
    () => {
      loaded = true;
    },
    async (error) => {
      loading = undefined; // a failed load may be tried again
      // In Node, every way but the bytes (or a compiled module) ends in a fetch, which cannot
      // read the file: URL where the wasm is: no argument, {}, a path or a URL alike.
      if (inNode && !isWasm(await given(args[0]))) {
        const hint =
          "sampler-viz: init() could not load sampler_viz_bg.wasm; in Node, pass its bytes: " +
          "`await init({ module_or_path: await readFile(path) })`";
        throw new Error(`${hint} (${error?.message ?? error})`, { cause: error });
      }
      throw error;
    },
  );
  return loading;
}

/** Loads the wasm from its bytes or a compiled module, synchronously: `{ module }`. */
export function initSync(...args) {
  core.initSync(...args);
  loaded = true;
}

export function version(...args) {
  ensureLoaded("version");
  return core.version(...args);
}

export function distributedIndices(...args) {
  ensureLoaded("distributedIndices");
  return core.distributedIndices(...args);
}

export function rankIndices(...args) {
  ensureLoaded("rankIndices");
  return core.rankIndices(...args);
}

export function distributedBatches(...args) {
  ensureLoaded("distributedBatches");
  return core.distributedBatches(...args);
}

export function randperm(...args) {
  ensureLoaded("randperm");
  return core.randperm(...args);
}

export function noSamplerBatches(...args) {
  ensureLoaded("noSamplerBatches");
  return core.noSamplerBatches(...args);
}

export function schemes(...args) {
  ensureLoaded("schemes");
  return core.schemes(...args);
}

export function schemeDeal(...args) {
  ensureLoaded("schemeDeal");
  return core.schemeDeal(...args);
}
