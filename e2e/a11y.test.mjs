// Accessibility in the real browser: axe-core finds no serious or critical violation on the
// page's main states, and every control can be reached with the keyboard.
import { test } from "node:test";
import assert from "node:assert/strict";
import { appUrl, openPage, seriousViolations as axeViolations, useBrowser } from "./harness.mjs";


const session = useBrowser();

/**
 * Serious and critical axe violations on the page at `url`, in a light or dark scheme; with
 * `charts`, once the charts panel has been scrolled to and its part has drawn them.
 */
async function seriousViolations(url, colorScheme = "light", { charts = false } = {}) {
  const { page, errors } = await openPage(session.browser, url);
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  await page.waitForSelector("[data-testid=index-table] tr[data-rank]");
  if (charts) {
    await page.locator("[data-testid=charts]").scrollIntoViewIfNeeded();
    await page.waitForSelector("[data-testid=chart-padding] svg");
  }
  const serious = await axeViolations(page);
  await page.close();
  assert.deepEqual(errors, []);
  return serious;
}

const states = [
  ["the toy example", {}],
  ["CIFAR-10 on the canvas", { n: 50000, num_replicas: 2, batch_size: 64 }],
  ["a bad value", { num_replicas: 2, rank: 5 }],
  ["set_epoch never called", { set_epoch: 0, stage: 3 }],
  ["trimmed tiles", { n: 37, num_replicas: 5, drop_last: 1, stage: 3 }],
  ["padding copies and the loader's dropped batch", { n: 10, num_replicas: 3, batch_size: 3, loader_drop_last: 1 }],
  ["a seed per rank: samples no GPU gets", { n: 16, num_replicas: 4, compare: "distributed,seed_per_rank" }],
  ["the ecosystem: options, a resume, an uneven end", { n: 10, num_replicas: 4, batch_size: 1, epoch: 1, consumed: 1, compare: "lightning_unrepeated,torchdata_resume,iterable", num_workers: 2 }],
];

for (const [name, params, options] of [...states, ["the charts, loaded", {}, { charts: true }]]) {
  for (const scheme of ["light", "dark"]) {
    test(`no serious accessibility violation: ${name}, ${scheme}`, async () => {
      assert.deepEqual(await seriousViolations(appUrl(session.server.url, params), scheme, options), []);
    });
  }
}

test("Tab reaches every control, each with a visible focus ring", async () => {
  const { page, errors } = await openPage(session.browser, session.server.url);
  await page.waitForSelector("[data-testid=index-table] tr[data-rank]");
  const controls = await page.$$eval("[data-testid^=control-]", (els) => els.map((e) => e.dataset.testid));
  const reached = new Set();
  for (let i = 0; i < 80 && reached.size < controls.length; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return { id: el?.dataset?.testid ?? "", outline: style.outlineStyle !== "none" && style.outlineWidth !== "0px" };
    });
    if (focused.id.startsWith("control-")) {
      assert.ok(focused.outline, `${focused.id} shows no focus ring`);
      reached.add(focused.id);
    }
  }
  assert.deepEqual([...reached].sort(), [...controls].sort());
  assert.deepEqual(errors, []);
  await page.close();
});
