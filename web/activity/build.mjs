// Builds ../../bot/web/static/activity-sdk.js: Discord's Embedded App SDK (the exact version in
// package-lock.json) as ONE minified script that sets window.DiscordSDK (and window.DiscordSDKInfo
// with the SDK's version). The output is committed; rebuild with `npm ci && npm run build` here.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const sdk = JSON.parse(
  readFileSync(join(here, "node_modules/@discord/embedded-app-sdk/package.json"), "utf8"),
);

await build({
  stdin: {
    contents:
      'import { DiscordSDK } from "@discord/embedded-app-sdk";\n' +
      "window.DiscordSDK = DiscordSDK;\n" +
      `window.DiscordSDKInfo = { version: ${JSON.stringify(sdk.version)} };\n`,
    resolveDir: here,
    loader: "js",
  },
  bundle: true,
  format: "iife",
  minify: true,
  target: ["es2020"],
  legalComments: "eof",
  banner: {
    js:
      `/* @discord/embedded-app-sdk ${sdk.version} (MIT, Discord), bundled by ` +
      "web/activity/build.mjs; do not edit: rebuild */",
  },
  outfile: join(here, "../../bot/web/static/activity-sdk.js"),
  logLevel: "info",
});
