import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { statusServices } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { runScheduled, DAILY, EVERY_FIVE_MINUTES } from "../../src/cron";
import { takeDailySnapshot } from "../../src/domains/status/cron";
import { KEY_PREFIX, type EntryMetadata } from "../../src/domains/status/keys";
import { publishStatus } from "../../src/domains/status/publisher";
import { statusResources } from "../../src/domains/status/schemas";
import { bumpVersion, readVersion } from "../../src/domains/status/state";
import { sha1Hex } from "../../src/lib/crypto";
import { admin, call, expectError, expectShape } from "../helpers/api";
import { HOUR, createIncident, createService, kvEntry, uniqueSlug } from "../helpers/status";

const { snapshotSchema } = statusResources();

/** An in-memory KV with a hook on `list`, to interleave two publishers deterministically. */
function memoryKv(onList?: () => Promise<void>) {
  const store = new Map<string, { value: string; metadata: EntryMetadata }>();
  let lists = 0;
  const kv = {
    store,
    async list({ prefix }: { prefix: string }) {
      // The listing is taken first, then the hook runs: the publisher goes on with what it saw.
      const keys = [...store.entries()]
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, { metadata }]) => ({ name, metadata }));
      if (lists++ === 0 && onList) await onList();
      return { keys, list_complete: true, cacheStatus: null };
    },
    async put(key: string, value: string, options: { metadata: EntryMetadata }) {
      store.set(key, { value, metadata: options.metadata });
    },
    async delete(key: string) {
      store.delete(key);
    },
  };
  return kv;
}

describe("projection: every write republishes", () => {
  it("each stored response carries its body, the SHA-1 of that body, its timestamp and version", async () => {
    const service = await createService();
    const entry = (await kvEntry(`services/${service.slug}`))!;
    expect(entry.metadata.etag).toBe(await sha1Hex(entry.raw));
    expect(entry.metadata.projectedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(entry.metadata.version).toBe(await readVersion(createDb(env.DB)));
    expect(entry.metadata.contentType).toMatch(/application\/json/);
  });

  it("service, component, incident, update and maintenance writes are visible on the next read", async () => {
    const service = await createService({ name: "Before" });
    await admin("PATCH", `/admin/status/services/${service.slug}`, { name: "After" });
    expect((await call("GET", `/status/services/${service.slug}`)).body.data.service.name).toBe("After");

    const component = uniqueSlug("cmp");
    await admin("POST", "/admin/status/components", { slug: component, name: "Worker", serviceSlug: service.slug });
    expect((await call("GET", `/status/components?serviceSlug=${service.slug}`)).body.data).toHaveLength(1);
    await admin("PATCH", `/admin/status/components/${component}`, { status: "major_outage" });
    const detail = (await call("GET", `/status/services/${service.slug}`)).body.data;
    expect(detail.service.current_status).toBe("major_outage");
    expect(detail.components[0].current_status).toBe("major_outage");
    await admin("PATCH", `/admin/status/components/${component}`, { status: "operational" });

    const incident = await createIncident({ serviceSlugs: [service.slug], impact: "minor", title: "Blips" });
    let summary = (await call("GET", "/status")).body.data;
    expect(summary.incidents.map((i: { id: string }) => i.id)).toContain(incident.id);
    expect(summary.services.find((s: { slug: string }) => s.slug === service.slug)).toMatchObject({
      status: "degraded_performance",
      indicator: "minor",
      openIncidents: 1,
    });

    await admin("PATCH", `/admin/status/incidents/${incident.id}`, { title: "Network blips" });
    expect((await call("GET", `/status/incidents/${incident.id}`)).body.data.title).toBe("Network blips");
    await admin("POST", `/admin/status/incidents/${incident.id}/updates`, {
      status: "resolved",
      message: "Stable again",
      authorName: "Ops",
    });
    summary = (await call("GET", "/status")).body.data;
    expect(summary.incidents.map((i: { id: string }) => i.id)).not.toContain(incident.id);
    expect((await call("GET", `/status/incidents/${incident.id}`)).body.data.updates.at(-1).message).toBe(
      "Stable again",
    );

    const window = await admin("POST", "/admin/status/maintenance", {
      title: "Now",
      serviceSlug: service.slug,
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    });
    summary = (await call("GET", "/status")).body.data;
    expect(summary.services.find((s: { slug: string }) => s.slug === service.slug)).toMatchObject({
      status: "maintenance",
      indicator: "maintenance",
      activeMaintenance: true,
    });
    await admin("PATCH", `/admin/status/maintenance/${window.body.data.id}`, { status: "completed" });
    summary = (await call("GET", "/status")).body.data;
    expect(summary.services.find((s: { slug: string }) => s.slug === service.slug)).toMatchObject({
      status: "operational",
      activeMaintenance: false,
    });
    expect(summary.maintenance.map((m: { id: string }) => m.id)).not.toContain(window.body.data.id);
  });

  it("a renamed service's old keys are deleted; unchanged keys keep their Last-Modified", async () => {
    const service = await createService();
    const other = await createService();
    const before = (await kvEntry(`components?serviceSlug=${other.slug}`))!;
    const renamed = uniqueSlug();
    await admin("PATCH", `/admin/status/services/${service.slug}`, { slug: renamed });
    expect(await kvEntry(`services/${service.slug}`)).toBeNull();
    expectError(await call("GET", `/status/services/${service.slug}`), 404, "not_found");
    expect((await kvEntry(`services/${renamed}`))!.body.data.service.slug).toBe(renamed);
    const after = (await kvEntry(`components?serviceSlug=${other.slug}`))!;
    expect(after.metadata).toEqual(before.metadata);
  });

  it("concurrent writes end with the newest projection", async () => {
    const service = await createService();
    await Promise.all(
      Array.from({ length: 6 }, (_, k) =>
        admin("PATCH", `/admin/status/services/${service.slug}`, { description: `edit ${k}` }),
      ),
    );
    const [row] = await createDb(env.DB).select().from(statusServices).where(eq(statusServices.id, service.id));
    expect((await call("GET", `/status/services/${service.slug}`)).body.data.service.description).toBe(
      row!.description,
    );
  });

  it("a publisher that read an older state and wrote after a newer one starts over", async () => {
    const db = createDb(env.DB);
    const service = await createService({ name: "Old name" });
    let release!: () => void;
    let listed!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const aHasRead = new Promise<void>((resolve) => (listed = resolve));
    const kv = memoryKv(async () => {
      // A's D1 read was issued together with this list; let it land, then hold A back.
      await new Promise((r) => setTimeout(r, 50));
      listed();
      await gate;
    });
    const fakeEnv = { ...env, STATUS_KV: kv } as unknown as Env;
    const slow = publishStatus(fakeEnv, db);
    await aHasRead;
    await db.batch([
      db.update(statusServices).set({ name: "New name" }).where(eq(statusServices.id, service.id)),
      bumpVersion(db),
    ]);
    const fast = await publishStatus(fakeEnv, db);
    expect(JSON.parse(kv.store.get(`${KEY_PREFIX}services/${service.slug}`)!.value).data.service.name).toBe("New name");
    release();
    const result = await slow;
    expect(result.rounds).toBe(2);
    expect(JSON.parse(kv.store.get(`${KEY_PREFIX}services/${service.slug}`)!.value).data.service.name).toBe("New name");
    expect(kv.store.get(`${KEY_PREFIX}summary`)!.metadata.version).toBeGreaterThanOrEqual(fast.version);
  });

  it("a publisher that finds a newer projection already out stops", async () => {
    const db = createDb(env.DB);
    const kv = memoryKv();
    const version = await readVersion(db);
    kv.store.set(`${KEY_PREFIX}summary`, {
      value: "{}",
      metadata: {
        etag: "x",
        projectedAt: new Date().toISOString(),
        contentType: "application/json",
        version: version + 10,
      },
    });
    const result = await publishStatus({ ...env, STATUS_KV: kv } as unknown as Env, db);
    expect(result).toMatchObject({ skipped: true, written: 0 });
    expect(kv.store.size).toBe(1);
  });

  it("the five-minute cron republishes (lastCheckedAt moves on)", async () => {
    await createService();
    const before = (await kvEntry("summary"))!.body.data.lastCheckedAt;
    await new Promise((r) => setTimeout(r, 5));
    await runScheduled(
      { cron: EVERY_FIVE_MINUTES, scheduledTime: Date.now(), noRetry() {} } as ScheduledController,
      env,
    );
    expect((await kvEntry("summary"))!.body.data.lastCheckedAt > before).toBe(true);
  });
});

describe("daily snapshots", () => {
  it("the daily cron writes one snapshot per UTC date, idempotently", async () => {
    const date = `20${String(10 + Math.floor(Math.random() * 80))}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const scheduledTime = Date.parse(`${date}T00:05:00Z`);
    expectError(await call("GET", `/status/snapshots/${date}`), 404, "not_found");
    await runScheduled({ cron: DAILY, scheduledTime, noRetry() {} } as ScheduledController, env);
    const first = await call("GET", `/status/snapshots/${date}`);
    expect(first.status).toBe(200);
    const snapshot = expectShape(snapshotSchema, first.body.data);
    expect(snapshot.snapshotDate).toBe(date);

    // Things change; a second run the same day keeps the first snapshot.
    await createService();
    expect(await takeDailySnapshot(env, scheduledTime + HOUR)).toEqual({ snapshotDate: date, created: false });
    const second = await call("GET", `/status/snapshots/${date}`);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM status_snapshots WHERE snapshot_date = ?")
      .bind(date)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});
