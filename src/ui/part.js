// Loads a part of the page (src/parts/): imports its module from `href`, a path relative to the
// page (so the bundle works under any sub-path and in embeds), and starts its wasm, which the
// module's glue fetches from beside itself. Resolves to the module's exports. A dynamic
// import() of a file of the page's own origin is what script-src 'self' allows; compiling the
// wasm is what 'wasm-unsafe-eval' allows; nothing else is needed from the page's CSP.
export async function importPart(href) {
  const part = await import(new URL(href, document.baseURI).href);
  await part.default();
  return part;
}
