// The epoch history under each compared scheme's lanes: each GPU's order over epochs 0–3, in
// the first screen, its rows PyTorch's lists, stamped "same as epoch 0" exactly when a GPU's
// list repeats epoch 0's; unticking set_epoch on the landing page keeps the epochs playing,
// and scrolling past the first screen stops them for good.
import { test } from "node:test";
import assert from "node:assert/strict";
import { goldenCases, pageQuery, useBrowser } from "./harness.mjs";

/**
 * The reader sets the comparison's set_epoch box to `checked` by clicking it (twice when the
 * landing page's own play turned it over just before the first click).
 */
async function takeSetEpoch(page, checked) {
  const box = "[data-testid=compare] [data-testid=control-set_epoch]";
  await page.click(box);
  if ((await page.isChecked(box)) !== checked) await page.click(box);
}

const session = useBrowser();
const HISTORY = "[data-testid=epoch-history][data-scheme=distributed]:not([aria-busy=true]) [data-testid=history-row]";
const withPage = (params, body, options) => session.withPage(params, body, { ready: HISTORY, ...options });

/** What PyTorch gave each rank in `epoch` (`sampler.set_epoch(epoch)`), from the golden cases. */
async function pytorchLists({ n, w, seed = "0", drop_last = false }, epoch) {
  const cases = (await goldenCases("distributed_sampler")).filter(
    (c) => c.n === n && c.num_replicas === w && c.seed === seed && c.epoch === String(epoch) &&
      c.shuffle && c.drop_last === drop_last,
  );
  assert.equal(cases.length, w, `one golden case per rank: n=${n} w=${w} epoch ${epoch}`);
  return cases.sort((a, b) => a.rank - b.rank).map((c) => c.indices);
}

/** The rows of one scheme's history: { epoch, rank, indices, same, stamp }. */
function readHistory(page, scheme) {
  return page.$$eval(`[data-testid=epoch-history][data-scheme=${scheme}] [data-testid=history-row]`, (rows) =>
    rows.map((row) => ({
      epoch: Number(row.dataset.epoch),
      rank: Number(row.dataset.rank),
      indices: [...row.querySelectorAll("[data-index]")].map((t) => Number(t.dataset.index)),
      same: row.dataset.sameAs ?? null,
      stamp: row.querySelector(".same-stamp")?.textContent ?? "",
    })),
  );
}

/** The selectors among `selectors` with an element not wholly inside the viewport. */
function outside(page, selectors) {
  return page.evaluate((selectors) => selectors.filter((sel) => {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length > 0);
    return els.length === 0 || els.some((e) => {
      const r = e.getBoundingClientRect();
      return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth + 0.5;
    });
  }, selectors), selectors);
}

const CONFIGS = [
  { n: 10, w: 3 },
  { n: 17, w: 2 },
  { n: 16, w: 4, drop_last: true },
  { n: 100, w: 8 },
];

for (const config of CONFIGS) {
  for (const setEpoch of [true, false]) {
    test(`the history of ${JSON.stringify(config)}, set_epoch ${setEpoch ? "called" : "never called"}: PyTorch's lists, stamped exactly when they repeat epoch 0`, async () => {
      const params = { n: config.n, num_replicas: config.w, drop_last: config.drop_last ? 1 : 0, set_epoch: setEpoch ? 1 : 0 };
      const first = await pytorchLists(config, 0);
      await withPage(params, async (page) => {
        const rows = await readHistory(page, "distributed");
        const order = rows.map((r) => [r.epoch, r.rank]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        assert.deepEqual(order, [0, 1, 2, 3].flatMap((e) => [...Array(config.w).keys()].map((r) => [e, r])), "a row per epoch 0–3 and GPU");
        for (const epoch of [0, 1, 2]) {
          // Without set_epoch every epoch is the sampler's epoch 0.
          const lists = await pytorchLists(config, setEpoch ? epoch : 0);
          for (const row of rows.filter((r) => r.epoch === epoch)) {
            const list = lists[row.rank];
            assert.deepEqual(row.indices, list.slice(0, row.indices.length), `epoch ${epoch} rank ${row.rank}`);
            assert.ok(row.indices.length >= Math.min(list.length, 16), "at least the first 16 samples, or all");
            const same = epoch > 0 && JSON.stringify(list) === JSON.stringify(first[row.rank]);
            assert.equal(row.same, same ? "0" : null, `epoch ${epoch} rank ${row.rank}: data-same-as`);
            assert.equal(row.stamp, same ? "same as epoch 0" : "");
          }
        }
        const later = rows.filter((r) => r.epoch > 0);
        if (!setEpoch) assert.ok(later.every((r) => r.same === "0"), "every later epoch repeats epoch 0");
      }, { viewport: { width: 1280, height: 800 } });
    });
  }
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`${viewport.width}×${viewport.height}: the shown panel's epochs 0–3 are in the first screen, with the stamps`, async () => {
    await withPage({ set_epoch: 0 }, async (page) => {
      assert.deepEqual(await outside(page, ["[data-scheme=distributed] [data-testid=history-row][data-epoch=\"3\"]", "[data-scheme=distributed] [data-testid=verdict]"]), []);
      const stamped = await page.locator("[data-testid=epoch-history][data-scheme=distributed] [data-same-as=\"0\"]").count();
      assert.equal(stamped, 3 * 2, "epochs 1–3 of both GPUs");
      assert.match(await page.textContent("[data-scheme=distributed] [data-testid=history-sum]"), /Epochs 1–3 repeat epoch 0 on every GPU: without sampler\.set_epoch\(epoch\) every epoch shuffles with seed \+ 0.*the loss curve repeats a pattern/);
    }, { viewport });
  });
  test(`${viewport.width}×${viewport.height}: the landing page says why set_epoch matters${viewport.width > 900 ? " in its first screen" : ", under the epochs"}, without a click`, async () => {
    await session.withPage({}, async (page) => {
      const sum = "[data-scheme=distributed] [data-testid=history-sum]";
      await page.waitForSelector(sum);
      // On a phone the four epochs come first and their sum under them, past the first screen.
      if (viewport.width > 900) assert.deepEqual(await outside(page, [sum]), []);
      else {
        const top = (selector) => page.$eval(selector, (e) => e.getBoundingClientRect().top);
        const [grid, said] = [await top("[data-scheme=distributed] .history-grid"), await top(sum)];
        assert.ok(grid < said, `the epochs (${grid}) above their sum (${said})`);
      }
      assert.match(await page.textContent(sum), /because the loop calls sampler\.set_epoch\(epoch\): epoch e shuffles with seed \+ e\. Without it, epochs 1–3 would repeat epoch 0 and the loss curve would repeat a pattern\./);
      // Where set_epoch decides nothing (no sampler to tell), nothing is claimed of it.
      if (viewport.width > 900) assert.doesNotMatch(await page.textContent("[data-scheme=no_sampler] [data-testid=history-sum]"), /set_epoch/);
    }, { ready: "[data-testid=compare] [data-testid=gpu-lane]", viewport });
  });
}

test("every compared scheme has its history, and the step plot per epoch", async () => {
  await withPage({ n: 12, num_replicas: 3, compare: "distributed,seed_per_rank,no_sampler" }, async (page) => {
    await page.waitForSelector("[data-testid=epoch-history][data-scheme=no_sampler]:not([aria-busy=true])");
    for (const scheme of ["distributed", "seed_per_rank", "no_sampler"]) {
      const rows = await readHistory(page, scheme);
      assert.equal(rows.length, 4 * 3, `${scheme}: 4 epochs × 3 GPUs`);
      assert.equal(await page.locator(`[data-testid=epoch-history][data-scheme=${scheme}] .step-plot polyline`).count(), 4);
    }
  });
});

test("the landing page: unticking set_epoch keeps the epochs playing, and every later epoch is stamped", async () => {
  await session.withPage({}, async (page) => {
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    await takeSetEpoch(page, false);
    await page.waitForSelector("[data-testid=epoch-history][data-scheme=distributed] [data-testid=history-row][data-epoch=\"3\"][data-same-as=\"0\"]");
    const before = await page.textContent("[data-testid=epoch]");
    await page.waitForFunction((before) => document.querySelector("[data-testid=epoch]").textContent !== before, before, { timeout: 5000 });
    assert.equal(await page.getAttribute("[data-testid=play-epochs]", "aria-pressed"), "true", "still playing");
    assert.equal(await page.locator("[data-testid=epoch-history][data-scheme=distributed] [data-same-as=\"0\"]").count(), 6);
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});

test("the landing page, left alone, plays a round with set_epoch and a round without, and says so", async () => {
  await session.withPage({}, async (page) => {
    const SET_EPOCH = "[data-testid=compare] [data-testid=control-set_epoch]";
    const STAMPED = "[data-testid=epoch-history][data-scheme=distributed] [data-same-as=\"0\"]";
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    assert.match(await page.textContent("[data-testid=demo-note]"), /epochs 0–3 with set_epoch, then without/);
    // A round with set_epoch (the first, or the third on a slow machine): no epoch repeats.
    await page.waitForFunction((s) => document.querySelector(s).checked, SET_EPOCH, { timeout: 12_000 });
    await page.waitForFunction((s) => document.querySelectorAll(s).length === 0, STAMPED);
    const top = () => page.evaluate(() => Math.round(document.querySelector("[data-testid=epoch-history][data-scheme=distributed]").getBoundingClientRect().top));
    const before = await top();
    // After epochs 0–3 the play unticks set_epoch itself: every later epoch is stamped.
    await page.waitForFunction((s) => !document.querySelector(s).checked, SET_EPOCH, { timeout: 12_000 });
    await page.waitForFunction((s) => document.querySelectorAll(s).length === 6, STAMPED);
    assert.equal(pageQuery(page).get("set_epoch"), null, "playing by itself keeps the bare address");
    await page.waitForFunction(() => /The same order as epoch 0/.test(document.querySelector("[data-testid=scheme-panel][data-scheme=distributed] [data-testid=verdict]").textContent));
    assert.equal(await top(), before, "the verdict's longer sentence moves nothing below it");
    // And after the next round ticks it again.
    await page.waitForFunction((s) => document.querySelector(s).checked, SET_EPOCH, { timeout: 12_000 });
    await page.waitForFunction((s) => document.querySelectorAll(s).length === 0, STAMPED);
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) test(`${viewport.width}×${viewport.height}: the landing page in a round without set_epoch has every GPU's epochs 0–3 and their stamps in the first screen`, async () => {
  await session.withPage({}, async (page) => {
    const STAMPED = "[data-testid=epoch-history][data-scheme=distributed] [data-same-as=\"0\"]";
    await page.waitForFunction((s) => document.querySelectorAll(s).length === 6, STAMPED, { timeout: 20_000 });
    const rows = "[data-testid=epoch-history][data-scheme=distributed] [data-testid=history-row]";
    assert.equal(await page.locator(rows).count(), 4 * 2);
    assert.deepEqual(await outside(page, [rows, `${rows} .same-stamp`]), []);
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport });
});

test("390×844: the landing page playing by itself keeps the shown panel's epochs 0–3 in the first screen", async () => {
  await session.withPage({}, async (page) => {
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    assert.deepEqual(await outside(page, ["[data-scheme=distributed] [data-testid=history-row][data-epoch=\"3\"]"]), []);
    // The note saying why set_epoch unticks by itself is there too, on one line of its own.
    assert.deepEqual(await outside(page, ["[data-testid=demo-note]"]), []);
    const note = await page.locator("[data-testid=demo-note]").boundingBox();
    assert.ok(note.height < 20, `the note takes one line (${note.height} px)`);
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 390, height: 844 } });
});

test("the landing page: once the reader has set_epoch in hand, the play leaves it as they set it", async () => {
  await session.withPage({}, async (page) => {
    const SET_EPOCH = "[data-testid=compare] [data-testid=control-set_epoch]";
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    await takeSetEpoch(page, true);
    assert.equal(await page.isVisible("[data-testid=demo-note]"), false, "no note once the reader has it");
    // Round the epochs once more: still ticked, still playing.
    await page.waitForFunction(() => document.querySelector("[data-testid=epoch]").textContent === "epoch 3", null, { timeout: 12_000 });
    await page.waitForFunction(() => document.querySelector("[data-testid=epoch]").textContent === "epoch 0", null, { timeout: 5_000 });
    assert.equal(await page.isChecked(SET_EPOCH), true);
    assert.equal(await page.getAttribute("[data-testid=play-epochs]", "aria-pressed"), "true");
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});

test("the landing page: the reader taking over in a round without set_epoch keeps what is shown, and the URL says so", async () => {
  await session.withPage({}, async (page) => {
    const SET_EPOCH = "[data-testid=compare] [data-testid=control-set_epoch]";
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    const present = async () => (await page.locator("[data-testid=present]").boundingBox())?.x;
    const before = await present();
    await page.waitForFunction((s) => !document.querySelector(s).checked, SET_EPOCH, { timeout: 12_000 });
    await page.click("[data-testid=next-epoch]");
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=false]");
    assert.equal(await page.isChecked(SET_EPOCH), false, "what was shown stays");
    assert.equal(pageQuery(page).get("set_epoch"), "0", "and the URL says so");
    assert.equal(await page.isVisible("[data-testid=demo-note]"), false);
    assert.equal(await present(), before, "the note's room stays: nothing beside it moved");
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});

test("the landing page: one press of pause stops the epochs, by pointer or by Space", async () => {
  for (const press of ["pointer", "Space"]) {
    await session.withPage({}, async (page) => {
      const PLAY = "[data-testid=play-epochs]";
      await page.waitForSelector(`${PLAY}[aria-pressed=true]`);
      if (press === "pointer") {
        await page.click(PLAY);
      } else {
        await page.focus(PLAY);
        await page.keyboard.press("Space");
      }
      await page.waitForSelector(`${PLAY}[aria-pressed=false]`, { timeout: 2000 });
      assert.equal(await page.getAttribute(PLAY, "aria-label"), "Play epochs", press);
      const epoch = await page.textContent("[data-testid=epoch]");
      await page.waitForTimeout(2500);
      assert.equal(await page.textContent("[data-testid=epoch]"), epoch, `${press}: nothing moved since`);
      assert.equal(await page.getAttribute(PLAY, "aria-pressed"), "false", press);
    }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
  }
});

test("the landing page: scrolling past the first screen stops the epochs for good", async () => {
  await session.withPage({}, async (page) => {
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=true]");
    await page.mouse.wheel(0, 900);
    await page.waitForSelector("[data-testid=play-epochs][aria-pressed=false]");
    const epoch = await page.textContent("[data-testid=epoch]");
    await page.mouse.wheel(0, -2000);
    await page.waitForTimeout(4000);
    assert.equal(await page.textContent("[data-testid=epoch]"), epoch, "nothing moved since");
  }, { ready: HISTORY, options: { reducedMotion: "no-preference" }, viewport: { width: 1280, height: 800 } });
});
