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

// Fetches the page's Chinese texts (src/ui/zh_texts.rs): the file its
// <meta name="sampler-viz:texts:zh"> names, a path relative to the page. Rejects with why not.
export async function fetchZhTexts() {
  const got = await (early ?? settle(zhTextsAddress()));
  early = null;
  if ("error" in got) throw got.error;
  return got.text;
}

const zhTextsAddress = () =>
  document.querySelector('meta[name="sampler-viz:texts:zh"]')?.getAttribute("content") || null;

// A fetch that stalls gives up after TEXTS_WAIT ms: the page, which waits for it before
// drawing in Chinese, is then drawn in English and says why (in a few words: the reader sees
// them; the console has the rest). Settled into a value, so that a failure is reported where
// the page asks, not as an unhandled rejection.
const TEXTS_WAIT = 10_000;
const settle = (href) =>
  (href
    ? fetch(new URL(href, document.baseURI).href, { signal: AbortSignal.timeout(TEXTS_WAIT) })
    : Promise.reject(new Error('no <meta name="sampler-viz:texts:zh"> in index.html'))
  )
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    })
    .catch((error) => {
      throw error?.name === "TimeoutError" ? new Error(`no answer in ${TEXTS_WAIT / 1000} s`) : error;
    })
    .then((text) => ({ text }), (error) => ({ error }));

// A head start: this module is evaluated before the page's wasm has finished downloading, so a
// page whose URL asks for Chinese (`lang=zh`, or `zh-…`: Lang::from_code decides, later) starts
// fetching its texts now, beside the wasm, and the first fetchZhTexts hands that fetch on.
let early = /^zh(?:[-_]|$)/i.test((new URLSearchParams(location.search).get("lang") ?? "").trim())
  ? settle(zhTextsAddress())
  : null;

// The story's styles (the sheets below the first screen, which scripts/build-parts joins into the
// one file <meta name="sampler-viz:styles:story"> names): loaded once the page is drawn, or
// before it is drawn when the URL opens on the story (storyStylesFirst). storyStyles resolves
// once the sheet applies, and rejects with why not (no file named, an HTTP error, or no answer
// in STYLES_WAIT ms: the story then shows unstyled, and says so). storyStylesLate resolves if a
// sheet that took longer than that applies after all.
export function storyStyles() {
  sheet ??= addStyles();
  return Promise.race([
    sheet,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${STYLES_WAIT / 1000} s`)), STYLES_WAIT)),
  ]);
}
export const storyStylesLate = () => (sheet ??= addStyles());
const STYLES_WAIT = 5_000;
let sheet = null;

function addStyles() {
  return new Promise((resolve, reject) => {
    const href = document.querySelector('meta[name="sampler-viz:styles:story"]')?.getAttribute("content");
    if (!href) return reject(new Error('no <meta name="sampler-viz:styles:story"> in index.html'));
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(href, document.baseURI).href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`${href} could not be loaded`));
    document.head.append(link);
  });
}

// Whether the page opens on the story rather than on the comparison: a link to a step (#…,
// step=), the walk-through, a pitfall, present mode, an embed (a story step alone, or the
// comparison with steps under it in a frame whose height follows them), a preview with parts
// hidden (hide=, which can put a step on the first screen), or a reload or a step back (the
// browser puts the reader back where they were). Such a page waits for the story's styles
// before it is drawn, so that what it measures and scrolls to stays where it was put.
export function storyStylesFirst() {
  const asks = new URLSearchParams(location.search);
  // A reload or a step back puts the reader where they were, often in the story.
  const returning = ["reload", "back_forward"].includes(performance.getEntriesByType?.("navigation")[0]?.type);
  return returning || location.hash.length > 1 || ["step", "guide", "scenario", "present", "embed", "hide"].some((p) => asks.has(p));
}

// Such a page starts fetching them now, beside the wasm.
if (storyStylesFirst()) storyStyles().catch(() => {});
