// Takes the README's screenshots of the built page's first screen: `node e2e/screenshot.mjs`
// after `trunk build --release`. Writes docs/screenshot.png (1280×800), docs/screenshot-dark.png
// (the same, dark) and docs/screenshot-phone.png (390×844); an argument (`"?n=16&…"`) opens
// that view instead of the landing page.
import { mkdir } from "node:fs/promises";
import { launchBrowser, openPage, serveDist } from "./harness.mjs";

const shots = [
  { file: "docs/screenshot.png", viewport: { width: 1280, height: 800 }, colorScheme: "light" },
  { file: "docs/screenshot-dark.png", viewport: { width: 1280, height: 800 }, colorScheme: "dark" },
  { file: "docs/screenshot-phone.png", viewport: { width: 390, height: 844 }, colorScheme: "light" },
];

const server = await serveDist();
const browser = await launchBrowser();
try {
  await mkdir("docs", { recursive: true });
  for (const { file, viewport, colorScheme } of shots) {
    const { page } = await openPage(browser, server.url + (process.argv[2] ?? ""), viewport, { colorScheme });
    await page.waitForSelector("[data-testid=compare] [data-testid=gpu-lane]");
    await page.screenshot({ path: file });
    await page.close();
    console.log("wrote", file);
  }
} finally {
  await browser.close();
  await server.close();
}
