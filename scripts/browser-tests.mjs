// `npm run test:browser`: starts one dev server, launches Debian's Chromium through playwright-core
// (installing it with apt-get when absent), runs every test/browser/*.browser.mjs against it and
// fails if any of them throws. Screenshots land in test-results/.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { startDevServer } from "./lib/dev-server.mjs";

const root = resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BROWSER_TEST_PORT ?? 8790);

if (!existsSync(CHROMIUM)) {
  console.log("Installing Debian chromium for the browser tests...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", {
    stdio: "inherit",
  });
}

const screenshotDir = join(root, "test-results");
mkdirSync(screenshotDir, { recursive: true });
const files = readdirSync(join(root, "test/browser"))
  .filter((f) => f.endsWith(".browser.mjs"))
  .sort();

const server = await startDevServer({ port: PORT });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  // The machine has no network: background services would only fail and slow start-up.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

let passed = 0;
let failed = 0;
try {
  for (const file of files) {
    const started = Date.now();
    try {
      const { default: run } = await import(pathToFileURL(join(root, "test/browser", file)).href);
      await run({ origin: server.origin, adminToken: server.adminToken, browser, screenshotDir });
      passed += 1;
      console.log(`✓ ${file} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      console.error(`✗ ${file}\n${error?.stack ?? error}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
