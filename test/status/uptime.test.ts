import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  dailyDowntime,
  dailyHistory,
  sumFigures,
  uptimePercent,
  windowFigures,
} from "../../src/domains/status/uptime";
import { admin, call } from "../helpers/api";
import { DAY, HOUR, createIncident, createService, isoAgo, kvEntry } from "../helpers/status";

/** A closed interval from one reading of the clock, so its length is exact however slow the run is. */
function resolvedSpan(startedAgo: number, length: number) {
  const start = Date.now() - startedAgo;
  return { startedAt: new Date(start).toISOString(), resolvedAt: new Date(start + length).toISOString() };
}

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

describe("uptime arithmetic", () => {
  it("floors to three decimals so that any downtime never shows as 100%", () => {
    expect(uptimePercent(0, 1440)).toBe(100);
    expect(uptimePercent(1, 1440)).toBe(99.93);
    expect(uptimePercent(0.001, 525_600)).toBe(99.999);
    expect(uptimePercent(72, 1440)).toBe(95);
    expect(uptimePercent(2000, 1440)).toBe(0);
    expect(uptimePercent(0, 0)).toBe(100);
  });

  it("weights incidents by impact: major 1, partial 0.5, minor 0", () => {
    const day = at("2026-03-08T00:00:00Z");
    const two = (weight: number) => [{ startMs: day + 10 * HOUR, endMs: day + 12 * HOUR, weight }];
    expect(dailyDowntime(two(1), day, day + DAY_MS).get("2026-03-08")).toBe(120);
    expect(dailyDowntime(two(0.5), day, day + DAY_MS).get("2026-03-08")).toBe(60);
    expect(dailyDowntime(two(0), day, day + DAY_MS).size).toBe(0);
  });

  it("overlapping incidents count once, at the heaviest weight", () => {
    const day = at("2026-03-08T00:00:00Z");
    const major = { startMs: day + 10 * HOUR, endMs: day + 12 * HOUR, weight: 1 };
    const partial = { startMs: day + 11 * HOUR, endMs: day + 14 * HOUR, weight: 0.5 };
    const sameMajor = { ...major, startMs: day + 11 * HOUR };
    expect(dailyDowntime([major, partial, sameMajor], day, day + DAY_MS).get("2026-03-08")).toBe(120 + 60);
  });

  it("splits an incident across UTC days", () => {
    const start = at("2026-03-08T23:00:00Z");
    const result = dailyDowntime(
      [{ startMs: start, endMs: start + 2 * HOUR, weight: 1 }],
      at("2026-03-08T00:00:00Z"),
      at("2026-03-10T00:00:00Z"),
    );
    expect(Object.fromEntries(result)).toEqual({ "2026-03-08": 60, "2026-03-09": 60 });
  });

  it("a window longer than the service's age covers only that age; days without data are up", () => {
    const now = at("2026-03-10T12:00:00Z");
    const since = now - 3 * DAY_MS;
    const daily = new Map([["2026-03-08", 120]]);
    const week = windowFigures(daily, "7d", since, now);
    expect(week.coveredMinutes).toBe(3 * 1440);
    expect(week.downtimeMinutes).toBe(120);
    expect(uptimePercent(week.downtimeMinutes, week.coveredMinutes)).toBe(97.222);
    expect(dailyHistory(week)).toEqual([
      { date: "2026-03-07", uptimePercent: 100 },
      { date: "2026-03-08", uptimePercent: 91.666 },
      { date: "2026-03-09", uptimePercent: 100 },
      { date: "2026-03-10", uptimePercent: 100 },
    ]);
    const year = windowFigures(daily, "1y", since, now);
    expect(year.coveredMinutes).toBe(week.coveredMinutes);
    expect(uptimePercent(year.downtimeMinutes, year.coveredMinutes)).toBe(97.222);
  });

  it("a trailing window counts the day it starts in pro rata", () => {
    const now = at("2026-03-10T12:00:00Z");
    const figures = windowFigures(new Map([["2026-03-09", 60]]), "24h", now - 30 * DAY_MS, now);
    expect(figures.coveredMinutes).toBe(1440);
    expect(figures.downtimeMinutes).toBe(30);
    expect(uptimePercent(figures.downtimeMinutes, figures.coveredMinutes)).toBe(97.916);
  });

  it("a sliver of downtime at a window's edge still keeps the window below 100%", () => {
    // A 30-second major outage yesterday at 23:59:20, read today at 23:59:00: only a 1/1440 share of
    // yesterday lies inside the 24h window, a few thousandths of a minute, yet not nothing.
    const outage = at("2026-03-09T23:59:20Z");
    const now = at("2026-03-10T23:59:00Z");
    const daily = dailyDowntime([{ startMs: outage, endMs: outage + 30_000, weight: 1 }], now - 30 * DAY_MS, now);
    expect(daily.get("2026-03-09")).toBe(0.5);
    const figures = windowFigures(daily, "24h", now - 30 * DAY_MS, now);
    expect(figures.downtimeMinutes).toBe(0.001);
    expect(uptimePercent(figures.downtimeMinutes, figures.coveredMinutes)).toBe(99.999);
    // Shorter than a thousandth of a minute in a day, and in a year: still not 100%.
    const sliver = dailyDowntime([{ startMs: outage, endMs: outage + 20, weight: 1 }], now - DAY_MS * 2, now);
    expect(windowFigures(sliver, "7d", now - 30 * DAY_MS, now).downtimeMinutes).toBe(0.001);
    expect(uptimePercent(1e-9, 525_600)).toBe(99.999);
  });

  it("an incident across midnight adds up to its length whatever the split (no rounding per day)", () => {
    // Every millisecond offset of a minute: rounding each day's part up once made 120.001 of 120.
    const midnight = at("2026-03-09T00:00:00Z");
    const now = at("2026-03-10T12:00:00Z");
    for (let offset = 0; offset < 60_000; offset += 7) {
      const start = midnight - 32 * MIN - offset;
      const daily = dailyDowntime([{ startMs: start, endMs: start + 2 * HOUR, weight: 1 }], now - 30 * DAY_MS, now);
      expect(windowFigures(daily, "7d", now - 30 * DAY_MS, now).downtimeMinutes).toBe(120);
      const partial = dailyDowntime([{ startMs: start, endMs: start + 2 * HOUR, weight: 0.5 }], now - 30 * DAY_MS, now);
      expect(windowFigures(partial, "7d", now - 30 * DAY_MS, now).downtimeMinutes).toBe(60);
    }
  });

  it("the platform sums minutes over services before taking one percentage", () => {
    const now = at("2026-03-10T00:00:00Z");
    const a = windowFigures(new Map([["2026-03-09", 144]]), "24h", now - 10 * DAY_MS, now);
    const b = windowFigures(new Map(), "24h", now - 10 * DAY_MS, now);
    const both = sumFigures([a, b]);
    expect(both.coveredMinutes).toBe(2880);
    expect(uptimePercent(both.downtimeMinutes, both.coveredMinutes)).toBe(95);
    expect(dailyHistory(both)).toEqual([{ date: "2026-03-09", uptimePercent: 95 }]);
  });
});

describe("uptime from recorded incidents (through the operator API and the projection)", () => {
  it("a resolved 2-hour major incident on a 3-day-old service", async () => {
    const service = await createService();
    await createIncident({
      serviceSlugs: [service.slug],
      status: "resolved",
      ...resolvedSpan(3 * DAY, 2 * HOUR),
    });
    const detail = (await kvEntry(`services/${service.slug}`))!.body.data;
    expect(detail.uptime["90d"]).toMatchObject({
      window: "90d",
      scopeType: "service",
      scopeKey: service.slug,
      downtimeMinutes: 120,
      incidentCount: 1,
      uptimePercent: 97.222,
    });
    expect(detail.uptime["1y"].uptimePercent).toBe(97.222);
    expect(detail.uptime["7d"].uptimePercent).toBe(97.222);
    expect(detail.uptime["24h"]).toMatchObject({ uptimePercent: 100, downtimeMinutes: 0, incidentCount: 0 });
    const summary = (await call("GET", "/status")).body.data;
    expect(summary.services.find((s: { slug: string }) => s.slug === service.slug).uptime).toEqual({
      "24h": 100,
      "7d": 97.222,
      "30d": 97.222,
      "90d": 97.222,
      "1y": 97.222,
    });
  });

  it("partial incidents count half, minor ones not at all", async () => {
    const service = await createService();
    await createIncident({
      impact: "partial",
      serviceSlugs: [service.slug],
      status: "resolved",
      ...resolvedSpan(2 * DAY, 2 * HOUR),
    });
    await createIncident({
      impact: "minor",
      serviceSlugs: [service.slug],
      status: "resolved",
      ...resolvedSpan(DAY + 6 * HOUR, 6 * HOUR),
    });
    const uptime = (await kvEntry(`services/${service.slug}`))!.body.data.uptime;
    expect(uptime["7d"].downtimeMinutes).toBe(60);
    expect(uptime["7d"].incidentCount).toBe(2);
  });

  it("an open incident accrues downtime until it is resolved", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug], startedAt: isoAgo(30 * MIN) });
    const open = (await kvEntry(`services/${service.slug}`))!.body.data.uptime["24h"];
    expect(open.downtimeMinutes).toBeGreaterThanOrEqual(30);
    expect(open.downtimeMinutes).toBeLessThan(31);
    expect(open.uptimePercent).toBeLessThan(100);
    const resolved = await admin("POST", `/admin/status/incidents/${incident.id}/updates`, {
      status: "resolved",
      message: "Fixed",
      authorName: "Ops",
    });
    expect(resolved.status).toBe(201);
    expect(resolved.body.data.resolved_at).toEqual(expect.any(String));
    const after = (await kvEntry(`services/${service.slug}`))!.body.data.uptime["24h"];
    expect(after.downtimeMinutes).toBeGreaterThanOrEqual(30);
    expect(after.downtimeMinutes).toBeLessThan(31);
  });

  it("moving an incident to another service moves its downtime", async () => {
    const first = await createService();
    const second = await createService();
    const incident = await createIncident({
      serviceSlugs: [first.slug],
      status: "resolved",
      ...resolvedSpan(DAY / 2, HOUR),
    });
    expect((await kvEntry(`services/${first.slug}`))!.body.data.uptime["24h"].downtimeMinutes).toBe(60);
    const moved = await admin("PATCH", `/admin/status/incidents/${incident.id}`, { serviceSlugs: [second.slug] });
    expect(moved.status).toBe(200);
    expect((await kvEntry(`services/${first.slug}`))!.body.data.uptime["24h"].downtimeMinutes).toBe(0);
    expect((await kvEntry(`services/${second.slug}`))!.body.data.uptime["24h"].downtimeMinutes).toBe(60);
  });

  it("the platform rollup is served per window with a daily history", async () => {
    await createService();
    const res = await call("GET", "/status/uptime/30d");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      window: "30d",
      scopeType: "platform",
      scopeKey: "all",
      computedAt: expect.any(String),
    });
    expect(res.body.data.dailyHistory.length).toBeGreaterThan(0);
    expect(res.body.data.dailyHistory.length).toBeLessThanOrEqual(31);
  });
});
