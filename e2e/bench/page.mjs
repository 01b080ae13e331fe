// Opening the built page and letting it settle: shared by the measure-*.mjs modules.
import { appUrl, everySchemeDealt, openPage } from "../harness.mjs";

/** How long the page may take to draw at all (wasm start-up included). */
export const DRAWN = 30_000;
/** A row of the index table: there once the page has drawn a picture. */
export const TABLE_ROW = "[data-testid=index-table] tr[data-rank]";
/** A tile in a lane of the comparison: there once the comparison has drawn its deals. */
export const LANE_TILE = "[data-testid=compare] [data-testid=gpu-lane] [data-index]";

/**
 * In the page: whether the picture of `n` is drawn (`len(dataset)` shows `n`, as "1,281,167")
 * and no larger one is still being drawn in slices (the "Drawing…" status is empty).
 */
export function pictureOf(n) {
  const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent.trim() ?? "";
  const rows = document.querySelector("[data-testid=index-table] tr[data-rank]");
  return Boolean(rows) && !text("drawing") && (n === null || text("len-dataset") === n);
}

/** `params.n` as the page shows it (null when the URL leaves it to the default). */
export const shownN = (params) => (params.n == null ? null : Number(params.n).toLocaleString("en"));

/**
 * Opens the page at `params`, waits until its picture and the comparison's lanes are drawn
 * (`timeout` ms at most; until then the page may show a smaller picture). `options` go to the
 * page's context (the harness asks for reduced motion unless they say otherwise).
 */
export async function drawnPage(browser, base, params, timeout = DRAWN, options = {}) {
  const url = appUrl(base, params);
  const { page, errors } = await openPage(browser, url, undefined, options);
  await page.waitForSelector(TABLE_ROW, { timeout });
  await page.waitForSelector(LANE_TILE, { timeout });
  await page.waitForFunction(pictureOf, shownN(params), { timeout });
  await everySchemeDealt(page, timeout);
  await settle(page);
  return { page, errors };
}

/** Lets pending work and two frames pass. */
export async function settle(page, ms = 150) {
  await page.evaluate(
    (ms) =>
      new Promise((done) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), ms),
      ),
    ms,
  );
}

/** A configuration's label in figure names: "n=1281167 w=8 bs=256". */
export function configLabel(params) {
  const parts = [`n=${params.n ?? 8}`, `w=${params.num_replicas ?? 2}`];
  if (params.batch_size != null) parts.push(`bs=${params.batch_size}`);
  return parts.join(" ");
}
