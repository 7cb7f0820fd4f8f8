import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { routeStatusHost } from "../../src/domains/status/status-host";
import { buildEntries } from "../../src/domains/status/entries";
import { buildModel } from "../../src/domains/status/projection";
import { loadStatusState } from "../../src/domains/status/state";
import { statusKeys } from "../../src/domains/status/keys";
import { createDb } from "../../src/db/client";
import { statusUrlOf } from "../../src/lib/origin";
import { createIncident, createService } from "../helpers/status";

const STATUS_URL = "https://status.example.test/v1";
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const onStatusHost = (path: string, headers: Record<string, string> = {}) =>
  worker.fetch(new Request(`https://status.example.test${path}`, { headers }), { ...env, STATUS_URL } as Env, ctx);

describe("{status_url} on a separate host (STATUS_URL)", () => {
  it("defaults to {base_url} and trims a trailing slash when configured", () => {
    expect(statusUrlOf("", "https://api.example.test")).toBe("https://api.example.test/api/v1");
    expect(statusUrlOf(`${STATUS_URL}/`, "https://api.example.test")).toBe(STATUS_URL);
  });

  it("maps only {status_url}/status... on the status host to the status routes", () => {
    const mapped = (url: string) =>
      new URL(routeStatusHost(new Request(url), STATUS_URL).url).pathname + new URL(url).search;
    expect(mapped(`${STATUS_URL}/status`)).toBe("/api/v1/status");
    expect(mapped(`${STATUS_URL}/status/incidents?limit=5&serviceSlug=x`)).toBe(
      "/api/v1/status/incidents?limit=5&serviceSlug=x",
    );
    // Not under the prefix, not a status path, another host, or no STATUS_URL: untouched.
    expect(mapped("https://status.example.test/status")).toBe("/status");
    expect(mapped(`${STATUS_URL}/statusx`)).toBe("/v1/statusx");
    expect(mapped(`${STATUS_URL}/me`)).toBe("/v1/me");
    expect(mapped("https://api.example.test/v1/status")).toBe("/v1/status");
    const plain = new Request(`${STATUS_URL}/status`);
    expect(routeStatusHost(plain, "")).toBe(plain);
  });

  it("serves the same bodies, ETags and 304s there as under {base_url}", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug] });
    for (const path of [
      "/status",
      "/status/services",
      `/status/services/${service.slug}`,
      `/status/incidents/${incident.id}`,
      "/status/uptime/7d",
    ]) {
      const there = await onStatusHost(`/v1${path}`);
      const here = await exports.default.fetch(new Request(`http://localhost/api/v1${path}`));
      expect(there.status, path).toBe(200);
      expect(there.headers.get("ETag")).toBe(here.headers.get("ETag"));
      expect(await there.text()).toBe(await here.text());
      expect((await onStatusHost(`/v1${path}`, { "If-None-Match": there.headers.get("ETag")! })).status).toBe(304);
    }
    const missing = await onStatusHost("/v1/status/incidents/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect((await missing.json<any>()).error.code).toBe("not_found");
  });

  it("links from the feed, the page and Statuspage v2 point at {status_url}", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug] });
    const nowMs = Date.now();
    const model = buildModel(
      await loadStatusState(createDb(env.DB), nowMs),
      nowMs,
      "https://api.example.test",
      STATUS_URL,
    );
    const entries = await buildEntries(model, []);
    expect(entries.get(statusKeys.feed)!.body).toContain(`${STATUS_URL}/status/incidents/${incident.id}`);
    expect(entries.get(statusKeys.page)!.body).toContain(`href="${STATUS_URL}/status"`);
    expect(entries.get(statusKeys.v2Summary)!.body).toContain(`${STATUS_URL}/status/incidents/${incident.id}`);
  });
});
