import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError, expectFieldError, expectShape } from "../helpers/api";
import { definitionSchema, instanceSchema, toolSchema } from "../../src/domains/connectors/http/schemas";
import { installToolServer, seen, TOOL_HOST } from "./fakes/tool-server";
import { businessTeam, connected, SECRET_TOKEN } from "./helpers";
import { awaitRoomInWindow } from "../helpers/rate-window";

beforeAll(() => installToolServer());

const noSecret = (body: unknown) => expect(JSON.stringify(body)).not.toContain(SECRET_TOKEN);

describe("connector definitions", () => {
  it("lists the 8 built-ins (public metadata, translated, de-AT falls back to de) and filters", async () => {
    const user = await createUser();
    const all = await call("GET", "/connectors", { token: user.accessToken });
    expect(all.status).toBe(200);
    const keys = all.body.data.map((d: { key: string }) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "slack",
        "gmail",
        "google-drive",
        "google-calendar",
        "notion",
        "figma",
        "sql-database",
        "mcp-generic",
      ]),
    );
    for (const d of all.body.data) expectShape(definitionSchema, d);
    expect(JSON.stringify(all.body)).not.toMatch(/authConfig|client_secret|token_url/i);
    const de = await call("GET", "/connectors?locale=de-AT&category=productivity", { token: user.accessToken });
    expect(de.body.data.find((d: { key: string }) => d.key === "google-calendar").displayName).toBe("Google Kalender");
    expect(de.body.data.every((d: { category: string }) => d.category === "productivity")).toBe(true);
    const unknown = await call("GET", "/connectors/google-calendar?locale=xx", { token: user.accessToken });
    expect(unknown.body.data.displayName).toBe("Google Calendar");
    // Slack has a client id in the test bindings; Gmail has none, so it is inactive.
    const active = await call("GET", "/connectors?isActive=false", { token: user.accessToken });
    const inactiveKeys = active.body.data.map((d: { key: string }) => d.key);
    expect(inactiveKeys).toContain("gmail");
    expect(inactiveKeys).not.toContain("slack");
  });

  it("creates a custom definition (409 for a duplicate or built-in key, 400 for a bad key), hides authConfig, deletes it", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const body = {
      key: "my-crm",
      displayName: "CRM",
      authType: "oauth2",
      authConfig: {
        client_id: "abc",
        authorization_url: "https://crm.example.com/authorize",
        token_url: "https://crm.example.com/token",
        client_secret: "s3cr3t",
      },
    };
    const created = await call("POST", "/connectors/definitions", { ...as, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ key: "my-crm", category: "custom", isSystem: false, isActive: true });
    expect(JSON.stringify(created.body)).not.toContain("s3cr3t");
    expect(JSON.stringify((await call("GET", "/connectors/my-crm", as)).body)).not.toContain("authConfig");
    expectError(await call("POST", "/connectors/definitions", { ...as, body }), 409, "conflict");
    expectError(
      await call("POST", "/connectors/definitions", { ...as, body: { ...body, key: "slack" } }),
      409,
      "conflict",
    );
    expectFieldError(
      await call("POST", "/connectors/definitions", { ...as, body: { ...body, key: "Bad_Key" } }),
      "key",
    );
    // Another account does not see it.
    const other = await createUser();
    expectError(await call("GET", "/connectors/my-crm", { token: other.accessToken }), 404, "NOT_FOUND");
    expectError(await call("DELETE", "/connectors/definitions/slack", as), 403, "forbidden");
    expect((await call("DELETE", "/connectors/definitions/my-crm", as)).body.data).toEqual({ deleted: true });
    expectError(await call("GET", "/connectors/my-crm", as), 404, "NOT_FOUND");
  });

  it("deleting a definition deletes its instances; a workspace member may not delete", async () => {
    const { owner, member, teamId } = await businessTeam();
    const { key, instanceId } = await connected(owner, { workspaceId: teamId, scope: "team" });
    expectError(
      await call("DELETE", `/connectors/definitions/${key}`, { token: member.accessToken, workspaceId: teamId }),
      403,
      "forbidden",
    );
    expect(
      (await call("DELETE", `/connectors/definitions/${key}`, { token: owner.accessToken, workspaceId: teamId }))
        .status,
    ).toBe(200);
    expectError(
      await call("GET", `/connectors/instances/${instanceId}`, { token: owner.accessToken, workspaceId: teamId }),
      404,
      "NOT_FOUND",
    );
  });

  it("creating a custom definition in a workspace takes the account owner or a workspace owner/admin; a member gets 403", async () => {
    const { owner, admin, member, teamId } = await businessTeam();
    const body = (key: string) => ({ key, displayName: "Tools", authType: "bearer_token" });
    const key = `members-${crypto.randomUUID().slice(0, 8)}`;
    const refused = await call("POST", "/connectors/definitions", {
      token: member.accessToken,
      workspaceId: teamId,
      body: body(key),
    });
    expectError(refused, 403, "forbidden");
    // Nothing was taken: the key is still free in the team's account.
    expectError(
      await call("GET", `/connectors/${key}`, { token: owner.accessToken, workspaceId: teamId }),
      404,
      "NOT_FOUND",
    );
    expect(
      (
        await call("POST", "/connectors/definitions", {
          token: admin.accessToken,
          workspaceId: teamId,
          body: body(key),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call("POST", "/connectors/definitions", {
          token: owner.accessToken,
          workspaceId: teamId,
          body: body(`${key}-2`),
        })
      ).status,
    ).toBe(201);
    // In their own account the member is its owner.
    expect((await call("POST", "/connectors/definitions", { token: member.accessToken, body: body(key) })).status).toBe(
      201,
    );
  });

  it("deleting a definition retires it: team instances and the caller's own go, other people's personal instances stay unavailable; the key is free again", async () => {
    const { owner, admin, member, teamId } = await businessTeam();
    const inTeam = (user: { accessToken: string }) => ({ token: user.accessToken, workspaceId: teamId });
    const { key, instanceId: teamInstance } = await connected(owner, { workspaceId: teamId, scope: "team" });
    const personal = async (user: { accessToken: string }) => {
      const created = await call("POST", "/connectors/instances", {
        ...inTeam(user),
        body: { connectorKey: key, displayName: "Mine", config: { baseUrl: TOOL_HOST } },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      await call("POST", `/connectors/instances/${id}/credentials`, {
        ...inTeam(user),
        body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
      });
      const tool = await call("POST", `/connectors/instances/${id}/tools`, {
        ...inTeam(user),
        body: {
          toolKey: "echo",
          displayName: "Echo",
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
        },
      });
      await call("POST", `/connectors/instances/${id}/tools/${tool.body.data.id}/execute`, {
        ...inTeam(user),
        body: { input: { text: "kept" } },
      });
      return { id, toolId: tool.body.data.id as string };
    };
    const membersOwn = await personal(member);
    const adminsOwn = await personal(admin);
    const [definition] = (
      await env.DB.prepare("SELECT id FROM connector_definitions WHERE key = ?").bind(key).all<{ id: string }>()
    ).results;

    expect((await call("DELETE", `/connectors/definitions/${key}`, inTeam(admin))).body.data).toEqual({
      deleted: true,
    });
    expectError(await call("GET", `/connectors/instances/${teamInstance}`, inTeam(owner)), 404, "NOT_FOUND");
    expectError(await call("GET", `/connectors/instances/${adminsOwn.id}`, inTeam(admin)), 404, "NOT_FOUND");
    // Hidden from the catalogue.
    expectError(await call("GET", `/connectors/${key}`, inTeam(owner)), 404, "NOT_FOUND");
    expect(
      (await call("GET", "/connectors", inTeam(owner))).body.data.map((d: { key: string }) => d.key),
    ).not.toContain(key);
    expectError(await call("DELETE", `/connectors/definitions/${key}`, inTeam(owner)), 404, "NOT_FOUND");

    // The member's instance is still theirs: unavailable, with its credentials and history, until they delete it.
    const kept = await call("GET", `/connectors/instances/${membersOwn.id}`, inTeam(member));
    expect(kept.body.data).toMatchObject({
      authorizationState: "unavailable",
      provider: null,
      permissions: { canManage: true },
    });
    expect(
      (await call("GET", `/connectors/instances/${membersOwn.id}/credentials/status`, inTeam(member))).body.data
        .configured,
    ).toBe(true);
    expect(
      (await call("GET", `/connectors/instances/${membersOwn.id}/executions`, inTeam(member))).body.meta.total,
    ).toBe(1);
    expectError(
      await call("POST", `/connectors/instances/${membersOwn.id}/tools/${membersOwn.toolId}/execute`, {
        ...inTeam(member),
        body: { input: {} },
      }),
      409,
      "CONNECTOR_ERROR",
    );

    // The key is free: a new definition under it does not adopt the old instance.
    expect(
      (
        await call("POST", "/connectors/definitions", {
          ...inTeam(owner),
          body: { key, displayName: "New tools", authType: "bearer_token" },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call("GET", `/connectors/instances/${membersOwn.id}`, inTeam(member))).body.data.authorizationState,
    ).toBe("unavailable");

    // The retired row goes with its last instance.
    expect((await call("DELETE", `/connectors/instances/${membersOwn.id}`, inTeam(member))).body.data).toEqual({
      id: membersOwn.id,
      deleted: true,
    });
    expect(
      await env.DB.prepare("SELECT id FROM connector_definitions WHERE id = ?").bind(definition!.id).first(),
    ).toBeNull();
    expect((await call("GET", `/connectors/${key}`, inTeam(owner))).body.data.displayName).toBe("New tools");
  });
});

describe("connector instances", () => {
  it("creates (pending_auth, authorization_required), lists, reads, patches and deletes a custom instance", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    await call("POST", "/connectors/definitions", {
      ...as,
      body: {
        key: "crm-a",
        displayName: "CRM",
        authType: "api_key",
        configSchema: { type: "object", properties: { baseUrl: { type: "string" } }, required: ["baseUrl"] },
      },
    });
    expectFieldError(
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: "crm-a", displayName: "x", config: {} },
      }),
      "config.baseUrl",
    );
    expectFieldError(
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: "crm-a", displayName: "x".repeat(256), config: { baseUrl: "https://a.example" } },
      }),
      "displayName",
    );
    expectError(
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "nope", displayName: "x" } }),
      404,
      "NOT_FOUND",
    );
    const created = await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: "crm-a", displayName: "CRM", config: { baseUrl: "https://a.example" } },
    });
    expect(created.status).toBe(201);
    const instance = expectShape(instanceSchema, created.body.data);
    expect(instance).toMatchObject({
      status: "pending_auth",
      enabled: true,
      scope: "personal",
      workspaceId: null,
      availableInWorkspaceId: user.personalWorkspaceId,
      ownership: { ownerUserId: user.id, ownerWorkspaceId: null },
      permissions: { canRead: true, canManage: true, canExecute: true },
      authorizationState: "authorization_required",
      provider: { key: "crm-a", category: "custom" },
    });
    const list = await call("GET", "/connectors/instances?limit=1", as);
    expect(list.body.meta).toMatchObject({ total: 1, limit: 1, offset: 0, hasNextPage: false });
    expectFieldError(await call("GET", "/connectors/instances?limit=101", as), "limit");
    const patched = await call("PATCH", `/connectors/instances/${instance.id}`, {
      ...as,
      body: { displayName: "Renamed", enabled: false },
    });
    expect(patched.body.data).toMatchObject({
      displayName: "Renamed",
      enabled: false,
      authorizationState: "unavailable",
      provider: null,
    });
    expectFieldError(
      await call("PATCH", `/connectors/instances/${instance.id}`, { ...as, body: { config: { baseUrl: 5 } } }),
      "config.baseUrl",
    );
    // Disabled instances stay in the list.
    expect((await call("GET", "/connectors/instances", as)).body.data[0].enabled).toBe(false);
    expect((await call("DELETE", `/connectors/instances/${instance.id}`, as)).body.data).toEqual({
      id: instance.id,
      deleted: true,
    });
    expectError(await call("GET", `/connectors/instances/${instance.id}`, as), 404, "NOT_FOUND");
  });

  it("a built-in OAuth SaaS instance is disabled on DELETE; an inactive provider makes it unavailable", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const slack = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "slack", displayName: "Slack" } })
    ).body.data;
    expect(slack.authorizationState).toBe("authorization_required");
    expect((await call("DELETE", `/connectors/instances/${slack.id}`, as)).body.data).toEqual({
      id: slack.id,
      deleted: false,
      enabled: false,
    });
    expect((await call("GET", `/connectors/instances/${slack.id}`, as)).body.data.enabled).toBe(false);
    const gmail = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "gmail", displayName: "Mail" } })
    ).body.data;
    expect(gmail).toMatchObject({ authorizationState: "unavailable", provider: null });
  });

  it("connected, then permission_restricted is impossible for the owner; a team member sees connected, executes but cannot manage", async () => {
    const { owner, admin, member, outsider, teamId } = await businessTeam();
    const { instanceId, toolId } = await connected(owner, { workspaceId: teamId, scope: "team" });
    const read = (token: string) => call("GET", `/connectors/instances/${instanceId}`, { token, workspaceId: teamId });
    expect((await read(owner.accessToken)).body.data).toMatchObject({
      authorizationState: "connected",
      workspaceId: teamId,
      permissions: { canManage: true },
    });
    expect((await read(admin.accessToken)).body.data.permissions).toEqual({
      canRead: true,
      canManage: true,
      canExecute: true,
    });
    expect((await read(member.accessToken)).body.data.permissions).toEqual({
      canRead: true,
      canManage: false,
      canExecute: true,
    });
    expectError(
      await call("GET", `/connectors/instances/${instanceId}`, { token: outsider.accessToken }),
      404,
      "NOT_FOUND",
    );
    // The owner acting in their personal workspace does not see the team instance.
    expectError(
      await call("GET", `/connectors/instances/${instanceId}`, { token: owner.accessToken }),
      404,
      "NOT_FOUND",
    );
    const m = { token: member.accessToken, workspaceId: teamId };
    // The member's 403 on every manage operation (each one the document marks `x-permission: manage`)
    // is checked by the shared access suite: test/access.test.ts, fixture in test/connectors/access.ts.
    const executed = await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
      ...m,
      body: { input: { text: "hi" } },
    });
    expect(executed.body.data).toMatchObject({ success: true, output: { echoed: { text: "hi" } } });
    // Members create personal instances only; team scope needs owner/admin of a business workspace.
    expectError(
      await call("POST", "/connectors/instances", {
        ...m,
        body: { connectorKey: "slack", displayName: "x", scope: "team" },
      }),
      403,
      "forbidden",
    );
    const free = await createUser();
    expectError(
      await call("POST", "/connectors/instances", {
        token: free.accessToken,
        body: { connectorKey: "slack", displayName: "x", scope: "team" },
      }),
      403,
      "forbidden",
    );
    const scoped = await call("GET", "/connectors/instances?scope=personal", {
      token: owner.accessToken,
      workspaceId: teamId,
    });
    expect(scoped.body.data).toEqual([]);
  });

  it("plan admission comes first: no connectors entitlement is 403 even for a foreign id; no token is 401", async () => {
    const user = await createUser({ entitlements: ["ai"] });
    const foreign = crypto.randomUUID();
    const routes: [string, string][] = [
      ["GET", "/connectors"],
      ["GET", "/connectors/slack"],
      ["POST", "/connectors/definitions"],
      ["DELETE", "/connectors/definitions/x1"],
      ["GET", "/connectors/instances"],
      ["POST", "/connectors/instances"],
      ["GET", `/connectors/instances/${foreign}`],
      ["PATCH", `/connectors/instances/${foreign}`],
      ["DELETE", `/connectors/instances/${foreign}`],
      ["POST", `/connectors/instances/${foreign}/test`],
      ["POST", `/connectors/instances/${foreign}/credentials`],
      ["GET", `/connectors/instances/${foreign}/credentials/status`],
      ["DELETE", `/connectors/instances/${foreign}/credentials`],
      ["GET", `/connectors/instances/${foreign}/tools`],
      ["POST", `/connectors/instances/${foreign}/sync-tools`],
      ["POST", `/connectors/instances/${foreign}/tools`],
      ["PATCH", `/connectors/instances/${foreign}/tools/${foreign}`],
      ["POST", `/connectors/instances/${foreign}/tools/${foreign}/execute`],
      ["GET", `/connectors/instances/${foreign}/executions`],
    ];
    const other = await createUser();
    const { instanceId, toolId } = await connected(other);
    for (const [method, path] of routes) {
      expectError(
        await call(method, path, { body: method === "GET" || method === "DELETE" ? undefined : {} }),
        401,
        "unauthorized",
      );
      expectError(
        await call(method, path, {
          token: user.accessToken,
          body: method === "GET" || method === "DELETE" ? undefined : {},
        }),
        403,
        "forbidden",
      );
      if (path.includes(foreign)) {
        // Another person's real instance is as unknown as a random id.
        const realPath = path.replace(foreign, instanceId).replace(foreign, toolId);
        const stranger = await createUser();
        const body =
          method === "POST" && realPath.endsWith("/execute")
            ? { input: { text: "x" } }
            : method === "PATCH" && realPath.includes("/tools/")
              ? { enabled: false }
              : method === "POST" && realPath.endsWith("/credentials")
                ? { credType: "bearer_token", credentials: { token: "t" } }
                : method === "POST" && realPath.endsWith("/tools")
                  ? { toolKey: "t", displayName: "t", inputSchema: {}, outputSchema: {} }
                  : method === "PATCH"
                    ? { displayName: "x" }
                    : undefined;
        expectError(await call(method, realPath, { token: stranger.accessToken, body }), 404, "NOT_FOUND");
      }
    }
  });
});

describe("credentials", () => {
  it("stores (active), reports status, rejects wrong credType and missing keys, deletes (pending_auth); never returns the secret", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const status = await call("GET", `/connectors/instances/${instanceId}/credentials/status`, as);
    expect(status.body.data).toEqual({ configured: true, credType: "bearer_token", expiresAt: null, scopes: null });
    expect((await call("GET", `/connectors/instances/${instanceId}`, as)).body.data.status).toBe("active");
    expectFieldError(
      await call("POST", `/connectors/instances/${instanceId}/credentials`, {
        ...as,
        body: { credType: "api_key", credentials: { apiKey: "k" } },
      }),
      "credType",
    );
    expectFieldError(
      await call("POST", `/connectors/instances/${instanceId}/credentials`, {
        ...as,
        body: { credType: "bearer_token", credentials: {} },
      }),
      "credentials.token",
    );
    const deleted = await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as);
    expect(deleted.body.data).toMatchObject({ id: expect.any(String), instanceId, credType: "bearer_token" });
    noSecret(deleted.body);
    expect((await call("GET", `/connectors/instances/${instanceId}`, as)).body.data).toMatchObject({
      status: "pending_auth",
      authorizationState: "authorization_required",
    });
    expect((await call("GET", `/connectors/instances/${instanceId}/credentials/status`, as)).body.data.configured).toBe(
      false,
    );
  });

  it("DELETE credentials with nothing stored is 409 CONNECTOR_ERROR; an unknown instance stays 404", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    expect((await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as)).status).toBe(200);
    const again = await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as);
    expectError(again, 409, "CONNECTOR_ERROR");
    expect(again.body.error.message).toBe("No credentials are stored");
    const fresh = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "slack", displayName: "Slack" } })
    ).body.data;
    expectError(await call("DELETE", `/connectors/instances/${fresh.id}/credentials`, as), 409, "CONNECTOR_ERROR");
    expectError(await call("DELETE", `/connectors/instances/${crypto.randomUUID()}/credentials`, as), 404, "NOT_FOUND");
  });

  it("oauth2 credentials record their expiry and scopes", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const slack = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "slack", displayName: "Slack" } })
    ).body.data;
    const stored = await call("POST", `/connectors/instances/${slack.id}/credentials`, {
      ...as,
      body: {
        credType: "oauth2",
        credentials: { access_token: SECRET_TOKEN, expires_in: 3600 },
        scopes: ["chat:write"],
      },
    });
    expect(stored.status).toBe(200);
    noSecret(stored.body);
    const status = (await call("GET", `/connectors/instances/${slack.id}/credentials/status`, as)).body.data;
    expect(status).toMatchObject({ configured: true, credType: "oauth2", scopes: ["chat:write"] });
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now());
    expect((await call("GET", `/connectors/instances/${slack.id}`, as)).body.data.authorizationState).toBe("connected");
  });
});

describe("tools and execution", () => {
  it("executes through the custom HTTP runner with the bearer token, records sealed history newest first", async () => {
    const user = await createUser();
    const { instanceId, toolId, as } = await connected(user);
    const tools = await call("GET", `/connectors/instances/${instanceId}/tools?locale=de`, as);
    expect(expectShape(toolSchema, tools.body.data[0])).toMatchObject({
      toolKey: "echo",
      source: "manual",
      isActive: true,
    });
    const before = seen.length;
    const result = await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
      ...as,
      body: { input: { text: "hello" } },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      success: true,
      output: { echoed: { text: "hello" }, sawAuth: true },
      error: null,
      httpStatus: 200,
    });
    expect(typeof result.body.data.durationMs).toBe("number");
    expect(seen[before]).toMatchObject({
      url: "https://tools.fake-connector.test/echo",
      authorization: `Bearer ${SECRET_TOKEN}`,
    });
    noSecret(result.body);
    await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
      ...as,
      body: { input: { text: "second" } },
    });
    const history = await call("GET", `/connectors/instances/${instanceId}/executions?limit=1`, as);
    expect(history.body.meta).toMatchObject({ total: 2, limit: 1, offset: 0, hasNextPage: true });
    expect(history.body.data[0]).toMatchObject({
      toolKey: "echo",
      status: "success",
      actorId: user.id,
      actorType: "user",
      runId: null,
      httpStatus: 200,
    });
    expect(JSON.stringify(history.body)).not.toMatch(/second|hello|input|output/);
    // The payloads live in R2 (`executions/<id>`), sealed: neither the input nor the output's text.
    const ids = (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.data.map(
      (record: { id: string }) => record.id,
    );
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const stored = await env.BLOBS.get(`executions/${id}`);
      expect(stored, id).not.toBeNull();
      expect(await stored!.text()).not.toMatch(/hello|second|echoed|sawAuth/);
    }
  });

  it("a provider failure is a result with success false; garbage or no answer is 502 CONNECTION_FAILED (both recorded)", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const add = async (toolKey: string) =>
      (
        await call("POST", `/connectors/instances/${instanceId}/tools`, {
          ...as,
          body: { toolKey, displayName: toolKey, inputSchema: { type: "object" }, outputSchema: { type: "object" } },
        })
      ).body.data.id;
    const run = async (toolKey: string) =>
      call("POST", `/connectors/instances/${instanceId}/tools/${await add(toolKey)}/execute`, {
        ...as,
        body: { input: {} },
      });
    expect((await run("fail")).body.data).toEqual({
      success: false,
      output: {},
      error: "quota exhausted",
      httpStatus: 422,
      durationMs: expect.any(Number),
    });
    expectError(await run("garbage"), 502, "CONNECTION_FAILED");
    expectError(await run("down"), 502, "CONNECTION_FAILED");
    const history = await call("GET", `/connectors/instances/${instanceId}/executions`, as);
    expect(history.body.data.map((e: { status: string }) => e.status)).toEqual(["error", "error", "error"]);
  });

  it("checks in CONTRACT order: tool 404, disabled tool 409, approval 403 localized and nothing sent, input 400, rate limit 429", async () => {
    const user = await createUser();
    const { instanceId, toolId, as } = await connected(user);
    const execute = (id: string, input: unknown, query = "") =>
      call("POST", `/connectors/instances/${instanceId}/tools/${id}/execute${query}`, { ...as, body: { input } });
    expectError(await execute(crypto.randomUUID(), { text: "x" }), 404, "NOT_FOUND");
    expectFieldError(await execute(toolId, { text: 5 }), "input.text");
    expectFieldError(await execute(toolId, {}), "input.text", "is required");
    expect(
      (await call("PATCH", `/connectors/instances/${instanceId}/tools/${toolId}`, { ...as, body: { enabled: false } }))
        .body.data,
    ).toEqual({ id: toolId, isActive: false });
    expectError(await execute(toolId, { text: "x" }), 409, "CONNECTOR_ERROR");
    const approval = (
      await call("POST", `/connectors/instances/${instanceId}/tools`, {
        ...as,
        body: {
          toolKey: "send",
          displayName: "Send",
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
          requiresApproval: true,
        },
      })
    ).body.data;
    const before = seen.length;
    const refused = await execute(approval.id, {}, "?locale=de-AT");
    expectError(refused, 403, "connector_tool_approval_required");
    expect(refused.body.error.message).toMatch(/Freigabe/);
    expect(seen.length).toBe(before);
    const limited = (
      await call("POST", `/connectors/instances/${instanceId}/tools`, {
        ...as,
        body: {
          toolKey: "echo2",
          displayName: "x",
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
          rateLimitRpm: 2,
        },
      })
    ).body.data;
    // The three calls must fall in one fixed one-minute window, or the third one is allowed.
    await awaitRoomInWindow(60, 5000);
    const results = await Promise.all([1, 2, 3].map(() => execute(limited.id, {})));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    expectError(results.find((r) => r.status === 429)!, 429, "RATE_LIMIT_EXCEEDED");
    // Without credentials the instance is not usable.
    await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as);
    expectError(await execute(limited.id, {}), 409, "CONNECTOR_ERROR");
  });

  it("custom tools: only on custom connectors, schemas must be JSON Schema, duplicate key 409", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const body = { toolKey: "t1", displayName: "T", inputSchema: { type: "object" }, outputSchema: { type: "object" } };
    expectFieldError(
      await call("POST", `/connectors/instances/${instanceId}/tools`, {
        ...as,
        body: { ...body, inputSchema: { type: "banana" } },
      }),
      "inputSchema",
    );
    expect((await call("POST", `/connectors/instances/${instanceId}/tools`, { ...as, body })).status).toBe(201);
    expectError(await call("POST", `/connectors/instances/${instanceId}/tools`, { ...as, body }), 409, "conflict");
    const slack = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "slack", displayName: "Slack" } })
    ).body.data;
    expectError(await call("POST", `/connectors/instances/${slack.id}/tools`, { ...as, body }), 403, "forbidden");
    // sync-tools keeps manual tools; a built-in's sync upserts its adapter's tools.
    expect((await call("POST", `/connectors/instances/${instanceId}/sync-tools`, as)).body.data.length).toBe(2);
    await call("POST", `/connectors/instances/${slack.id}/credentials`, {
      ...as,
      body: { credType: "oauth2", credentials: { access_token: "a" } },
    });
    const synced = await call("POST", `/connectors/instances/${slack.id}/sync-tools`, as);
    expect(synced.status).toBe(200);
    expect(
      synced.body.data
        .map((tool: { toolKey: string; requiresApproval: boolean; source: string }) => [
          tool.toolKey,
          tool.requiresApproval,
          tool.source,
        ])
        .sort(),
    ).toEqual([
      ["list_channels", false, "auto_discovered"],
      ["post_message", true, "auto_discovered"],
      ["read_channel_history", false, "auto_discovered"],
      ["search_messages", false, "auto_discovered"],
    ]);
  });
});

describe("test endpoint", () => {
  it("tests a connection, moves active to error and back; 409 without credentials", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const okResult = await call("POST", `/connectors/instances/${instanceId}/test`, as);
    expect(okResult.body.data).toMatchObject({
      ok: true,
      status: "active",
      latencyMs: expect.any(Number),
      checkedAt: expect.any(String),
    });
    await call("POST", `/connectors/instances/${instanceId}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: "bad-token" } },
    });
    const bad = await call("POST", `/connectors/instances/${instanceId}/test`, as);
    expect(bad.body.data).toMatchObject({ ok: false, status: "error" });
    expect((await call("GET", `/connectors/instances/${instanceId}`, as)).body.data).toMatchObject({
      status: "error",
      healthMessage: expect.stringContaining("401"),
    });
    await call("POST", `/connectors/instances/${instanceId}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
    });
    expect((await call("POST", `/connectors/instances/${instanceId}/test`, as)).body.data.status).toBe("active");
    await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as);
    expectError(await call("POST", `/connectors/instances/${instanceId}/test`, as), 409, "CONNECTOR_ERROR");
  });
});
