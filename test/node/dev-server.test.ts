import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without types
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
// @ts-expect-error plain ESM script without types
import { request } from "../../scripts/lib/http.mjs";

const json = (origin: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> =>
  request(origin, method, `/api/v1${path}`, { body, token });

describe("the local dev server (wrangler dev)", () => {
  it("serves the identity flow over HTTP, with the seeded demo user, and keeps data across a restart", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "dev-server-test-"));
    const port = await freePort();
    // As `npm run dev` does it: seeded through a private instance before this port is served.
    let server = await startDevServer({ port, persistTo, seedBeforeServing: true });
    const email = `http-${Date.now()}@example.com`;
    try {
      expect((await json(server.origin, "GET", "/health")).body).toEqual({ data: { status: "ok" } });
      const demo = await json(server.origin, "POST", "/auth/login", { email: "demo@example.com", password: "demo-password-123" });
      expect(demo.status).toBe(200);
      const demoMe = await json(server.origin, "GET", "/me", undefined, demo.body.data.accessToken);
      expect(demoMe.body.data.plan).toBe("business");
      // The connectors seed: the catalogue is served, and the demo user has a connection to finish.
      const instances = await json(server.origin, "GET", "/connectors/instances", undefined, demo.body.data.accessToken);
      expect(instances.body.data.map((instance: { displayName: string }) => instance.displayName)).toContain("Demo database");

      const registered = await json(server.origin, "POST", "/auth/register", { email, password: "a-long-password" });
      expect(registered.status).toBe(201);
      const refreshed = await json(server.origin, "POST", "/auth/refresh", { refreshToken: registered.body.data.refreshToken });
      expect(refreshed.status).toBe(200);
      const me = await json(server.origin, "GET", "/me", undefined, refreshed.body.data.accessToken);
      expect(me.body.data.user.email).toBe(email);
      const loggedOut = await json(server.origin, "POST", "/auth/logout", { refreshToken: refreshed.body.data.refreshToken });
      expect(loggedOut.body).toEqual({ data: { revoked: true } });
      expect((await json(server.origin, "GET", "/me", undefined, refreshed.body.data.accessToken)).status).toBe(401);
    } finally {
      await server.stop();
    }

    // The state folder remembers what is done, so the restart below skips migrations and seed.
    const record = JSON.parse(readFileSync(join(persistTo, ".platform-dev-state.json"), "utf8"));
    expect(record.migrations).toEqual(readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort());
    expect(record.seed).toMatch(/^[0-9a-f]{64}$/);

    // Same state directory: the user survives.
    server = await startDevServer({ port, persistTo });
    try {
      const login = await json(server.origin, "POST", "/auth/login", { email, password: "a-long-password" });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
