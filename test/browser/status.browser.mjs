import assert from "node:assert/strict";
import { join } from "node:path";

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
