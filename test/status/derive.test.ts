import { describe, expect, it } from "vitest";
import {
  headline,
  indicatorOf,
  isMaintenanceActive,
  isMaintenanceListed,
  serviceStatus,
  worst,
} from "../../src/domains/status/derive";

describe("status derivation", () => {
  it("a service with nothing wrong is operational", () => {
    expect(
      serviceStatus({
        componentStatuses: ["operational", "operational"],
        openIncidentImpacts: [],
        maintenanceActive: false,
      }),
    ).toBe("operational");
  });

  it("the worst component wins", () => {
    expect(
      serviceStatus({
        componentStatuses: ["operational", "partial_outage", "degraded_performance"],
        openIncidentImpacts: [],
        maintenanceActive: false,
      }),
    ).toBe("partial_outage");
  });

  it("open incidents map by impact: minor degrades, partial is a partial outage, major a major outage", () => {
    const of = (impact: "minor" | "partial" | "major") =>
      serviceStatus({ componentStatuses: [], openIncidentImpacts: [impact], maintenanceActive: false });
    expect(of("minor")).toBe("degraded_performance");
    expect(of("partial")).toBe("partial_outage");
    expect(of("major")).toBe("major_outage");
  });

  it("maintenance outranks operational but not an outage", () => {
    expect(
      serviceStatus({ componentStatuses: ["operational"], openIncidentImpacts: [], maintenanceActive: true }),
    ).toBe("maintenance");
    expect(
      serviceStatus({ componentStatuses: ["operational"], openIncidentImpacts: ["minor"], maintenanceActive: true }),
    ).toBe("degraded_performance");
    expect(
      serviceStatus({ componentStatuses: ["major_outage"], openIncidentImpacts: [], maintenanceActive: true }),
    ).toBe("major_outage");
  });

  it("indicators follow the Statuspage convention", () => {
    expect(indicatorOf("operational")).toBe("none");
    expect(indicatorOf("degraded_performance")).toBe("minor");
    expect(indicatorOf("partial_outage")).toBe("major");
    expect(indicatorOf("major_outage")).toBe("critical");
    expect(indicatorOf("maintenance")).toBe("maintenance");
  });

  it("overall status is the worst service; no services is operational", () => {
    expect(worst([])).toBe("operational");
    expect(worst(["maintenance", "degraded_performance", "operational"])).toBe("degraded_performance");
  });

  it("the headline says it in words and names the services at the worst level", () => {
    expect(headline([{ name: "API", status: "operational" }])).toBe("All systems operational");
    expect(headline([])).toBe("All systems operational");
    expect(
      headline([
        { name: "API", status: "major_outage" },
        { name: "Web", status: "degraded_performance" },
      ]),
    ).toBe("Major outage: API");
    expect(
      headline([
        { name: "API", status: "partial_outage" },
        { name: "Web", status: "partial_outage" },
      ]),
    ).toBe("Partial outage: API, Web");
    expect(headline([{ name: "DB", status: "maintenance" }])).toBe("Scheduled maintenance in progress: DB");
    const many = ["A", "B", "C", "D", "E"].map((name) => ({ name, status: "degraded_performance" as const }));
    expect(headline(many)).toBe("Degraded performance: A, B, C and 2 more");
  });

  it("maintenance is active when in progress, or scheduled and inside its window", () => {
    const now = "2026-03-01T12:00:00.000Z";
    const window = { startsAt: "2026-03-01T11:00:00.000Z", endsAt: "2026-03-01T13:00:00.000Z" };
    expect(isMaintenanceActive({ ...window, status: "in_progress" }, now)).toBe(true);
    expect(isMaintenanceActive({ ...window, status: "scheduled" }, now)).toBe(true);
    expect(isMaintenanceActive({ ...window, status: "scheduled" }, "2026-03-01T13:00:00.000Z")).toBe(false);
    expect(isMaintenanceActive({ ...window, status: "scheduled" }, "2026-03-01T10:59:59.000Z")).toBe(false);
    expect(isMaintenanceActive({ ...window, status: "completed" }, now)).toBe(false);
    expect(isMaintenanceActive({ ...window, status: "cancelled" }, now)).toBe(false);
  });

  it("the maintenance list holds upcoming and active windows only", () => {
    const now = "2026-03-01T12:00:00.000Z";
    expect(isMaintenanceListed({ status: "scheduled", endsAt: "2026-03-02T00:00:00.000Z" }, now)).toBe(true);
    expect(isMaintenanceListed({ status: "scheduled", endsAt: "2026-03-01T11:00:00.000Z" }, now)).toBe(false);
    expect(isMaintenanceListed({ status: "in_progress", endsAt: "2026-03-01T11:00:00.000Z" }, now)).toBe(true);
    expect(isMaintenanceListed({ status: "completed", endsAt: "2026-03-02T00:00:00.000Z" }, now)).toBe(false);
  });
});
