// The static bundle: served from a sub-path, nothing fetched from another origin, a strict CSP.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, TABLE, appUrl, serveDist, useBrowser } from "./harness.mjs";

const session = useBrowser();

/**
 * Opens `url`, recording every request, every response that failed and every CSP violation;
 * waits for `ready`; resolves to what it saw (the page closed).
 */
async function record(url, ready = TABLE) {
  const page = await session.browser.newPage();
  const seen = { requests: [], failed: [], errors: [] };
  page.on("request", (r) => seen.requests.push(r.url()));
  page.on("response", (r) => r.status() >= 400 && seen.failed.push(`${r.status()} ${r.url()}`));
  page.on("console", (m) => m.type() === "error" && seen.errors.push(m.text()));
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
  });
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: DRAWN });
  seen.violations = await page.evaluate(() => violations);
  seen.csp = await page.getAttribute("meta[http-equiv=Content-Security-Policy]", "content");
  await page.close();
  return seen;
}

test("from a sub-path, the page and its embed load with relative URLs and no error", async () => {
  const sub = await serveDist("/tools/sampler/");
  try {
    for (const params of [{ n: 17, num_replicas: 4 }, { embed: 1 }]) {
      const seen = await record(appUrl(sub.url, params));
      assert.deepEqual(seen.failed, []);
      assert.deepEqual(seen.errors, []);
      assert.deepEqual(seen.violations, []);
      const outside = seen.requests.filter((u) => !u.startsWith(sub.url));
      assert.deepEqual(outside, [], "every request stays under /tools/sampler/");
    }
  } finally {
    await sub.close();
  }
});

test("no request leaves the page's origin, and the CSP refuses all but the page's own code", async () => {
  const seen = await record(appUrl(session.server.url, { n: 50000, num_replicas: 2, batch_size: 64 }));
  const origin = new URL(session.server.url).origin;
  assert.deepEqual(seen.requests.filter((u) => !u.startsWith(`${origin}/`)), []);
  assert.deepEqual([seen.failed, seen.errors, seen.violations], [[], [], []]);
  const directives = Object.fromEntries(
    seen.csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]),
  );
  assert.deepEqual(directives["default-src"], ["'self'"]);
  assert.deepEqual(directives["connect-src"], ["'self'"]);
  assert.deepEqual(directives["object-src"], ["'none'"]);
  const scripts = directives["script-src"];
  assert.deepEqual(scripts.slice(0, 2), ["'self'", "'wasm-unsafe-eval'"]);
  assert.ok(scripts.slice(2).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)), scripts.join(" "));

  // An inline script the build did not hash is refused.
  const page = await session.browser.newPage();
  await page.goto(session.server.url);
  await page.waitForSelector(TABLE, { timeout: DRAWN });
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.ranInline = true";
    document.body.append(script);
    await new Promise((done) => setTimeout(done, 100));
    return window.ranInline === true;
  });
  assert.equal(ran, false);
  await page.close();
});

test("from a sub-path under the CSP, the charts' part loads from beside the page and draws", async () => {
  const sub = await serveDist("/tools/sampler/");
  const page = await session.browser.newPage();
  try {
    const seen = { requests: [], failed: [], errors: [] };
    page.on("request", (r) => seen.requests.push(r.url()));
    page.on("response", (r) => r.status() >= 400 && seen.failed.push(`${r.status()} ${r.url()}`));
    page.on("console", (m) => m.type() === "error" && seen.errors.push(m.text()));
    page.on("pageerror", (e) => seen.errors.push(String(e)));
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
    });
    await page.goto(appUrl(sub.url, { n: 17, num_replicas: 4 }));
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    await page.locator("[data-testid=charts]").scrollIntoViewIfNeeded();
    await page.waitForSelector("[data-testid=chart-padding] svg", { timeout: DRAWN });
    const part = seen.requests.filter((u) => u.includes("/parts/"));
    assert.ok(part.length === 2 && part.every((u) => u.startsWith(`${sub.url}parts/story-`)), part.join(", "));
    assert.deepEqual([seen.failed, seen.errors, await page.evaluate(() => violations)], [[], [], []]);
  } finally {
    await page.close();
    await sub.close();
  }
});
