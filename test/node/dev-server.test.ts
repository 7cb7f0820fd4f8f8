import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ensureDevVars, envFileText } from "../../scripts/lib/dev-vars.mjs";
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { request } from "../../scripts/lib/http.mjs";

const json = (
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any }> => request(origin, method, `/api/v1${path}`, { body, token });

/**
 * A validation failure of each kind, through the Worker as wrangler builds it: a JSON body's field
 * errors (one a wrong value, one an unknown key), a query's, and a malformed path id's 404. The
 * Worker's bundle swaps @hono/zod-openapi's OpenAPI library for a stand-in that records no metadata
 * (scripts/build/zod-to-openapi-runtime.mjs); these answers (taken from the tree before it) show
 * that what a client sees is unchanged.
 */
async function expectBuiltValidation(origin: string, token: string) {
  const register = await json(origin, "POST", "/auth/register", {
    email: "not-an-email",
    password: "a-long-password",
    isAdmin: true,
  });
  expect(register.status).toBe(400);
  const feed = await json(origin, "GET", "/status/incidents?limit=0");
  expect(feed.status).toBe(400);
  const session = await json(origin, "GET", "/ai/sessions/not-a-uuid", undefined, token);
  expect(session.status).toBe(404);
  expect(register.body.error).toEqual({
    code: "bad_request",
    message: "Invalid request",
    details: {
      fields: [
        { field: "email", message: "must be an e-mail address" },
        { field: "isAdmin", message: "unknown property isAdmin" },
      ],
    },
  });
  expect(feed.body.error).toEqual({
    code: "bad_request",
    message: "Invalid request",
    details: { fields: [{ field: "limit", message: "must be at least 1" }] },
  });
  expect(session.body.error).toEqual({ code: "not_found", message: "Session not found" });
  // A body the Worker builds on its route's first request (declared through z.lazy: the send body,
  // with the capabilities' parameter tables), its own rules named as in test/ai/send-validation.test.ts.
  const created = await json(origin, "POST", "/ai/sessions", {}, token);
  expect(created.status).toBe(201);
  const send = await json(
    origin,
    "POST",
    `/ai/sessions/${created.body.data.id}/messages`,
    { content: "hi", capabilityKey: "ai.search.web", depth: "deep", parameters: { bpm: 100 } },
    token,
  );
  expect(send.status).toBe(400);
  expect(send.body.error.details.fields).toEqual([
    {
      field: "depth",
      message: "depth is a parameter of ai.research.deep, not of ai.search.web",
      capabilityKey: "ai.search.web",
    },
    {
      field: "parameters.bpm",
      message: "bpm is a parameter of ai.audio.generate, not of ai.search.web",
      capabilityKey: "ai.search.web",
    },
  ]);
}

describe("the local dev server (wrangler dev)", () => {
  it("serves the identity flow over HTTP, with the seeded demo user, and keeps data across a restart", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "dev-server-test-"));
    const port = await freePort();
    // As `npm run dev` does it: seeded through a private instance before this port is served.
    let server = await startDevServer({ port, persistTo, seedBeforeServing: true });
    const email = `http-${Date.now()}@example.com`;
    try {
      expect((await json(server.origin, "GET", "/health")).body).toEqual({ data: { status: "ok" } });
      const demo = await json(server.origin, "POST", "/auth/login", {
        email: "demo@example.com",
        password: "demo-password-123",
      });
      expect(demo.status).toBe(200);
      const demoMe = await json(server.origin, "GET", "/me", undefined, demo.body.data.accessToken);
      expect(demoMe.body.data.plan).toBe("business");
      // The connectors seed: the catalogue is served, and the demo user has a connection to finish.
      const instances = await json(
        server.origin,
        "GET",
        "/connectors/instances",
        undefined,
        demo.body.data.accessToken,
      );
      expect(instances.body.data.map((instance: { displayName: string }) => instance.displayName)).toContain(
        "Demo database",
      );

      // Validation in the built Worker, whose OpenAPI library is a stand-in without metadata
      // (wrangler.toml [alias]), answers exactly as the app the workerd tests run.
      await expectBuiltValidation(server.origin, demo.body.data.accessToken);

      const registered = await json(server.origin, "POST", "/auth/register", { email, password: "a-long-password" });
      expect(registered.status).toBe(201);
      const refreshed = await json(server.origin, "POST", "/auth/refresh", {
        refreshToken: registered.body.data.refreshToken,
      });
      expect(refreshed.status).toBe(200);
      const me = await json(server.origin, "GET", "/me", undefined, refreshed.body.data.accessToken);
      expect(me.body.data.user.email).toBe(email);
      const loggedOut = await json(server.origin, "POST", "/auth/logout", {
        refreshToken: refreshed.body.data.refreshToken,
      });
      expect(loggedOut.body).toEqual({ data: { revoked: true } });
      expect((await json(server.origin, "GET", "/me", undefined, refreshed.body.data.accessToken)).status).toBe(401);
    } finally {
      await server.stop();
    }

    // The state folder remembers what is done, so the restart below skips migrations and seed.
    const record = JSON.parse(readFileSync(join(persistTo, ".platform-dev-state.json"), "utf8"));
    expect(record.migrations).toEqual(
      readdirSync("migrations")
        .filter((f) => f.endsWith(".sql"))
        .sort(),
    );
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

describe("npm run dev and its environment (CONTRACT: Local defaults)", () => {
  it("passes the contract's variables set in its environment on to the Worker, printing secrets hidden", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "dev-env-test-"));
    const secret = "from-env-slack-secret-value";
    // A free port, not a fixed one: another dev server or test run may hold any given port.
    const port = await freePort();
    const environment = {
      ...process.env,
      PORT: String(port),
      DEV_PERSIST_DIR: persistTo,
      CONNECTOR_SLACK_CLIENT_ID: "from-env-slack-client",
      CONNECTOR_SLACK_CLIENT_SECRET: secret,
      ALLOW_PRIVATE_HOSTS: "127.0.0.1:9",
      // A real model configured: the demo is still listed, because npm run dev turns AI_DEMO_MODEL on.
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      // Taken literally: nothing expands `$HOME` on the way (wrangler's env file runs dotenv-expand).
      OPENAI_MODELS: "from-env-$HOME#model:basic",
    };
    // Its own process group, so the whole tree (npm, node, wrangler, workerd) is stopped together.
    const child = spawn("npm", ["run", "dev"], { env: environment, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise((done) => child.once("exit", done));
    const origin = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 110_000;
      while (!output.includes("Platform API on")) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Which were taken, secret values hidden.
      expect(output).toContain("CONNECTOR_SLACK_CLIENT_SECRET=(hidden)");
      expect(output).toContain("ALLOW_PRIVATE_HOSTS=127.0.0.1:9");
      expect(output).not.toContain(secret);

      const login = await json(origin, "POST", "/auth/login", {
        email: "demo@example.com",
        password: "demo-password-123",
      });
      const token = login.body.data.accessToken;
      const definitions = await json(origin, "GET", "/connectors", undefined, token);
      expect(definitions.status, JSON.stringify(definitions.body)).toBe(200);
      expect(definitions.body.data.find((d: { key: string }) => d.key === "slack")).toMatchObject({ isActive: true });
      // ALLOW_PRIVATE_HOSTS reached the Worker: a loopback OAuth endpoint on that port is accepted.
      const endpoints = {
        authorization_url: "http://127.0.0.1:9/authorize",
        token_url: "http://127.0.0.1:9/token",
        client_id: "c",
        client_secret: "s",
      };
      const created = await json(
        origin,
        "POST",
        "/connectors/definitions",
        { key: `local-${Date.now()}`, displayName: "Local", authType: "oauth2", authConfig: endpoints },
        token,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const models = await json(origin, "GET", "/ai/models", undefined, token);
      expect(models.body.data.map((m: { key: string }) => m.key)).toEqual(["from-env-$HOME#model", "demo"]);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
      // npm may leave before dev.mjs has finished its shutdown: wait for the whole group to be gone.
      const alive = () => {
        try {
          process.kill(-child.pid!, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (const deadline = Date.now() + 30_000; alive() && Date.now() < deadline; )
        await new Promise((r) => setTimeout(r, 100));
      expect(alive()).toBe(false);
    }
    // The merged bindings (secrets among them) do not outlive the server.
    expect(existsSync(join(persistTo, ".dev-bindings.env"))).toBe(false);
    rmSync(persistTo, { recursive: true, force: true });
  });

  it("adds the generated secrets an existing .dev.vars lacks, keeping what it has", () => {
    const path = join(mkdtempSync(join(tmpdir(), "dev-vars-test-")), ".dev.vars");
    writeFileSync(path, "JWT_SECRET=mine\nADMIN_TOKEN=my-admin");
    expect(ensureDevVars(path)).toEqual(["CREDENTIALS_KEY", "MEDIA_SIGNING_KEY"]);
    const vars = parseEnv(readFileSync(path, "utf8"));
    expect(vars).toMatchObject({ JWT_SECRET: "mine", ADMIN_TOKEN: "my-admin" });
    expect(vars.CREDENTIALS_KEY).toMatch(/^v1:[A-Za-z0-9+/]{43}=$/);
    expect(vars.MEDIA_SIGNING_KEY).toMatch(/^[\w-]{43}$/);
    expect(ensureDevVars(path)).toEqual([]);
  });

  it("quotes values and escapes $ for wrangler's env file (dotenv, then dotenv-expand), refusing what it cannot carry", () => {
    expect(envFileText({ A: "p$ss#word", B: "x\\$y" })).toBe("A='p\\$ss#word'\nB='x\\\\$y'\n");
    expect(() => envFileText({ SECRET: "it's" })).toThrow(/^SECRET contains/);
  });
});
