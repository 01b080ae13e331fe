// The JS API's example page, opened once per test file, and calls into its module from Node.
import { readFile } from "node:fs/promises";
import { after, before } from "node:test";
import { launchBrowser, openPage, serveDist } from "./harness.mjs";

export { crateVersion } from "./harness.mjs";

/** A BigInt argument, as it crosses into the page (`{ $bigint: "…" }`, revived there). */
export const big = (text) => ({ $bigint: String(text) });

/**
 * Opens the example page before a test file's tests and waits until it has computed:
 * `const api = useApiPage();` then `api.page`, `api.errors` (its console errors and uncaught
 * exceptions), `api.callAll(calls)` and `api.call(name, ...args)`.
 */
export function useApiPage() {
  const api = {
    callAll: (calls) => callAll(api.page, calls),
    call: async (name, ...args) => (await api.callAll([[name, ...args]]))[0],
  };
  // One hook, not useBrowser's and another: Node 20 starts top-level hooks without awaiting
  // the one before.
  before(async () => {
    // Under a path prefix, as a tutorial site would host dist/: the module is found relatively.
    api.server = await serveDist("/tools/sampler/");
    api.browser = await launchBrowser();
    const url = `${api.server.url}examples/js-api/`;
    ({ page: api.page, errors: api.errors } = await openPage(api.browser, url));
    await api.page.waitForFunction(
      () => document.querySelector("[data-testid=status]")?.textContent === "Computed in this page.",
      null,
      { timeout: 10000 },
    );
  });
  after(async () => {
    await api.browser?.close();
    await api.server?.close();
  });
  return api;
}

/**
 * Calls `api[name](...args)` in the example page for each `[name, ...args]`, and gives back
 * `{ value }` (typed arrays as plain arrays, or as the golden format's digest above 20,000
 * items) or `{ error }` (what was thrown, as plain data).
 */
function callAll(page, calls) {
  return page.evaluate(async (calls) => {
    const revive = (v) => {
      if (Array.isArray(v)) return v.map(revive);
      if (v === null || typeof v !== "object") return v;
      if ("$bigint" in v) return BigInt(v.$bigint);
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
    };
    const digest = async (items) => {
      const bytes = new TextEncoder().encode(items.join(","));
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
      return { len: items.length, head: Array.from(items.slice(0, 16)), tail: Array.from(items.slice(-16)), sha256 };
    };
    const plain = async (v) => {
      if (ArrayBuffer.isView(v)) return v.length > 20000 ? { $digest: await digest(v) } : Array.from(v);
      if (Array.isArray(v)) return Promise.all(v.map(plain));
      if (v !== null && typeof v === "object") {
        return Object.fromEntries(await Promise.all(Object.entries(v).map(async ([k, x]) => [k, await plain(x)])));
      }
      return v;
    };
    const api = await import(new URL("../../js/sampler_viz.js", document.baseURI).href);
    await api.default();
    const outcomes = [];
    for (const [name, ...args] of calls) {
      let value;
      try {
        value = api[name](...revive(args));
      } catch (e) {
        const { name, message, pythonException, rule } = e;
        outcomes.push({ error: { type: e.constructor.name, isError: e instanceof Error, name, message, pythonException, rule } });
        continue;
      }
      outcomes.push({ value: await plain(value) });
    }
    return outcomes;
  }, calls);
}
