import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { refusedUrlFields } from "../../src/domains/connectors/adapters/destinations";
import { call, createUser, expectError, expectFieldError } from "../helpers/api";
import { installFakeHost, json, record, type RecordedRequest } from "./fakes/fake-host";
import { installToolServer, seen, TOOL_HOST } from "./fakes/tool-server";
import { businessTeam, connected, SECRET_TOKEN } from "./helpers";

/**
 * CONTRACT "Outbound safety": every URL in an instance's `config` and a definition's `authConfig` is
 * checked when stored (400 naming the field), and again before a call; a new destination clears the
 * stored credentials.
 */
const NEW_HOST = "https://new-tools.fake.test";
const newHostSaw: RecordedRequest[] = [];

beforeAll(() => {
  installToolServer();
  installFakeHost(NEW_HOST, async (raw) => {
    const request = await record(raw, newHostSaw);
    return json({ at: "new host", path: request.url.pathname });
  });
});

describe("URLs are checked when stored", () => {
  it("an mcp-generic serverUrl on loopback is 400 naming config.serverUrl (create and update)", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const refused = await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: "http://127.0.0.1:9/mcp" } },
    });
    expectFieldError(refused, "config.serverUrl", /Only https/);
    expectFieldError(
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: "https://127.0.0.1:9/mcp" } },
      }),
      "config.serverUrl",
      /IP addresses/,
    );
    expect((await call("GET", "/connectors/instances", as)).body.data).toEqual([]);
    const created = await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: "https://mcp.example.com/mcp" } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expectFieldError(
      await call("PATCH", `/connectors/instances/${id}`, {
        ...as,
        body: { config: { serverUrl: "https://metadata.google.internal/mcp" } },
      }),
      "config.serverUrl",
      /not a public address/,
    );
    expect((await call("GET", `/connectors/instances/${id}`, as)).body.data.config).toEqual({
      serverUrl: "https://mcp.example.com/mcp",
    });
  });

  it("a custom instance's baseUrl and any other URL in its config, nested too", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const key = `dest-${crypto.randomUUID().slice(0, 8)}`;
    await call("POST", "/connectors/definitions", { ...as, body: { key, displayName: "T", authType: "bearer_token" } });
    const create = (config: Record<string, unknown>) =>
      call("POST", "/connectors/instances", { ...as, body: { connectorKey: key, displayName: "T", config } });
    expectFieldError(await create({ baseUrl: "https://10.0.0.1/api" }), "config.baseUrl");
    expectFieldError(await create({ baseUrl: "not a url" }), "config.baseUrl", /not a valid absolute URL/);
    expectFieldError(
      await create({ baseUrl: "https://api.example.com", hooks: { upload: "https://localhost/upload" } }),
      "config.hooks.upload",
    );
    expectFieldError(
      await create({ baseUrl: "https://api.example.com", replica: "postgres://app:pw@10.1.2.3:5432/db" }),
      "config.replica",
    );
    expect(
      (await create({ baseUrl: "https://api.example.com", note: "plain text, not a URL", region: "eu" })).status,
    ).toBe(201);
  });

  it("every URL in a definition's authConfig, whatever its authType", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const key = `dest-auth-${crypto.randomUUID().slice(0, 8)}`;
    expectFieldError(
      await call("POST", "/connectors/definitions", {
        ...as,
        body: {
          key,
          displayName: "T",
          authType: "bearer_token",
          authConfig: { tokenUrl: "https://169.254.169.254/latest/meta-data" },
        },
      }),
      "authConfig.tokenUrl",
    );
    expectFieldError(
      await call("POST", "/connectors/definitions", {
        ...as,
        body: {
          key,
          displayName: "T",
          authType: "oauth2",
          authConfig: {
            client_id: "c",
            authorization_url: "https://auth.example.com/a",
            token_url: "http://127.0.0.1:9/token",
          },
        },
      }),
      "authConfig.token_url",
    );
    expectError(await call("GET", `/connectors/${key}`, as), 404, "NOT_FOUND");
  });

  it("the rules are the call's: ALLOW_PRIVATE_HOSTS exempts listed hosts (host or host:port)", () => {
    const config = { serverUrl: "http://127.0.0.1:9/mcp", other: "https://10.0.0.1/x" };
    expect(refusedUrlFields(config, "config", "").map((f) => f.field)).toEqual(["config.serverUrl", "config.other"]);
    expect(refusedUrlFields(config, "config", "127.0.0.1:9").map((f) => f.field)).toEqual(["config.other"]);
    expect(refusedUrlFields(config, "config", "127.0.0.1, 10.0.0.1")).toEqual([]);
  });
});

describe("URLs are checked again when called", () => {
  it("a stored URL the rules refuse is 400 naming its config field, before anything is sent or recorded", async () => {
    const user = await createUser();
    const { instanceId, toolId, as } = await connected(user);
    // Stored before the rule (or while the allow list named the host).
    await env.DB.prepare("UPDATE connector_instances SET config = ? WHERE id = ?")
      .bind(JSON.stringify({ baseUrl: "https://192.168.1.10" }), instanceId)
      .run();
    const before = seen.length;
    expectFieldError(
      await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
        ...as,
        body: { input: { text: "x" } },
      }),
      "config.baseUrl",
      /IP addresses/,
    );
    expectFieldError(await call("POST", `/connectors/instances/${instanceId}/test`, as), "config.baseUrl");
    expect(seen.length).toBe(before);
    expect((await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.meta.total).toBe(0);

    const mcp = await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: "https://mcp.example.com/mcp" } },
    });
    await call("POST", `/connectors/instances/${mcp.body.data.id}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
    });
    await env.DB.prepare("UPDATE connector_instances SET config = ? WHERE id = ?")
      .bind(JSON.stringify({ serverUrl: "http://127.0.0.1:9/mcp" }), mcp.body.data.id)
      .run();
    expectFieldError(
      await call("POST", `/connectors/instances/${mcp.body.data.id}/sync-tools`, as),
      "config.serverUrl",
    );
  });
});

describe("a new destination clears the stored credentials", () => {
  it("an admin changing a team instance's baseUrl: pending_auth, and the next call sends no token to the new host", async () => {
    const { owner, admin, member, teamId } = await businessTeam();
    const { instanceId, toolId } = await connected(owner, { workspaceId: teamId, scope: "team" });
    const as = (user: { accessToken: string }) => ({ token: user.accessToken, workspaceId: teamId });
    const moved = await call("PATCH", `/connectors/instances/${instanceId}`, {
      ...as(admin),
      body: { config: { baseUrl: NEW_HOST } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      status: "pending_auth",
      authorizationState: "authorization_required",
      config: { baseUrl: NEW_HOST },
    });
    expect(
      (await call("GET", `/connectors/instances/${instanceId}/credentials/status`, as(owner))).body.data,
    ).toMatchObject({ configured: false });

    const before = newHostSaw.length;
    expectError(
      await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
        ...as(member),
        body: { input: { text: "x" } },
      }),
      409,
      "CONNECTOR_ERROR",
    );
    expect(newHostSaw.length).toBe(before);

    // Credentials stored for the new host go there; the old token never does.
    await call("POST", `/connectors/instances/${instanceId}/credentials`, {
      ...as(admin),
      body: { credType: "bearer_token", credentials: { token: "token-for-the-new-host" } },
    });
    const ran = await call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, {
      ...as(member),
      body: { input: { text: "x" } },
    });
    expect(ran.body.data.output).toEqual({ at: "new host", path: "/echo" });
    expect(newHostSaw.slice(before).map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer token-for-the-new-host",
    ]);
    expect(JSON.stringify(newHostSaw.map((r) => [...r.headers]))).not.toContain(SECRET_TOKEN);
  });

  it("an MCP serverUrl change clears them too; a change that keeps every URL (or only renames) keeps them", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const status = async () =>
      (await call("GET", `/connectors/instances/${instanceId}/credentials/status`, as)).body.data.configured;
    expect(
      (
        await call("PATCH", `/connectors/instances/${instanceId}`, {
          ...as,
          body: { displayName: "Renamed", config: { baseUrl: TOOL_HOST, region: "eu" } },
        })
      ).body.data.status,
    ).toBe("active");
    expect(await status()).toBe(true);
    expect(
      (
        await call("PATCH", `/connectors/instances/${instanceId}`, {
          ...as,
          body: { config: { baseUrl: `${TOOL_HOST}/v2` } },
        })
      ).body.data.status,
    ).toBe("pending_auth");
    expect(await status()).toBe(false);

    const mcp = (
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: "https://mcp.example.com/mcp" } },
      })
    ).body.data;
    await call("POST", `/connectors/instances/${mcp.id}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
    });
    const patched = await call("PATCH", `/connectors/instances/${mcp.id}`, {
      ...as,
      body: { config: { serverUrl: "https://other-mcp.example.com/mcp" } },
    });
    expect(patched.body.data).toMatchObject({ status: "pending_auth", authorizationState: "authorization_required" });
    expect((await call("GET", `/connectors/instances/${mcp.id}/credentials/status`, as)).body.data.configured).toBe(
      false,
    );
  });
});
