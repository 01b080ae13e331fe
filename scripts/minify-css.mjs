// Minifies stylesheets in place with csso (installed by scripts/setup from package.json): its
// comments and spaces out, colours and numbers written short, and nothing moved or merged
// (`restructure: false`), so the cascade stays as written. Used by scripts/post-build for the
// first screen's sheets and by scripts/build-parts for the story's, release builds only.
//
//   node scripts/minify-css.mjs FILE.css...
import { readFileSync, writeFileSync } from "node:fs";
import { minify } from "csso";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node scripts/minify-css.mjs FILE.css...");
  process.exit(2);
}
for (const file of files) {
  writeFileSync(file, minify(readFileSync(file, "utf8"), { restructure: false }).css);
}
