import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../helpers/api";
import { installToolServer, seen } from "./fakes/tool-server";
import { connected } from "./helpers";

beforeAll(() => installToolServer());

describe("connector tools in the request's locale", () => {
  it("GET tools, sync-tools and tool creation answer a built-in tool's texts in `locale`", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const slack = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: "slack", displayName: "Slack" } })
    ).body.data;
    await call("POST", `/connectors/instances/${slack.id}/credentials`, {
      ...as,
      body: { credType: "oauth2", credentials: { access_token: "a" } },
    });
    const text = (tools: Array<{ toolKey: string; displayName: string }>) =>
      tools.find((tool) => tool.toolKey === "list_channels")?.displayName;

    const synced = await call("POST", `/connectors/instances/${slack.id}/sync-tools?locale=de-AT`, as);
    expect(synced.status).toBe(200);
    expect(text(synced.body.data)).toBe("Kanäle auflisten");
    expect(synced.body.data.find((tool: { toolKey: string }) => tool.toolKey === "list_channels").description).toMatch(
      /^Listet die Slack-Kanäle/,
    );
    expect(text((await call("GET", `/connectors/instances/${slack.id}/tools?locale=fr`, as)).body.data)).toBe(
      "Lister les canaux",
    );
    expect(text((await call("GET", `/connectors/instances/${slack.id}/tools`, as)).body.data)).toBe("List channels");
    expect(text((await call("GET", `/connectors/instances/${slack.id}/tools?locale=xx`, as)).body.data)).toBe(
      "List channels",
    );
  });

  it("a custom tool keeps the text its author gave, in any locale", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const created = await call("POST", `/connectors/instances/${instanceId}/tools?locale=de`, {
      ...as,
      body: {
        toolKey: "mine",
        displayName: "My tool",
        inputSchema: { type: "object" },
        outputSchema: { type: "object" },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.displayName).toBe("My tool");
  });
});

describe("a disabled instance", () => {
  it("test and sync-tools are 409 CONNECTOR_ERROR before any contact with the provider", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    expect(
      (await call("PATCH", `/connectors/instances/${instanceId}`, { ...as, body: { enabled: false } })).status,
    ).toBe(200);
    const before = seen.length;
    const tested = await call("POST", `/connectors/instances/${instanceId}/test`, as);
    expectError(tested, 409, "CONNECTOR_ERROR");
    expect(tested.body.error.message).toBe("The instance is disabled; enable it first");
    expectError(await call("POST", `/connectors/instances/${instanceId}/sync-tools`, as), 409, "CONNECTOR_ERROR");
    expect(seen.length).toBe(before);
    // Nothing moved: the instance was not marked error by a health check.
    expect((await call("GET", `/connectors/instances/${instanceId}`, as)).body.data).toMatchObject({
      status: "active",
      enabled: false,
      lastHealthCheck: null,
    });
    expect(
      (await call("PATCH", `/connectors/instances/${instanceId}`, { ...as, body: { enabled: true } })).status,
    ).toBe(200);
    expect((await call("POST", `/connectors/instances/${instanceId}/test`, as)).body.data).toMatchObject({ ok: true });
  });
});
