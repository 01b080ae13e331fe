// Lets the page's own inline scripts past its Content-Security-Policy, and nothing else.
//
//   node scripts/csp-hash.mjs [INDEX_HTML]   # default: $TRUNK_STAGING_DIR/index.html
//
// Trunk runs it after every build (a post_build hook in Trunk.toml). Trunk writes the code that
// loads the wasm as an inline <script type="module"> (and `trunk serve` adds its reload script):
// this adds the sha256 of each inline script to the script-src of the CSP <meta> in
// index.html, so the browser runs exactly those scripts. Running it again changes nothing.
// ('self' in connect-src covers the reload script's WebSocket to the same host.)
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const file = process.argv[2] ?? join(process.env.TRUNK_STAGING_DIR ?? "", "index.html");
const html = fillReloadScript(await readFile(file, "utf8"));

// The browser hashes a script's text exactly as it stands between the tags.
const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
  .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
  .map(([, , body]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);

const meta = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;
const found = html.match(meta);
if (!found) {
  console.error(`csp-hash: no <meta http-equiv="Content-Security-Policy" content="…"> in ${file}`);
  process.exit(1);
}
const directives = found[2].split(";").map((d) => d.trim()).filter(Boolean);
const index = directives.findIndex((d) => d.split(/\s+/)[0] === "script-src");
if (index < 0) {
  console.error(`csp-hash: the CSP in ${file} has no script-src directive`);
  process.exit(1);
}
const sources = directives[index].split(/\s+/);
directives[index] = [...sources, ...hashes.filter((h) => !sources.includes(h))].join(" ");
await writeFile(file, html.replace(meta, (_, open, _policy, close) => open + directives.join("; ") + close));
console.log(`csp-hash: ${hashes.length} inline script(s) allowed by hash in ${file}`);

/**
 * Under `trunk serve`, Trunk fills two placeholders of its reload script in every response,
 * which would change the script's hash: fill them here first, as Trunk does for this project
 * (no serve_base or ws_base set): the address is the page's own host, the WebSocket base the
 * public URL's path.
 */
function fillReloadScript(html) {
  if (!html.includes("{{__TRUNK_ADDRESS__}}")) return html;
  const publicUrl = process.env.TRUNK_PUBLIC_URL || "/";
  let base = /^[a-z]+:/i.test(publicUrl) ? new URL(publicUrl).pathname : publicUrl.replace(/^\.?\/?/, "/");
  if (!base.endsWith("/")) base += "/";
  return html
    .replaceAll("'{{__TRUNK_ADDRESS__}}'", "window.location.host")
    .replaceAll("`{{__TRUNK_ADDRESS__}}`", "window.location.host")
    .replaceAll("{{__TRUNK_WS_BASE__}}", base);
}
