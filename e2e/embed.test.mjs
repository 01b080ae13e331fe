// The embedded view (embed=1) and its hide= flags: what stays, what goes, and nothing injected.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { DRAWN, appUrl, count, crateVersion, openPage, seriousViolations, useBrowser } from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

/** The `data-testid` of every control on screen. */
function visibleControls(page) {
  return page.$$eval("[data-testid^=control-]", (els) =>
    els.filter((e) => e.checkVisibility()).map((e) => e.dataset.testid).sort(),
  );
}

test("embed=1 leaves out the page chrome and keeps the controls, lengths, pipeline and tables", async () => {
  await withPage({ embed: 1 }, async (page) => {
    for (const gone of [".masthead", "footer.colophon", "[data-testid=python-code]",
      "[data-testid=copy-share-link]", "[data-testid=presets]", ".cost"]) {
      assert.equal(await count(page, gone), 0, `${gone} is left out`);
    }
    for (const kept of ["[data-testid=control-n]", "[data-testid=lengths]", ".pipeline-section",
      "[data-testid=play]", "[data-testid=no-sampler-table]", "[data-testid=timeline]"]) {
      await page.waitForSelector(kept, { state: "attached" });
      assert.equal(await count(page, kept), 1, `${kept} stays`);
    }
    const full = new URL(await page.getAttribute("[data-testid=full-page-link]", "href"));
    assert.equal(full.searchParams.get("embed"), null, "the link goes to the full page");
    assert.equal(full.searchParams.get("n"), "8");
    // Its several steps stack under one picker that scrolls away: each still names its scheme
    // (only an embed of one step leaves that line to screen readers).
    // (Once the story's sheet applies: it sets the line's size.)
    await page.waitForFunction(() => getComputedStyle(document.querySelector("[data-testid=drawn-for]")).fontSize === "13.6px");
    const named = await page.$$eval("[data-testid=drawn-for]", (ps) => ps.map((p) => p.getBoundingClientRect().width > 100));
    assert.ok(named.length >= 3 && named.every(Boolean), `the drawn-for lines shown: ${named}`);
  });
});

test("embed=1 in a 600×400 frame: the shown set-up's lanes are in the first screen", async () => {
  await withPage({ embed: 1 }, async (page) => {
    const bottoms = await page.$$eval("[data-testid=scheme-panel] [data-testid=gpu-lane]", (lanes) =>
      lanes.filter((l) => l.getClientRects().length > 0).map((l) => Math.round(l.getBoundingClientRect().bottom)));
    assert.equal(bottoms.length, 2, "one set-up shown, two GPUs");
    assert.ok(bottoms.every((b) => b <= 400), `the lanes end at ${bottoms} px`);
    // The heading stays for screen readers (clipped, not display: none), naming the section;
    // the panels' one-line summaries go.
    const heading = await page.$eval("#compare-title", (h) => ({ display: getComputedStyle(h).display, text: h.textContent }));
    assert.notEqual(heading.display, "none");
    assert.ok(heading.text.length > 0);
    assert.equal(await page.getAttribute("[data-testid=compare]", "aria-labelledby"), "compare-title");
    assert.equal(await page.locator("[data-testid=scheme-panel] .summary").first().isVisible(), false);
  }, { ready: "[data-testid=compare] [data-testid=gpu-lane]", viewport: { width: 600, height: 400 } });
});

test("hide=seed,drop_last hides exactly those two controls, and unknown names are ignored", async () => {
  let all;
  await withPage({}, async (page) => {
    all = await visibleControls(page);
  });
  assert.ok(all.includes("control-seed") && all.includes("control-loader_drop_last"));
  await withPage({ embed: 1, hide: "seed,drop_last,bogus" }, async (page) => {
    const expected = all.filter((c) => c !== "control-seed" && c !== "control-drop_last");
    assert.deepEqual(await visibleControls(page), expected);
    // The hidden values still come from the URL, and the URL keeps embed and hide.
    await page.fill("[data-testid=control-n]", "10");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("n") === "10");
    const query = new URL(page.url()).searchParams;
    assert.equal(query.get("embed"), "1");
    assert.equal(query.get("hide"), "seed,drop_last,bogus");
  });
  await withPage({ hide: "seeding,stage,epoch" }, async (page) => {
    const expected = all.filter((c) => !["control-seeding", "control-epoch"].includes(c));
    assert.deepEqual(await visibleControls(page), expected);
    assert.equal(await count(page, "[data-testid=play]"), 0, "stage hides the playback bar");
    assert.equal(await count(page, "[data-testid=next-epoch]"), 0, "epoch hides its stepper");
  });
});

test("hide= leaves out all controls or whole sections", async () => {
  await withPage({ embed: 1, hide: "controls" }, async (page) => {
    assert.deepEqual(await visibleControls(page), []);
    assert.equal(await count(page, ".controls, [data-testid=play]"), 0);
  });
  await withPage({ embed: 1, hide: "no_sampler,timeline" }, async (page) => {
    assert.equal(await count(page, "[data-testid=no-sampler-table], [data-testid=timeline]"), 0);
  });
  await withPage({ embed: 1, hide: "tables" }, async (page) => {
    assert.equal(await count(page, "[data-testid=index-table], [data-testid=no-sampler-table]"), 0);
  }, { ready: "[data-testid=len-sampler]" });
});

test("the embedded view and the share panel have no serious accessibility violation", async () => {
  for (const [params, colorScheme] of [[{ embed: 1 }, "light"], [{ embed: 1, hide: "seed" }, "dark"], [{}, "dark"]]) {
    await withPage(params, async (page) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      assert.deepEqual(await seriousViolations(page), [], JSON.stringify(params));
    });
  }
});

test("nothing from the URL is ever read as HTML", async () => {
  const hostile = '<img src=x onerror="window.injected=1">';
  await withPage({ embed: hostile, hide: hostile, n: 8 }, async (page) => {
    assert.equal(await count(page, "img"), 0);
    assert.equal(await page.evaluate(() => window.injected), undefined);
  });
});

test("the full page and the embed name the version they are", async () => {
  const line = `sampler-viz ${await crateVersion()}`;
  for (const params of [{}, { embed: 1 }, { scenario: "no_set_epoch", embed: 1 }]) {
    await withPage(params, async (page) => {
      assert.equal((await page.textContent("[data-testid=version]")).trim(), line, JSON.stringify(params));
    }, { ready: "[data-testid=version]" });
  }
});

test("an embed of a pitfall shows that pitfall: both sides, their numbers, and the way to the full page", async () => {
  await withPage({ scenario: "no_set_epoch", embed: 1 }, async (page) => {
    assert.equal(await page.getAttribute("[data-testid=scenario-panel]", "data-scenario"), "no_set_epoch");
    for (const kept of ["[data-testid=scenario-broken]", "[data-testid=scenario-fixed]",
      "[data-testid=scenario-setup]", "[data-testid=scenario-explain]", "[data-testid=embed-only]"]) {
      assert.equal(await count(page, kept), 1, `${kept} is shown`);
    }
    // The numbers of the lesson, computed: the same order every epoch, against new ones.
    assert.ok(await count(page, "[data-testid=scenario-broken] [data-testid^=fact-]") > 0);
    // Nothing that would act on a picture the frame does not draw, and no picker to go back to.
    for (const gone of ["[data-testid=scenario-close]", "[data-testid^=scenario-show-]",
      "[data-testid=scenario-compare]", ".scenario-picker", ".masthead", ".colophon"]) {
      assert.equal(await count(page, gone), 0, `${gone} is left out`);
    }
    // Each side's Python is one click away.
    assert.equal(await page.isVisible("[data-testid=scenario-broken] .scenario-code"), false);
    await page.click("[data-testid=scenario-broken] summary");
    assert.equal(await page.isVisible("[data-testid=scenario-broken] .scenario-code"), true);
    const full = new URL(await page.getAttribute("[data-testid=full-page-link]", "href"));
    assert.equal(full.searchParams.get("scenario"), "no_set_epoch");
    assert.equal(full.searchParams.get("embed"), null);
  }, { ready: "[data-testid=scenario-panel]" });
});

test("an embed says what it cannot show: an unknown pitfall, the walk-through", async () => {
  await withPage({ scenario: "<b>nope</b>", embed: 1 }, async (page) => {
    assert.match(await page.textContent("[data-testid=scenario-unknown]"), /no pitfall called "<b>nope<\/b>"/);
    assert.equal(await count(page, "[data-testid=scenario-unknown] b"), 0, "shown as text");
    assert.equal(await count(page, "[data-testid=control-n]"), 1, "the picture stays");
  });
  await withPage({ guide: 1, embed: 1 }, async (page) => {
    assert.match(await page.textContent("[data-testid=url-notices]"), /walk-through \(guide=1\) is on the full page/);
  });
  await withPage({ embed: "yes", hide: "sed" }, async (page) => {
    const said = await page.textContent("[data-testid=url-notices]");
    assert.match(said, /embed="yes" was ignored: embed is a flag, 0 or 1/);
    assert.match(said, /hide="sed" was ignored/);
    assert.equal(await count(page, ".masthead"), 1, "not a flag: the full page");
  });
  await withPage({ scenario: "resume", n: 30, batch_size: 7, guide: 1, embed: 1 }, async (page) => {
    const said = await page.textContent("[data-testid=url-notices]");
    assert.match(said, /own example, so these parts of the link are not used here: n, batch_size\./);
    assert.match(said, /walk-through \(guide=1\) is on the full page/);
  }, { ready: "[data-testid=scenario-panel]" });
  await withPage({ scenario: "resume", compare: "distributed,accelerate", hide: "timeline", embed: 1 }, async (page) => {
    assert.match(await page.textContent("[data-testid=url-notices]"), /not used here: compare, hide=timeline\./);
  }, { ready: "[data-testid=scenario-panel]" });
  await withPage({ hide: "pipeline", guide: 1 }, async (page) => {
    assert.match(await page.textContent("[data-testid=url-notices]"), /hide=pipeline leaves out, so it is left out too/);
    assert.equal(await count(page, "[data-testid=guide-start]"), 0);
    assert.equal(await count(page, "[data-testid=guide]"), 0, "no walk-through where its pipeline is left out");
  });
  await withPage({ embed: 1, hide: "seed" }, async (page) => {
    assert.equal(await count(page, "[data-testid=url-notices]"), 0, "nothing to say, nothing said");
  });
});

test("hide= leaves out a compared scheme's options, the lengths and the pipeline", async () => {
  const query = { compare: "accelerate,distributed", split_batches: 1, embed: 1 };
  await withPage(query, async (page) => {
    assert.equal(await count(page, "[data-testid=scheme-options] [data-testid=option-split_batches]"), 1);
    assert.equal(await count(page, "[data-testid=lengths]"), 1);
    // Step 1 draws the scheme the story follows (Accelerate, compared first): its stages.
    assert.equal(await count(page, ".pipeline-section, [data-testid=stages-figure]"), 1);
  });
  await withPage({ ...query, hide: "split_batches,even_batches,lengths,pipeline" }, async (page) => {
    assert.equal(await count(page, "[data-testid=option-split_batches]"), 0);
    assert.equal(await count(page, "[data-testid=option-even_batches]"), 0);
    assert.equal(await count(page, "[data-testid=lengths]"), 0);
    assert.equal(await count(page, ".pipeline-section, [data-testid=stages-figure]"), 0);
    assert.equal(await count(page, "[data-testid=scheme-panel]"), 2, "the comparison stays");
  });
  await withPage({ ...query, hide: "controls" }, async (page) => {
    assert.equal(await count(page, "[data-testid=scheme-options] input, [data-testid=scheme-options] select"), 0);
  });
});

/** Every pitfall's URL name, as docs/embed.md lists them (the page's own list is in Rust). */
const PITFALLS = ["no_set_epoch", "seed_per_rank", "eval_padding", "drop_last", "tiny_dataset",
  "no_sampler", "lengths", "resume", "double_shuffle", "split_batches", "even_batches",
  "lightning_eval", "stateful_resume", "iterable_no_shard", "iterable_sampler", "uneven_hang",
  "worker_same_numpy_seed", "weighted_no_wrapper", "weighted_seed_per_rank", "monai_empty_slice"];

test("every pitfall embeds with both sides and no serious accessibility violation (three in Chinese too)", async () => {
  const docs = await readFile(new URL("../docs/embed.md", import.meta.url), "utf8");
  for (const name of PITFALLS) assert.ok(docs.includes(`\`${name}\``), `docs/embed.md lists ${name}`);
  const runs = [...PITFALLS.map((s) => [s, "en"]), ...["no_set_epoch", "iterable_sampler", "uneven_hang"].map((s) => [s, "zh"])];
  for (const [scenario, lang] of runs) {
    await withPage({ scenario, embed: 1, lang }, async (page) => {
      assert.equal(await page.getAttribute("[data-testid=scenario-panel]", "data-scenario"), scenario);
      assert.equal(await count(page, "[data-testid=scenario-broken]"), 1, scenario);
      assert.equal(await count(page, "[data-testid=scenario-fixed]"), 1, scenario);
      assert.deepEqual(await seriousViolations(page), [], `${scenario} ${lang}`);
    }, { ready: "[data-testid=scenario-panel]" });
  }
});

test("an embed has no charts, and loads the story's part only for the figures it draws (the pipeline, the timeline)", async () => {
  const cases = [
    [{ embed: 1, n: 17, hide: "pipeline,timeline" }, null],
    [{ embed: 1, n: 17, hide: "pipeline" }, "[data-testid=timeline] li[data-epoch]"],
    [{ embed: 1, n: 17, hide: "timeline" }, "[data-testid=pipeline] .pchip"],
  ];
  for (const [query, drawn] of cases) {
    const { page, errors } = await openPage(session.browser, appUrl(session.server.url, query));
    try {
      await page.waitForSelector("[data-testid=full-page-link]", { timeout: DRAWN });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(1000);
      assert.equal(await page.locator("[data-testid=charts]").count(), 0);
      if (drawn) {
        await page.locator(drawn.split(" ")[0]).scrollIntoViewIfNeeded();
        await page.waitForSelector(drawn, { timeout: DRAWN });
      }
      // Every file the page fetched since it opened, the part's module among them or not.
      const modules = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.includes("/parts/") && u.endsWith(".js")));
      assert.equal(modules.length, drawn ? 1 : 0, `${JSON.stringify(query)}: ${modules}`);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
});
