// The first screen carries the lesson without a scroll or a click: at 1280×800 both schemes'
// lanes, their verdicts and the controls that matter are inside the viewport; on a phone
// (390×844) one scheme's lanes and the switch to the other are. Light and dark alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, openPage, storyPartFiles, useBrowser } from "./harness.mjs";

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

/**
 * What sticks out of each shown scheme card, as "selector: N px": every element the card
 * shows must lie within it, across. What a scroller inside the card clips is the scroller's
 * (a lane, the Python) and is checked as the scroller itself.
 */
function outOfCards(page) {
  return page.$$eval("[data-testid=scheme-panel]", (cards) =>
    cards.filter((card) => card.getClientRects().length > 0).flatMap((card) => {
      const box = card.getBoundingClientRect();
      const clipped = (el) => {
        for (let up = el.parentElement; up && up !== card; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== "visible") return true;
        }
        return false;
      };
      return [...card.querySelectorAll("*")]
        .filter((el) => el.getClientRects().length > 0 && !clipped(el))
        .flatMap((el) => {
          const r = el.getBoundingClientRect();
          const by = Math.max(box.left - r.left, r.right - box.right);
          const name = `${card.dataset.scheme} ${el.tagName.toLowerCase()}${el.className ? `.${[...el.classList].join(".")}` : ""}`;
          return by > 0.5 ? [`${name}: ${Math.round(by)} px`] : [];
        });
    }),
  );
}

/**
 * The dataset row as the reader gets it: `shown` the tiles wholly inside the row's box and the
 * screen, `all` how many there are, and how the row holds the rest (`scrolls`, `fades` at its
 * end, `focusable` for the arrow keys, and whether scrolling to its end brings the last tile in).
 */
function datasetRow(page) {
  return page.$eval("[data-testid=dataset] .tiles", async (row) => {
    const tiles = [...row.querySelectorAll(".tile")];
    const inside = (t) => {
      const r = t.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.right <= innerWidth + 0.5 &&
        r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    };
    const shown = tiles.filter(inside).length;
    const scrolls = row.scrollWidth > row.clientWidth + 1;
    const fades = getComputedStyle(row).maskImage !== "none";
    const focusable = row.tabIndex === 0;
    row.scrollLeft = row.scrollWidth;
    await new Promise(requestAnimationFrame);
    const lastReached = tiles.length > 0 && inside(tiles[tiles.length - 1]);
    row.scrollLeft = 0;
    return { all: tiles.length, shown, scrolls, fades, focusable, lastReached };
  });
}

const PHONE_VIEWS = [
  {},
  { n: 8, compare: "accelerate,distributed", split_batches: 1, embed: 1 },
  { n: 16, num_replicas: 2, batch_size: 4 },
  { n: 100, num_replicas: 3, compare: "distributed,seed_per_rank" },
];

for (const width of [390, 360]) {
  for (const params of PHONE_VIEWS) {
    test(`${width}×844 ${new URLSearchParams(params)}: nothing sticks out of a scheme's card; every dataset tile shows, or the row says it scrolls`, async () => {
      await session.withPage(params, async (page) => {
        const n = Number(params.n ?? (await page.inputValue("[data-testid=control-n] >> nth=0")));
        // Each compared scheme in turn, as the switch shows them.
        const switches = await page.locator(".scheme-switch button").count();
        assert.ok(switches >= 2, "a switch per compared scheme");
        for (let k = 0; k < switches; k++) {
          await page.click(`.scheme-switch button >> nth=${k}`);
          assert.deepEqual(await outOfCards(page), [], `scheme ${k + 1}: nothing wider than its card`);
        }
        const row = await datasetRow(page);
        assert.equal(row.all, Math.min(n, 64), "a tile per sample, up to 64");
        if (n <= 32) {
          assert.deepEqual(row, { ...row, shown: row.all, scrolls: false }, "every dataset tile on screen, the row wrapped");
        } else {
          assert.ok(row.shown < row.all && row.scrolls, "a long dataset row scrolls");
          assert.ok(row.fades, "and fades at its end, so a cut tile reads as more this way");
          assert.ok(row.focusable, "and takes focus, to scroll with the arrow keys");
          assert.ok(row.lastReached, "and scrolling it to its end shows its last tile");
        }
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      }, { ready: READY, viewport: { width, height: 844 } });
    });
  }
}

test("the first picture never waits for the story's part: held back, the lanes are drawn all the same, and step 1's chips come once it arrives", async () => {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const requests = [];
  const route = [/\/parts\//, async (r) => {
    requests.push(r.request().url());
    await held;
    await r.continue();
  }];
  const { page, errors } = await openPage(session.browser, session.server.url, { width: 1280, height: 800 }, { route });
  try {
    await page.waitForSelector(READY, { timeout: DRAWN });
    assert.equal(await page.locator("[data-testid=pipeline] .pchip").count(), 0, "no chip before the part");
    release();
    await page.waitForSelector("[data-testid=pipeline] .pchip", { state: "attached", timeout: DRAWN });
    assert.deepEqual(storyPartFiles(requests), ["story.js", "story_bg.wasm"]);
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.close();
  }
});

for (const [width, height, panels] of [[1280, 800, 2], [390, 844, 1]]) {
  test(`${width}×${height}: until the page's wasm has started, the comparison's frame stands where its lanes come`, async () => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    const route = [/_bg\.wasm$/, async (r) => {
      await held;
      await r.continue();
    }];
    const { page, errors } = await openPage(session.browser, session.server.url, { width, height }, { route });
    try {
      await page.waitForSelector(".boot", { timeout: DRAWN });
      const shown = await page.$$eval(".boot-panel", (ps) => ps.filter((p) => p.getClientRects().length > 0).map((p) => {
        const r = p.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, lanes: p.querySelectorAll("i").length };
      }));
      assert.equal(shown.length, panels, "a panel per scheme the first screen shows");
      assert.ok(shown.every((p) => p.lanes > 0 && p.top > 0 && p.bottom < height), JSON.stringify(shown));
      assert.equal(await page.getAttribute(".boot", "aria-hidden"), "true", "nothing for a screen reader to read");
      release();
      await page.waitForSelector(READY, { timeout: DRAWN });
      assert.equal(await page.locator(".boot").count(), 0, "gone once the page is drawn");
      assert.deepEqual(errors, []);
    } finally {
      release();
      await page.close();
    }
  });
}
