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
    held: "Still showing num_replicas = 2, as drawn before",
    refusedBy: ["distributed"],
    message: "Invalid rank 0, rank should be in the interval [0, -1]",
    asked: null,
    // Without a sampler nothing raises: the page says its own rule, not PyTorch's words.
    own: { no_sampler: 'This page does not draw this set-up with these values: num_replicas must be a whole number, 1 or more; got "0".' },
  },
  {
    name: "loader_shuffle=1 beside a sampler: refused in the distributed panel, not without a sampler",
    params: { loader_shuffle: 1 },
    held: "Still showing loader_shuffle = False",
    refusedBy: ["distributed"],
    message: "sampler option is mutually exclusive with shuffle",
    asked: "sampler option is mutually exclusive with shuffle",
  },
  {
    name: "rank=9 of 4: the comparison carries PyTorch's message",
    params: { num_replicas: 4, rank: 9 },
    held: "Still showing rank = 0",
    refusedBy: [],
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
        assert.ok(panel.stale, `${panel.scheme} dims`);
        assert.ok(panel.held.includes(c.held), `${panel.scheme} says "${c.held}": ${panel.held}`);
        const refuses = c.refusedBy.includes(panel.scheme);
        assert.equal(panel.refused.includes(c.message), refuses, `${panel.scheme}: "${panel.refused}"`);
        if (c.own?.[panel.scheme]) assert.equal(panel.refused.trim(), c.own[panel.scheme]);
      }
      const asked = await page.textContent("[data-testid=asked-errors]").catch(() => null);
      if (c.asked) assert.ok(asked?.includes(c.asked), `beside the comparison: ${asked}`);
      // Every step drawn from the controls says so too; the pitfalls draw their own values.
      const value = c.held.replace(/^Still showing /, "").replace(/, as drawn.*$/, "");
      for (const [step, stale, note] of await readSteps(page)) {
        const own = step === "pitfalls";
        assert.equal(stale, !own, `step ${step} greyed`);
        assert.equal(note.startsWith(`This step still shows ${value}`), !own, `step ${step}: "${note}"`);
      }
    });
  });
}

test("a good value takes every mark away", async () => {
  await withPage({ num_replicas: 0, loader_shuffle: 1 }, async (page) => {
    await page.fill("[data-testid=compare] [data-testid=control-num_replicas]", "3");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=gpu-lane]").length === 3 + 3);
    const held = (await readPanels(page)).map((p) => p.held);
    assert.ok(held.every((h) => h.includes("loader_shuffle = False") && !h.includes("num_replicas")), held.join(" | "));
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
