import assert from "node:assert/strict";
import { join } from "node:path";

/**
 * The API reference page in headless Chromium: it renders the live OpenAPI document, shows the
 * operations of every domain (grouped by tag), and loads with no request leaving the machine.
 */
export default async function ({ origin, browser, screenshotDir }) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const outside = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:" && url.protocol !== "blob:")
      outside.push(request.url());
  });
  try {
    const response = await page.goto(`${origin}/api/v1/docs`, { waitUntil: "networkidle" });
    assert.equal(response.status(), 200);
    const document = await (await page.request.get(`${origin}/api/v1/openapi.json`)).json();
    const tags = [
      ...new Set(Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? []))),
    ];
    assert.ok(tags.length >= 8, `the document has the domains' tags: ${tags}`);
    // The renderer builds the page after loading the document: wait for the first operation.
    await page.getByText("Liveness").first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: join(screenshotDir, "api-reference.png") });
    const text = await page.locator("body").innerText();
    for (const tag of tags) assert.ok(text.includes(tag), `the page shows the ${tag} operations`);
    // Operations render as their sections scroll into view: the first domain's are there at once.
    assert.ok(text.includes("Liveness"), "the page shows the operations' summaries");
    assert.deepEqual(outside, [], "no request leaves the machine");
  } finally {
    await page.close();
  }
}
