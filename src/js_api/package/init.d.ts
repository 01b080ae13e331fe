/**
 * The instance type of the global class `Name` where the program's libraries declare one (lib
 * "dom", for one), else `never`: so these types need no `lib: ["dom"]`.
 */
type GlobalInstance<Name extends string> =
  typeof globalThis extends Record<Name, { prototype: infer T }> ? T : never;

/** `WebAssembly.Module` where the program's libraries declare it, else `never`. */
type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer T } } }
  ? T
  : never;

/**
 * Where `init` finds the wasm: its URL (a string, a `URL` or a `Request`, fetched), a `fetch`
 * `Response`, its bytes (an `ArrayBuffer`, a typed array or a Node `Buffer`), or a compiled
 * `WebAssembly.Module`.
 */
export type InitInput =
  | string
  | GlobalInstance<"URL">
  | GlobalInstance<"Request">
  | GlobalInstance<"Response">
  | ArrayBuffer
  | ArrayBufferView
  | WasmModule;

/**
 * Loads the module's wasm; await it once before calling anything else (which otherwise throws
 * an `Error` naming `init`). Without an argument it fetches `sampler_viz_bg.wasm` from beside
 * this file, which works in browsers; in Node pass the file's bytes. Later calls share the
 * first call's promise.
 *
 * @example await init();
 * @example await init({ module_or_path: new URL("/static/sampler_viz_bg.wasm", location.href) });
 * @example await init({ module_or_path: await readFile(wasmPath) }); // Node
 */
export default function init(options?: {
  module_or_path: InitInput | Promise<InitInput>;
}): Promise<void>;

/** `init`, synchronously, from the wasm's bytes or a compiled `WebAssembly.Module`. */
export function initSync(options: { module: ArrayBuffer | ArrayBufferView | WasmModule }): void;
