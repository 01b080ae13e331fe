// Honest state: while a control holds a value the library refuses, every compared panel, and
// every story step drawn from the controls, says which value it is drawn with instead and dims; the comparison carries the library's message for
// a control that is not in its bar; a set-up refused as a whole is refused in the panel of each
// scheme that refuses it; a good value takes every mark away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser } from "./harness.mjs";

const session = useBrowser();
const COMPARE = "[data-testid=compare] [data-testid=gpu-lane]";
const withPage = (params, body) => session.withPage(params, body, { ready: COMPARE });

/** Each story step as [its anchor, greyed, what its note says]. */
function readSteps(page) {
  return page.$$eval("[data-testid=story-step]", (steps) =>
    steps.map((s) => [s.dataset.step, s.classList.contains("stale"), s.querySelector("[data-testid=step-held]")?.textContent ?? ""]),
  );
}

/** Each panel as { scheme, stale, held, refused }. */
function readPanels(page) {
  return page.$$eval("[data-testid=scheme-panel]", (panels) =>
    panels.map((p) => ({
      scheme: p.dataset.scheme,
      stale: p.classList.contains("stale"),
      held: p.querySelector("[data-testid=held]")?.textContent ?? "",
      refused: p.querySelector("[data-testid=refused-as-asked]")?.textContent ?? "",
    })),
  );
}

const CASES = [
  {
    name: "num_replicas=0: both panels drawn with 2, and say so",
    params: { num_replicas: 0 },
    held: "Showing num_replicas = 2 instead",
    refusedBy: ["distributed"],
    message: "Invalid rank 0, rank should be in the interval [0, -1]",
    asked: null,
    // Without a sampler nothing raises: the page says its own rule, not PyTorch's words.
    own: { no_sampler: 'This page does not draw this set-up with these values: num_replicas must be a whole number, 1 or more; got "0".' },
  },
  {
    name: "loader_shuffle=1 beside a sampler: refused in the distributed panel, not without a sampler",
    params: { loader_shuffle: 1 },
    held: "Showing loader_shuffle = False instead",
    refusedBy: ["distributed"],
    // Without a sampler, loader_shuffle is never read: its lanes are what was asked, unmarked.
    unaffected: ["no_sampler"],
    message: "sampler option is mutually exclusive with shuffle",
    asked: "sampler option is mutually exclusive with shuffle",
  },
  {
    name: "rank=9 of 4: the comparison carries PyTorch's message",
    params: { num_replicas: 4, rank: 9 },
    held: "Showing rank = 0 instead",
    refusedBy: [],
    // The comparison deals every rank: rank is read by the story's one-rank figures, not by
    // its lanes, which are what was asked and unmarked.
    unaffected: ["distributed", "no_sampler"],
    message: "Invalid rank 9, rank should be in the interval [0, 3]",
    asked: "Invalid rank 9, rank should be in the interval [0, 3]",
  },
];

for (const c of CASES) {
  test(c.name, async () => {
    await withPage(c.params, async (page) => {
      const panels = await readPanels(page);
      assert.equal(panels.length, 2);
      for (const panel of panels) {
        if (c.unaffected?.includes(panel.scheme)) {
          assert.deepEqual([panel.stale, panel.held, panel.refused], [false, "", ""], `${panel.scheme} is drawn as asked`);
          continue;
        }
        assert.ok(panel.stale, `${panel.scheme} dims`);
        assert.ok(panel.held.includes(c.held), `${panel.scheme} says "${c.held}": ${panel.held}`);
        const refuses = c.refusedBy.includes(panel.scheme);
        assert.equal(panel.refused.includes(c.message), refuses, `${panel.scheme}: "${panel.refused}"`);
        if (c.own?.[panel.scheme]) assert.equal(panel.refused.trim(), c.own[panel.scheme]);
      }
      const asked = await page.textContent("[data-testid=asked-errors]").catch(() => null);
      if (c.asked) assert.ok(asked?.includes(c.asked), `beside the comparison: ${asked}`);
      // Every step drawn from the controls says so too; the pitfalls draw their own values.
      const value = c.held.replace(/^Showing /, "").replace(/ instead.*$/, "");
      for (const [step, stale, note] of await readSteps(page)) {
        const own = step === "pitfalls";
        assert.equal(stale, !own, `step ${step} greyed`);
        assert.equal(note.startsWith(`This step shows ${value} instead`), !own, `step ${step}: "${note}"`);
      }
    });
  });
}

test("a good value takes every mark away", async () => {
  await withPage({ num_replicas: 0, loader_shuffle: 1 }, async (page) => {
    await page.fill("[data-testid=compare] [data-testid=control-num_replicas]", "3");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=gpu-lane]").length === 3 + 3);
    const held = (await readPanels(page)).map((p) => p.held);
    // Only loader_shuffle is held now, which the no-sampler set-up never reads.
    assert.ok(held[0].includes("loader_shuffle = False") && !held[0].includes("num_replicas"), held[0]);
    assert.equal(held[1], "", "without a sampler: drawn as asked");
    await page.goto(page.url().replace("loader_shuffle=1", "loader_shuffle=0"));
    await page.waitForSelector(COMPARE);
    const after = await readPanels(page);
    assert.deepEqual(after.map((p) => [p.stale, p.held, p.refused]), [[false, "", ""], [false, "", ""]]);
    assert.ok((await readSteps(page)).every(([, stale, note]) => !stale && note === ""), "no step marked");
    assert.equal(await page.locator("[data-testid=asked-errors]").count(), 0);
  });
});

test("a refused value's message sits under the comparison's fields and moves none of them", async () => {
  for (const width of [1280, 390]) {
    await session.withPage({}, async (page) => {
      const places = () =>
        page.$$eval("[data-testid=compare] .bar-fields > *", (items) => items.map((i) => Math.round(i.getBoundingClientRect().left)));
      const before = await places();
      await page.fill("[data-testid=compare] [data-testid=control-num_replicas]", "0");
      await page.waitForFunction(() => document.querySelector("[data-testid=error-num_replicas]")?.textContent.includes("Invalid rank 0"));
      assert.deepEqual(await places(), before, `${width}: every field where it was`);
      const [field, message] = await page.evaluate(() =>
        ["[data-testid=control-num_replicas]", "[data-testid=error-num_replicas]"].map((s) => document.querySelector(s).getBoundingClientRect().toJSON()),
      );
      assert.ok(message.top >= field.bottom, `${width}: the message is below the field`);
      assert.equal(await page.getAttribute("[data-testid=control-num_replicas]", "aria-describedby"), "error-num_replicas");
    }, { ready: COMPARE, viewport: { width, height: 844 } });
  }
});
