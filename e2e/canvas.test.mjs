// Step 1's canvas for large datasets, drawn by the story's part from the epoch the page hands
// it: its pixels, its strips' labels, each image's sentence (its label) and legend, per stage and
// language; and what stands in for it when the part cannot be loaded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, PARTS_MISSING, TABLE, appUrl, openPage, useBrowser } from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

/** What the canvas `testid` shows once drawn: its size, painted pixels, label, strips, legend. */
async function drawn(page, testid, labelStart) {
  await page.locator(`[data-testid=${testid}]`).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    ([testid, start]) => document.querySelector(`[data-testid=${testid}]`)?.getAttribute("aria-label")?.startsWith(start),
    [testid, labelStart],
    { timeout: DRAWN },
  );
  return page.evaluate((testid) => {
    const canvas = document.querySelector(`[data-testid=${testid}]`);
    // Read through a copy made for reading, so that the page's canvas is never read back.
    const copy = document.createElement("canvas");
    [copy.width, copy.height] = [canvas.width, canvas.height];
    const context = copy.getContext("2d", { willReadFrequently: true });
    context.drawImage(canvas, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) painted += pixels[i] === 255 ? 1 : 0;
    const figure = canvas.closest("figure");
    return {
      size: [canvas.width, canvas.height],
      painted,
      label: canvas.getAttribute("aria-label"),
      strips: [...figure.querySelectorAll(".raster-labels li")].map((li) => li.textContent),
      sentence: figure.querySelector(`[data-testid=${testid}-caption] p`).textContent,
      legend: [...figure.querySelectorAll(`[data-testid=${testid}-caption] .raster-legend li`)].map((li) => li.textContent.trim()),
      status: figure.querySelectorAll("[role=status]").length,
    };
  }, testid);
}

test("at 50,001 on 4 the part draws each stage and the rank map, with their labels and legends", async () => {
  await withPage({ n: 50001, num_replicas: 4, stage: 3 }, async (page) => {
    const padded = await drawn(page, "canvas-view", "Stage 3 of 5");
    assert.equal(padded.label, "Stage 3 of 5: padded to total_size 50,004 with 3 copies from the start of the list (hatched). Colour is the index, dark purple for 0 to yellow for the last.");
    assert.equal(padded.sentence, padded.label, "the caption says what the label says");
    assert.deepEqual(padded.strips, ["padded"]);
    assert.ok(padded.size[0] >= 64 && padded.size[1] > 0 && padded.painted > padded.size[0], JSON.stringify(padded.size));
    assert.deepEqual(padded.legend.slice(1), ["padding: a copy from the start of the list", "right margin: the line holds padding"]);
    assert.match(padded.legend[0], /^index 0\s*50,000$/);
    assert.equal(padded.status, 0, "nothing stands in for a drawn image");

    await page.click("[data-testid=step-forward]");
    const striped = await drawn(page, "canvas-view", "Stage 4 of 5");
    assert.deepEqual(striped.strips, ["rank 0", "rank 1", "rank 2", "rank 3"]);
    assert.ok(striped.legend.includes("rank 3") && !striped.legend.includes("rank 4"), striped.legend.join(" | "));

    const map = await drawn(page, "rank-map", "The 50,001 samples");
    assert.equal(map.label, "The 50,001 samples in dataset order, each in the colour of the rank that gets it this epoch; 3 received twice (hatched).");
    assert.deepEqual(map.strips, ["dataset"]);
    assert.ok(map.legend.includes("received twice (padding)"), map.legend.join(" | "));
    assert.ok(map.painted > map.size[0]);
  });
});

test("a new epoch is handed over and drawn; in Chinese the part says it in Chinese", async () => {
  await withPage({ n: 50000, num_replicas: 2, stage: 2, lang: "zh" }, async (page) => {
    const first = await drawn(page, "canvas-view", "第 2 步");
    assert.deepEqual(first.strips, ["已打乱"]);
    const pixels = () => page.evaluate(() => document.querySelector("[data-testid=canvas-view]").toDataURL());
    const before = await pixels();
    await page.fill("[data-testid=control-epoch] >> nth=0", "1");
    await page.waitForFunction(
      (before) => document.querySelector("[data-testid=canvas-view]").toDataURL() !== before,
      before,
      { timeout: DRAWN },
    );
  });
});

test("without the part the canvas says why where its caption would be, and the page works on", async () => {
  const url = appUrl(session.server.url, { n: 50000, num_replicas: 2 });
  const { page, errors } = await openPage(session.browser, url, undefined, { route: PARTS_MISSING });
  try {
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    await page.locator("[data-testid=canvas-view]").scrollIntoViewIfNeeded();
    const status = page.locator("[data-testid=canvas-view] >> xpath=ancestor::figure >> .raster-error");
    await status.waitFor({ timeout: DRAWN });
    const said = await status.textContent();
    assert.match(said, /^The picture could not be drawn \(.+\)\.$/);
    assert.equal(await page.getAttribute("[data-testid=canvas-view]", "aria-label"), said, "the image is named by why it is blank");
    assert.equal(await page.locator(".raster-legend").count(), 0);
    await page.fill("[data-testid=control-num_replicas] >> nth=0", "3");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=index-table] tr[data-rank]").length === 3, null, { timeout: DRAWN });
    assert.ok(errors.every((e) => /404|Failed to load resource/.test(e)), errors.join("\n"));
  } finally {
    await page.close();
  }
});

test("an epoch of more than one slice is handed over whole, and a language switch redraws the words", async () => {
  await withPage({ n: 3000000, num_replicas: 2, stage: 2 }, async (page) => {
    const english = await drawn(page, "canvas-view", "Stage 2 of 5");
    assert.equal(english.label, "Stage 2 of 5: the 3,000,000 indices after randperm: noise. Colour is the index, dark purple for 0 to yellow for the last.");
    assert.deepEqual(english.strips, ["shuffled"]);
    assert.ok(english.painted > english.size[0]);
    const map = await drawn(page, "rank-map", "The 3,000,000 samples");
    const before = await page.evaluate(() => document.querySelector("[data-testid=canvas-view]").toDataURL());
    await page.click("[data-testid=lang-zh]");
    const chinese = await drawn(page, "canvas-view", "第 2 步");
    assert.deepEqual(chinese.strips, ["已打乱"]);
    assert.deepEqual(chinese.size, english.size);
    assert.equal(await page.evaluate(() => document.querySelector("[data-testid=canvas-view]").toDataURL()), before, "the same pixels");
    const mapInChinese = await drawn(page, "rank-map", "按数据集顺序排列的 3,000,000 个样本");
    assert.equal(mapInChinese.painted, map.painted, "the same pixels");
  });
});

test("the part takes an epoch only as a permutation, slice after slice, and draws only the one it holds", async () => {
  await withPage({ n: 8, num_replicas: 2 }, async (page) => {
    const said = await page.evaluate(async () => {
      const href = document.querySelector('meta[name="sampler-viz:part:story"]').content;
      const part = await import(new URL(href, location.href));
      await part.default();
      const query = "n=4&num_replicas=2";
      const refusal = (call) => {
        try {
          call();
          return null;
        } catch (e) {
          return e.message;
        }
      };
      return {
        notBegun: refusal(() => part.canvas_receive(query, 2, new Uint32Array([0]))),
        repeated: refusal(() => part.canvas_receive(query, 0, new Uint32Array([1, 1]))),
        first: refusal(() => part.canvas_receive(query, 0, new Uint32Array([3, 1]))),
        received: part.canvas_received(query),
        wrongPlace: refusal(() => part.canvas_receive(query, 1, new Uint32Array([0]))),
        outOfRange: refusal(() => part.canvas_receive(query, 2, new Uint32Array([0, 4]))),
        notYet: refusal(() => part.canvas_image(query, 1, 100, "en")),
        rest: refusal(() => part.canvas_receive(query, 2, new Uint32Array([0, 2]))),
        holds: part.canvas_holds(query),
        other: refusal(() => part.canvas_image("n=5&num_replicas=2", 1, 100, "en")),
        label: part.canvas_image(query, 3, 100, "en").sentence,
      };
    });
    assert.deepEqual(said, {
      notBegun: "no epoch for these values is coming at 2",
      repeated: "not a permutation of this dataset's indices",
      first: null,
      received: 2,
      wrongPlace: "position 1, where 2 have come",
      outOfRange: "not a permutation of this dataset's indices",
      notYet: "this epoch has not been handed over",
      rest: null,
      holds: true,
      other: "this epoch has not been handed over",
      label: "Stage 3 of 5: 4 already divides by 2 ranks: nothing to pad. Colour is the index, dark purple for 0 to yellow for the last.",
    });
  });
});

test("far off screen the canvas is not drawn anew: a change there is drawn as it comes near, and coming near unchanged draws nothing", async () => {
  await withPage({ n: 50000, num_replicas: 2, stage: 2 }, async (page) => {
    // Counts the canvas's redraws: each one sets its width (ui/canvas_view.rs, paint).
    await page.evaluate(() => {
      const canvas = document.querySelector("[data-testid=canvas-view]");
      const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, "width");
      window.canvasDraws = 0;
      Object.defineProperty(canvas, "width", {
        get: () => width.get.call(canvas),
        set: (value) => (window.canvasDraws++, width.set.call(canvas, value)),
      });
    });
    await drawn(page, "canvas-view", "Stage 2 of 5");
    const pixels = () => page.evaluate(() => document.querySelector("[data-testid=canvas-view]").toDataURL());
    const before = await pixels();
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const away = async () => {
      // The page's end: the canvas more than a screen above the viewport.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await frames();
      const bottom = await page.evaluate(() => document.querySelector("[data-testid=canvas-view]").getBoundingClientRect().bottom / innerHeight);
      assert.ok(bottom < -1, `the canvas is more than a screen above the viewport (its bottom at ${bottom.toFixed(2)} screens)`);
    };

    // Away and back with nothing changed: not drawn again.
    const draws = await page.evaluate(() => window.canvasDraws);
    await away();
    await page.locator("[data-testid=canvas-view]").scrollIntoViewIfNeeded();
    await frames();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.canvasDraws), draws, "coming near unchanged draws nothing");

    // A change while away: the old image goes, a line says when it comes, and it comes near.
    await away();
    await page.evaluate(() => {
      const input = document.querySelector("[data-testid=control-epoch]");
      input.value = "1";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(
      () => document.querySelector("[data-testid=canvas-view]").getAttribute("aria-label") === "The picture is drawn as it comes into view.",
      null,
      { timeout: DRAWN },
    );
    const waiting = await page.evaluate(() => {
      const canvas = document.querySelector("[data-testid=canvas-view]");
      return { size: [canvas.width, canvas.height], status: canvas.closest("figure").querySelector("[role=status]")?.textContent };
    });
    assert.deepEqual(waiting, { size: [0, 0], status: "The picture is drawn as it comes into view." });
    await page.locator("[data-testid=canvas-view]").scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (before) => {
        const canvas = document.querySelector("[data-testid=canvas-view]");
        return canvas.getAttribute("aria-label").startsWith("Stage 2 of 5") && canvas.toDataURL() !== before;
      },
      before,
      { timeout: DRAWN },
    );
  });
});
