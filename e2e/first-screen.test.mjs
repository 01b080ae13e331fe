// The first screen carries the lesson without a scroll or a click: at 1280×800 both schemes'
// lanes, their verdicts and the controls that matter are inside the viewport; on a phone
// (390×844) one scheme's lanes and the switch to the other are. Light and dark alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser } from "./harness.mjs";

const session = useBrowser();
const READY = "[data-testid=compare] [data-testid=gpu-lane]";

/** The selectors among `selectors` whose element is not wholly inside the viewport. */
function outside(page, selectors) {
  return page.evaluate((selectors) => {
    const { innerWidth: w, innerHeight: h } = window;
    return selectors.filter((sel) => {
      const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
      if (els.length === 0) return true;
      return els.some((e) => {
        const r = e.getBoundingClientRect();
        return r.top < 0 || r.left < 0 || r.bottom > h || r.right > w + 0.5;
      });
    });
  }, selectors);
}

const CONTROLS = ["control-n", "control-num_replicas", "control-batch_size", "control-shuffle", "control-drop_last", "control-set_epoch", "play-epochs", "epoch"]
  .map((id) => `[data-testid=${id}]`);

for (const colorScheme of ["light", "dark"]) {
  test(`1280×800, ${colorScheme}: both schemes' lanes, verdicts and the controls in the first screen`, async () => {
    await session.withPage({}, async (page) => {
      await page.emulateMedia({ colorScheme });
      const panels = await page.locator("[data-testid=scheme-panel]").count();
      assert.equal(panels, 2);
      const wanted = [
        "[data-testid=dataset]",
        "[data-testid=scheme-panel] [data-testid=gpu-lane]",
        "[data-testid=scheme-panel] [data-testid=verdict]",
        ...CONTROLS,
      ];
      assert.deepEqual(await outside(page, wanted), []);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    }, { ready: READY, viewport: { width: 1280, height: 800 } });
  });

  test(`390×844, ${colorScheme}: one scheme's lanes and the switch to the other`, async () => {
    await session.withPage({}, async (page) => {
      await page.emulateMedia({ colorScheme });
      const shown = await page.$$eval("[data-testid=scheme-panel]", (ps) => ps.filter((p) => p.getClientRects().length > 0).map((p) => p.dataset.scheme));
      assert.deepEqual(shown, ["distributed"]);
      assert.deepEqual(await outside(page, [".scheme-switch", "[data-scheme=distributed] [data-testid=gpu-lane]", "[data-testid=play-epochs]", "[data-testid=control-set_epoch]"]), []);
      await page.click(".scheme-switch button:nth-child(2)");
      const after = await page.$$eval("[data-testid=scheme-panel]", (ps) => ps.filter((p) => p.getClientRects().length > 0).map((p) => p.dataset.scheme));
      assert.deepEqual(after, ["no_sampler"]);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    }, { ready: READY, viewport: { width: 390, height: 844 } });
  });
}
