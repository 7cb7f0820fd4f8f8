import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The page's stylesheet as the source writes it (src/domains/status/pages.tsx), split into rules and
 * their declarations' properties: what Chromium must have kept. An escaped quote in the served CSS
 * (hono/jsx escaping a `<style>` child) makes Chromium drop declarations, and the page falls back to
 * Times.
 */
function sourceRules() {
  const source = readFileSync(resolve(import.meta.dirname, "../../src/domains/status/pages.tsx"), "utf8");
  const css = source.match(/export const STATUS_PAGE_CSS = `([^`]*)`/)[1];
  return css
    .split("}")
    .map((rule) => rule.trim())
    .filter(Boolean)
    .map((rule) => {
      const [selector, body] = rule.split("{");
      const properties = body
        .split(";")
        .filter((declaration) => declaration.includes(":"))
        .map((declaration) => declaration.slice(0, declaration.indexOf(":")).trim());
      return { selector: selector.trim(), properties };
    });
}

/**
 * The public status page in headless Chromium: the seeded services with their 90-day uptime bars,
 * the open incident with its timeline, and scheduled maintenance. Saves a screenshot.
 */
export default async function ({ origin, browser, screenshotDir }) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  try {
    const response = await page.goto(`${origin}/status`);
    assert.equal(response.status(), 200);
    assert.match(response.headers()["cache-control"], /public, max-age=30, stale-while-revalidate=300/);
    assert.ok(response.headers()["etag"]);

    // The stylesheet arrived whole: every rule and every declaration of the source, and the font
    // stack, not the browser's serif default.
    const expected = sourceRules();
    assert.ok(expected.length > 10 && expected.some((r) => r.properties.includes("font")), "the source CSS was read");
    const ruleCount = await page.evaluate(() => document.styleSheets[0].cssRules.length);
    assert.equal(ruleCount, expected.length, "Chromium kept every rule of the stylesheet");
    const dropped = await page.evaluate(
      (rules) =>
        rules.flatMap(({ properties }, k) =>
          properties
            .filter((property) => document.styleSheets[0].cssRules[k].style.getPropertyValue(property) === "")
            .map((property) => `${document.styleSheets[0].cssRules[k].selectorText} { ${property} }`),
        ),
      expected,
    );
    assert.deepEqual(dropped, [], "Chromium kept every declaration of the stylesheet");
    const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    assert.match(fontFamily, /^system-ui/, `the page's font stack is used: ${fontFamily}`);
    assert.doesNotMatch(fontFamily, /times|^serif/i);

    const services = await page.locator("[data-service]").count();
    assert.ok(services >= 4, `expected the seeded services, saw ${services}`);
    for (const name of ["API", "Dashboard", "AI assistant", "Connectors"]) {
      assert.equal(
        await page.locator("[data-service] .name", { hasText: name }).first().isVisible(),
        true,
        `${name} is shown`,
      );
    }

    // 90 bars per service, some of them not green (the seeded incident history).
    const bars = page.locator("[data-uptime-bars='api'] rect");
    assert.equal(await bars.count(), 90);
    const box = await page.locator("[data-uptime-bars='api']").boundingBox();
    assert.ok(box && box.width > 600 && box.height >= 30, `bars are laid out: ${JSON.stringify(box)}`);
    const colors = await page
      .locator("[data-uptime-bars] rect")
      .evaluateAll((rects) => rects.map((r) => r.getAttribute("fill")));
    assert.ok(
      colors.some((c) => c !== "#22c55e" && c !== "#d4d4d8"),
      "at least one day shows downtime",
    );
    const title = await bars.last().locator("title").textContent();
    assert.match(title, /^\d{4}-\d{2}-\d{2}: (\d+(\.\d+)?% uptime|no data)$/);

    // The open incident with its timeline, the maintenance window, the banner.
    const incident = page.locator("[data-incident]", { hasText: "Intermittent streaming disconnects" }).first();
    assert.equal(await incident.isVisible(), true);
    assert.match(await incident.textContent(), /load balancer/);
    assert.equal(await page.locator("[data-maintenance]", { hasText: "Database engine upgrade" }).isVisible(), true);
    assert.match(await page.locator(".banner").textContent(), /Degraded performance: AI assistant/);

    // The linked feed and badge resolve.
    for (const path of ["/status/feed.atom", "/status/badge.svg", "/api/v2/summary.json"]) {
      const res = await page.request.get(`${origin}${path}`);
      assert.equal(res.status(), 200, path);
    }

    await page.screenshot({ path: join(screenshotDir, "status-page.png"), fullPage: true });
  } finally {
    await page.close();
  }
}
