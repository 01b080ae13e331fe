// Takes the README's screenshots of the built page: `node e2e/screenshot.mjs` after
// `trunk build --release`. Writes docs/screenshot.png (desktop) and docs/screenshot-phone.png.
import { mkdir } from "node:fs/promises";
import { launchBrowser, openPage, serveDist } from "./harness.mjs";

const shots = [
  { file: "docs/screenshot.png", viewport: { width: 1200, height: 1150 } },
  { file: "docs/screenshot-phone.png", viewport: { width: 390, height: 844 } },
];

const server = await serveDist();
const browser = await launchBrowser();
try {
  await mkdir("docs", { recursive: true });
  for (const { file, viewport } of shots) {
    const { page } = await openPage(browser, server.url + (process.argv[2] ?? ""), viewport);
    await page.waitForSelector("[data-testid=index-table] tr[data-rank]");
    await page.screenshot({ path: file });
    await page.close();
    console.log("wrote", file);
  }
} finally {
  await browser.close();
  await server.close();
}
