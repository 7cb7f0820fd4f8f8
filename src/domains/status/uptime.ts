import type { IncidentImpact } from "../../db/schema/status";

/**
 * Uptime arithmetic: pure functions over milliseconds, so crafted histories are tested exactly.
 *
 * Storage is downtime minutes per service and UTC day. A window is the trailing N days ending now,
 * clipped to the service's age; a day without a record is a day without downtime. Where a window
 * starts inside a day, that day counts in proportion to the part of it inside the window.
 */
export const UPTIME_WINDOWS = ["24h", "7d", "30d", "90d", "1y"] as const;
export type UptimeWindow = (typeof UPTIME_WINDOWS)[number];

export const WINDOW_DAYS: Record<UptimeWindow, number> = { "24h": 1, "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** How much of a minute of an incident counts as downtime: minor incidents degrade, they do not take a service down. */
export const IMPACT_WEIGHT: Record<IncidentImpact, number> = { major: 1, partial: 0.5, minor: 0 };

export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * Downtime minutes shown are kept to three decimals, rounded up: any downtime, however short or
 * however small the share of its day inside a window, stays visible (the epsilon absorbs binary
 * error). Only totals are rounded: per-day values stay exact, because an incident split across
 * midnight rounded up on both sides would add a thousandth that never happened.
 */
const ceilMinutes = (minutes: number) => Math.ceil(minutes * 1000 - 1e-6) / 1000;
export const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Percentages are floored to three decimals so that any downtime at all never shows as 100%. */
export function uptimePercent(downMinutes: number, coveredMinutes: number): number {
  if (coveredMinutes <= 0) return 100;
  const up = Math.max(0, coveredMinutes - Math.min(downMinutes, coveredMinutes));
  // The tiny epsilon absorbs binary floating error (99.95 * 1000 is 99949.99999...), far below 0.001%.
  const percent = Math.floor((100 * up * 1000) / coveredMinutes + 1e-6) / 1000;
  // Downtime below 0.001% of a long window would floor to 100 after the epsilon; it must not.
  return downMinutes > 0 ? Math.min(percent, 99.999) : percent;
}

interface WeightedInterval {
  startMs: number;
  endMs: number;
  weight: number;
}

/**
 * Downtime minutes per UTC day between `fromMs` and `toMs`. Overlapping incidents do not add up:
 * at any instant the heaviest open incident counts, so two simultaneous outages are one outage.
 */
export function dailyDowntime(intervals: WeightedInterval[], fromMs: number, toMs: number): Map<string, number> {
  const relevant = intervals
    .filter((i) => i.weight > 0 && i.endMs > fromMs && i.startMs < toMs)
    .map((i) => ({ startMs: Math.max(i.startMs, fromMs), endMs: Math.min(i.endMs, toMs), weight: i.weight }));
  const result = new Map<string, number>();
  if (relevant.length === 0) return result;

  const points = new Set<number>();
  for (const i of relevant) {
    points.add(i.startMs);
    points.add(i.endMs);
    for (let day = dayStart(i.startMs) + DAY_MS; day < i.endMs; day += DAY_MS) points.add(day);
  }
  const sorted = [...points].sort((a, b) => a - b);
  for (let k = 0; k + 1 < sorted.length; k++) {
    const from = sorted[k]!;
    const to = sorted[k + 1]!;
    let weight = 0;
    for (const i of relevant) if (i.startMs <= from && i.endMs >= to && i.weight > weight) weight = i.weight;
    if (weight === 0) continue;
    const date = dateOf(from);
    result.set(date, (result.get(date) ?? 0) + ((to - from) / MINUTE_MS) * weight);
  }
  return result;
}

interface DailyUptime {
  date: string;
  uptimePercent: number;
}

/** One day of a window: its downtime and how many of its minutes were observed (service alive, not in the future). */
interface DayFigures {
  date: string;
  downtimeMinutes: number;
  observedMinutes: number;
}

export interface WindowFigures {
  downtimeMinutes: number;
  coveredMinutes: number;
  days: DayFigures[];
}

/**
 * Downtime and covered minutes of one scope over a window ending at `nowMs`, observed since
 * `sinceMs` (the service's age): a window longer than the service's life covers only that life.
 */
export function windowFigures(
  daily: ReadonlyMap<string, number>,
  window: UptimeWindow,
  sinceMs: number,
  nowMs: number,
): WindowFigures {
  const windowStart = Math.max(nowMs - WINDOW_DAYS[window] * DAY_MS, sinceMs);
  const figures: WindowFigures = { downtimeMinutes: 0, coveredMinutes: 0, days: [] };
  for (let day = dayStart(windowStart); day < nowMs; day += DAY_MS) {
    const observedStart = Math.max(day, sinceMs);
    const observedEnd = Math.min(day + DAY_MS, nowMs);
    if (observedEnd <= observedStart) continue;
    const observedMinutes = (observedEnd - observedStart) / MINUTE_MS;
    const insideMinutes = (observedEnd - Math.max(observedStart, windowStart)) / MINUTE_MS;
    const date = dateOf(day);
    const downtime = Math.min(daily.get(date) ?? 0, observedMinutes);
    figures.downtimeMinutes += downtime * (insideMinutes / observedMinutes);
    figures.coveredMinutes += insideMinutes;
    figures.days.push({ date, downtimeMinutes: downtime, observedMinutes });
  }
  figures.downtimeMinutes = ceilMinutes(figures.downtimeMinutes);
  return figures;
}

/** Several scopes summed (the platform): minutes add up, then one percentage is taken per day and per window. */
export function sumFigures(parts: WindowFigures[]): WindowFigures {
  const byDate = new Map<string, DayFigures>();
  let downtimeMinutes = 0;
  let coveredMinutes = 0;
  for (const part of parts) {
    downtimeMinutes += part.downtimeMinutes;
    coveredMinutes += part.coveredMinutes;
    for (const day of part.days) {
      const entry = byDate.get(day.date) ?? { date: day.date, downtimeMinutes: 0, observedMinutes: 0 };
      entry.downtimeMinutes += day.downtimeMinutes;
      entry.observedMinutes += day.observedMinutes;
      byDate.set(day.date, entry);
    }
  }
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { downtimeMinutes: ceilMinutes(downtimeMinutes), coveredMinutes, days };
}

export const dailyHistory = (figures: WindowFigures): DailyUptime[] =>
  figures.days.map((day) => ({
    date: day.date,
    uptimePercent: uptimePercent(day.downtimeMinutes, day.observedMinutes),
  }));
