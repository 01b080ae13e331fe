// Languages, in headless Chromium: `lang=zh` renders the page in Chinese, the switch changes
// every text in place (URL, `<html lang>`, title) without losing state, the indices never depend
// on the language, PyTorch's own errors stay in English beside a Chinese rule, and no English
// prose is left on the Chinese page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAWN, TABLE, appUrl, openPage, pageQuery, readIndexTable, firstText, htmlLang, seriousViolations, useBrowser } from "./harness.mjs";

const session = useBrowser();
const { withPage } = session;

/**
 * Visible text (and accessible names, titles) of the page outside code that reads as English
 * prose: two Latin words in a row and not one Chinese character. Code, numbers and PyTorch's
 * identifiers (`rank 0`, `len(loader)`) pass.
 */
function englishProse(page) {
  return page.evaluate(() => {
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    const prose = /[A-Za-z]{2,}[,.:;!?]?\s+[A-Za-z]{2,}/;
    const isProse = (s) => !cjk.test(s) && prose.test(s);
    // Code, and PyTorch's own messages, which the page marks `lang="en"`.
    const inCode = (el) => el.closest("code, pre, textarea, [lang=en], [data-testid=lang-switch]");
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const s = node.textContent.trim();
      if (s && !inCode(el) && el.checkVisibility() && isProse(s)) found.push(s);
    }
    // A closed select's options are not "visible", but they are read and shown when opened.
    for (const option of document.body.querySelectorAll("option")) {
      if (isProse(option.textContent)) found.push(`option ${option.textContent}`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [aria-valuetext]")) {
      for (const name of ["aria-label", "title", "aria-valuetext"]) {
        const s = el.getAttribute(name);
        if (s && !inCode(el) && isProse(s)) found.push(`${name}=${s}`);
      }
    }
    return found;
  });
}

test("lang=zh renders the headings, labels and title in Chinese", async () => {
  await withPage({ lang: "zh" }, async (page) => {
    assert.equal(await firstText(page, "h1"), "每块 GPU 拿到哪些样本？");
    assert.equal(await firstText(page, "#pipeline-title"), "使用 DistributedSampler：逐步拆解");
    assert.equal(await firstText(page, "#timeline-title"), "逐个 epoch 对比");
    assert.equal(await firstText(page, "#no-sampler-title"), "不使用采样器");
    assert.match(await firstText(page, ".controls"), /高亮显示/);
    assert.equal(await firstText(page, "#compare-title"), "把数据集分给多个 GPU 的不同方式，并排对比");
    assert.equal(await page.getAttribute("[data-testid=play-epochs]", "aria-label"), "播放 epoch");
    assert.match(await firstText(page, "[data-testid=lengths]"), /每个 rank 的批次数/);
    assert.equal(await page.getAttribute("[data-testid=play]", "aria-label"), "播放");
    assert.equal(await htmlLang(page), "zh-Hans");
    assert.match(await page.title(), /DistributedSampler 给每块 GPU/);
    assert.equal(await page.getAttribute("[data-testid=lang-zh]", "aria-pressed"), "true");
    assert.equal(await page.getAttribute("[data-testid=lang-en]", "aria-pressed"), "false");
  });
});

test("the switch changes the language both ways in place, keeping the state and the URL", async () => {
  await withPage({ n: 10 }, async (page) => {
    await page.evaluate(() => (window.notReloaded = true));
    assert.equal(await firstText(page, "h1"), "What does each GPU get?");
    assert.equal(await htmlLang(page), "en");
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    assert.equal(pageQuery(page).get("lang"), "zh");
    assert.equal(pageQuery(page).get("n"), "10");
    assert.equal(await htmlLang(page), "zh-Hans");
    assert.equal(await page.inputValue("[data-testid=control-n]"), "10");
    assert.equal(await page.getAttribute("[data-testid=lang-zh]", "aria-pressed"), "true");
    await page.click("[data-testid=lang-en]");
    await page.waitForFunction(() => document.querySelector("h1").textContent.startsWith("What"));
    assert.equal(pageQuery(page).get("lang"), "en");
    assert.equal(await htmlLang(page), "en");
    assert.equal(await page.title(), "sampler-viz: what DistributedSampler hands each GPU");
    assert.equal(await page.evaluate(() => window.notReloaded), true, "no reload");
  });
});

test("a reload keeps the language", async () => {
  await withPage({}, async (page) => {
    await page.click("[data-testid=lang-zh]");
    // The Chinese texts load on the first press; the URL says zh once they are shown.
    await page.waitForFunction(() => document.querySelector("h1").textContent.includes("每块"));
    await page.reload();
    await page.waitForSelector(TABLE, { timeout: DRAWN });
    assert.equal(await firstText(page, "h1"), "每块 GPU 拿到哪些样本？");
    assert.equal(await htmlLang(page), "zh-Hans");
  });
});

test("the index tables are the same in both languages", async () => {
  const params = { n: 23, num_replicas: 4, drop_last: 1, seeding: "unseeded", epoch: 3 };
  const tables = {};
  for (const lang of ["en", "zh"]) {
    await withPage({ ...params, lang }, async (page) => {
      tables[lang] = {
        sampler: await readIndexTable(page, "index-table"),
        without: await readIndexTable(page, "no-sampler-table"),
        lengths: await firstText(page, "[data-testid=len-total]"),
      };
    });
  }
  assert.equal(tables.en.sampler.length, 4);
  assert.deepEqual(tables.zh, tables.en);
});

test("an error in Chinese shows PyTorch's English message and a Chinese rule", async () => {
  await withPage({ lang: "zh", rank: 5 }, async (page) => {
    const error = await firstText(page, "[data-testid=error-rank]");
    assert.match(error, /ValueError: Invalid rank 5, rank should be in the interval \[0, 1\]/);
    assert.match(error, /rank 是 num_replicas 个进程中某一个的编号/);
  });
  await withPage({ lang: "zh", n: "abc" }, async (page) => {
    const error = await firstText(page, "[data-testid=error-n]");
    // The field is labelled len(dataset), and its message calls it so.
    assert.equal(error.trim(), 'len(dataset) 必须是不小于 0 的整数；收到的是 "abc"。');
  });
});

test("an unknown language falls back to English", async () => {
  await withPage({ lang: "fr" }, async (page) => {
    assert.equal(await firstText(page, "h1"), "What does each GPU get?");
    assert.equal(await htmlLang(page), "en");
  });
});

test("the embed follows lang=, and the link and embed code keep it", async () => {
  await withPage({ lang: "zh", embed: 1 }, async (page) => {
    assert.equal(await page.locator("[data-testid=lang-switch]").count(), 0, "no masthead");
    assert.match(await firstText(page, "[data-testid=full-page-link]"), /在 sampler-viz 中打开此视图/);
    assert.equal(await htmlLang(page), "zh-Hans");
  });
  await withPage({ lang: "zh" }, async (page) => {
    const link = new URL(await page.inputValue("[data-testid=share-link]"));
    assert.equal(link.searchParams.get("lang"), "zh");
    assert.match(await page.inputValue("[data-testid=embed-code]"), /lang=zh/);
  });
});

test("no English prose is left on the Chinese page", async () => {
  const views = [
    { stage: 1, n: 0 },
    { stage: 2, n: 1 },
    { stage: 3, n: 10, num_replicas: 4, batch_size: 3 },
    { stage: 3, n: 10, num_replicas: 4, drop_last: 1, loader_drop_last: 1, seeding: "unseeded" },
    { stage: 4, n: 10, num_replicas: 3, set_epoch: 0 },
    { stage: 5, n: 10, num_replicas: 3, batch_size: 3, loader_drop_last: 1, shuffle: 0 },
    { stage: 3, n: 50_001, num_replicas: 12, batch_size: 64 },
    { stage: 5, n: 50_001, num_replicas: 4, drop_last: 1, loader_drop_last: 1, batch_size: 64 },
    { rank: 9, batch_size: 0, loader_shuffle: 1 },
  ];
  for (const view of views) {
    await withPage({ ...view, lang: "zh" }, async (page) => {
      // Hover titles exist only on marked chips; the canvas labels after a task.
      await page.waitForTimeout(300);
      assert.deepEqual(await englishProse(page), [], `English prose at ${JSON.stringify(view)}`);
    });
  }
});

test("switching the language moves neither button", async () => {
  await withPage({}, async (page) => {
    const boxes = () => Promise.all(["en", "zh"].map((l) => page.locator(`[data-testid=lang-${l}]`).boundingBox()));
    const before = await boxes();
    await page.click("[data-testid=lang-zh]");
    await page.waitForFunction(() => document.documentElement.lang === "zh-Hans");
    assert.deepEqual(await boxes(), before);
  });
});
