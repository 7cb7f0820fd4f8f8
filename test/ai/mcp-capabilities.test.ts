import { describe, expect, it } from "vitest";
import { call, createUser, expectError, type TestUser } from "../helpers/api";
import { api, operator } from "../helpers/client";
import { gatewayToken, mcp, resultText } from "../helpers/mcp";
import { braveRequests } from "./fakes/search";
import { stop, usageOf } from "./helpers";
import { CAPABILITY_TOOLS } from "../helpers/mcp-tools";

/**
 * The assistant's capabilities on the MCP gateway (CONTRACT "Capabilities over MCP"): which tools
 * a token sees, a call run as a session's send (recorded in the caller's MCP session, priced and
 * debited), SSE with progress, the wait and `get_result`, refusals as tool errors, four at once.
 * Web search runs against Brave's fake; the answer is written by the first model `GET /ai/models`
 * lists (the OpenAI fake's).
 */

const toolsOf = async (token: string) =>
  ((await mcp(token, "tools/list")).result.tools as { name: string; inputSchema: any }[]).filter((tool) =>
    CAPABILITY_TOOLS.includes(tool.name),
  );
const search = (token: string, query: string, extra: Record<string, unknown> = {}, options = {}) =>
  mcp(token, "tools/call", { name: "web_search", arguments: { query, ...extra } }, options);

/** The caller's MCP sessions (title "MCP"), newest first. */
async function mcpSessions(user: TestUser) {
  const res = await api(user).GET("/api/v1/ai/sessions", { params: { query: { limit: 100 } } });
  return res.body.data!.filter((session) => session.title === "MCP");
}

async function withoutEntitlement(entitlement: string) {
  const user = await createUser();
  const account = await call("GET", "/me", { token: user.accessToken, ip: user.ip });
  const updated = await operator().PATCH("/api/v1/admin/users/{userId}/account", {
    params: { path: { userId: user.id } },
    body: { entitlements: (account.body.data.entitlements as string[]).filter((e) => e !== entitlement) },
  });
  expect(updated.status).toBe(200);
  return user;
}

describe("MCP capability tools: listing", () => {
  it("a first-party token and an OAuth token with ai:capabilities see every available capability and get_result; input schemas come from the parameters", async () => {
    const user = await createUser();
    const tools = await toolsOf(user.accessToken);
    expect(tools.map((t) => t.name)).toEqual(CAPABILITY_TOOLS);
    const webSearch = tools.find((t) => t.name === "web_search")!;
    expect(webSearch.inputSchema).toEqual({
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, description: expect.any(String) },
        maxResults: { type: "integer", minimum: 1, maximum: 20 },
      },
      required: ["query"],
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === "deep_research")!.inputSchema.properties.depth).toEqual({
      type: "string",
      enum: ["standard", "deep"],
    });
    expect(tools.find((t) => t.name === "get_result")!.inputSchema.required).toEqual(["runId"]);

    const capable = await gatewayToken(user, crypto.randomUUID(), "ai:capabilities");
    const listed = (await mcp(capable, "tools/list")).result.tools.map((t: { name: string }) => t.name);
    // Only capabilities: connector tools need execution:run.
    expect(listed).toEqual(CAPABILITY_TOOLS);
  });

  it("an OAuth token with execution:run only, and a plan without ai, see no capability tool; calling one is an unknown tool", async () => {
    const user = await createUser();
    const runOnly = await gatewayToken(user, crypto.randomUUID(), "execution:run");
    expect(await toolsOf(runOnly)).toEqual([]);
    const refused = await search(runOnly, "otters");
    expect(refused.messages[0].error).toEqual({ code: -32602, message: "Unknown tool: web_search" });

    const noAi = await withoutEntitlement("ai");
    expect(await toolsOf(noAi.accessToken)).toEqual([]);
  });

  it("a plan with neither connectors nor ai is refused at the door (403)", async () => {
    const user = await createUser();
    const updated = await operator().PATCH("/api/v1/admin/users/{userId}/account", {
      params: { path: { userId: user.id } },
      body: { entitlements: [] },
    });
    expect(updated.status).toBe(200);
    const res = await call("POST", "/mcp", {
      token: user.accessToken,
      ip: user.ip,
      body: { jsonrpc: "2.0", id: 1, method: "ping" },
    });
    expectError(res, 403, "forbidden");
    expect(res.body.error.message).toBe('Your plan does not include "connectors" or "ai"');
  });
});

describe("MCP capability tools: calls", () => {
  it("web_search answers with the cited answer and its sources, recorded in one MCP session per user and client, priced and counted", async () => {
    const user = await createUser();
    const before = braveRequests.length;
    const first = await search(user.accessToken, "quiet beaches near Lisbon", { maxResults: 3 });
    expect(first.status).toBe(200);
    expect(first.contentType).toContain("application/json");
    expect(first.result.isError).toBeUndefined();
    const text = resultText(first.result);
    expect(text).toContain("Sources:");
    expect(text).toContain("https://pages.fake.test/page/quiet-beaches-near-lisbon/1");
    expect(braveRequests.slice(before).map((r) => r.url.searchParams.get("count"))).toEqual(["3"]);
    const runId = first.result.structuredContent.runId as string;
    expect(first.result.structuredContent).toMatchObject({ status: "completed", media: [] });

    // The run is the caller's, in their MCP session: the run record, history and usage show it.
    const run = await api(user).GET("/api/v1/ai/runs/{runId}", { params: { path: { runId } } });
    expect(run.body.data).toMatchObject({ status: "completed" });
    const [session] = await mcpSessions(user);
    expect(session!.id).toBe(run.body.data!.sessionId);
    const usage = await usageOf(user, session!.id);
    expect(usage.runCount).toBe(1);
    expect(usage.costUnits).toEqual({ "search.brave": 1 });

    // A second call of the same client: the same session. Another client: its own.
    await search(user.accessToken, "tide pools");
    const client = await gatewayToken(user, crypto.randomUUID(), "ai:capabilities");
    const third = await search(client, "sea caves");
    expect(resultText(third.result)).toContain("Sources:");
    const sessions = await mcpSessions(user);
    expect(sessions).toHaveLength(2);
    expect((await usageOf(user, session!.id)).runCount).toBe(2);

    // Paid from the wallet, as a session's run: one usage entry per run.
    const entries = await api(user).GET("/api/v1/wallet/entries", { params: { query: { limit: 50 } } });
    expect(entries.body.data!.filter((entry) => entry.kind === "usage")).toHaveLength(3);
  });

  it("answers as SSE when Accept allows it: notifications/progress with the request's progressToken, then the response", async () => {
    const user = await createUser();
    const answer = await mcp(
      user.accessToken,
      "tools/call",
      { name: "web_search", arguments: { query: "kelp forests" }, _meta: { progressToken: "p-1" } },
      { sse: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain("text/event-stream");
    const progress = answer.messages.filter((m) => m.method === "notifications/progress");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.map((m) => m.params.progressToken)).toEqual(progress.map(() => "p-1"));
    expect(progress.map((m) => m.params.progress)).toEqual(progress.map((_, i) => i + 1));
    expect(progress[0].params.message).toBe("Started web.search");
    expect(answer.messages.at(-1)).toMatchObject({
      jsonrpc: "2.0",
      id: expect.any(Number),
      result: { content: expect.any(Array) },
    });
    expect(resultText(answer.result)).toContain("Sources:");
  });

  it("without a progressToken, a comment every heartbeat keeps the stream open (SSE_HEARTBEAT_MS, 200 ms in tests)", async () => {
    const user = await createUser();
    // The fake model writes its answer in 30 chunks 15 ms apart: the stream lasts beyond two heartbeats.
    const answer = await search(user.accessToken, "slow writers #scenario=slow", {}, { sse: true });
    expect(answer.messages.filter((m) => m.method)).toEqual([]);
    expect(answer.comments.filter((c) => c === "keepalive").length).toBeGreaterThanOrEqual(1);
    expect(answer.result.structuredContent.status).toBe("completed");
  });

  it("a call not finished within the wait answers with its runId; get_result waits for it and answers the result; another client's runId is a tool error", async () => {
    const user = await createUser();
    const pending = await search(
      user.accessToken,
      "patient otters #scenario=slow",
      {},
      { vars: { MCP_CALL_WAIT_MS: "50" } },
    );
    expect(pending.result.isError).toBeUndefined();
    const runId = pending.result.structuredContent.runId as string;
    expect(pending.result.structuredContent).toMatchObject({ status: "running" });
    expect(resultText(pending.result)).toContain(`Call get_result with {"runId": "${runId}"}`);

    const fetched = await mcp(user.accessToken, "tools/call", { name: "get_result", arguments: { runId } });
    expect(fetched.result.structuredContent).toMatchObject({ runId, status: "completed" });
    expect(resultText(fetched.result)).toContain("Sources:");
    // Once ended, get_result answers at once, as SSE too, replaying no step as progress.
    const again = await mcp(
      user.accessToken,
      "tools/call",
      { name: "get_result", arguments: { runId }, _meta: { progressToken: 7 } },
      { sse: true },
    );
    expect(again.contentType).toContain("application/json");
    expect(again.result).toEqual(fetched.result);

    const other = await gatewayToken(user, crypto.randomUUID(), "ai:capabilities");
    const foreign = await mcp(other, "tools/call", { name: "get_result", arguments: { runId } });
    expect(foreign.result).toMatchObject({ isError: true });
    expect(resultText(foreign.result)).toBe("not_found: Run not found");
  });

  it("refusals are tool errors carrying the code: parameters (400) named as the tool's arguments", async () => {
    const user = await createUser();
    const bad = await search(user.accessToken, "otters", { maxResults: 25 });
    expect(bad.status).toBe(200);
    expect(bad.result.isError).toBe(true);
    expect(resultText(bad.result)).toBe("bad_request: Invalid request\n- maxResults: must be between 1 and 20");
    expect(bad.result.structuredContent.error).toMatchObject({ code: "bad_request" });

    const empty = await search(user.accessToken, "   ");
    expect(resultText(empty.result)).toBe("bad_request: Invalid request\n- query: must not be empty");
    const missing = await mcp(user.accessToken, "tools/call", { name: "web_search", arguments: {} });
    expect(resultText(missing.result)).toBe("bad_request: query is required and must be a string");
    const unknown = await search(user.accessToken, "otters", { depth: "deep" });
    expect(resultText(unknown.result)).toContain(
      "depth: depth is a parameter of ai.research.deep, not of ai.search.web",
    );
    // Nothing ran: no MCP session holds a message.
    for (const session of await mcpSessions(user)) expect((await usageOf(user, session.id)).runCount).toBe(0);
  });

  it("a provider's failure ends the call as a tool error carrying the run's error code", async () => {
    const user = await createUser();
    const failed = await search(user.accessToken, "broken #422");
    expect(failed.result.isError).toBe(true);
    expect(resultText(failed.result)).toBe(
      "provider_error: Brave Search answered 422: Unable to validate request parameter(s).",
    );
    expect(failed.result.structuredContent).toMatchObject({ status: "failed", error: { code: "provider_error" } });
  });

  it("up to 4 calls of one user and client run at once; the fifth is a tool error naming the limit; another client is not counted", async () => {
    const user = await createUser();
    const waitBriefly = { vars: { MCP_CALL_WAIT_MS: "50" } };
    // Searches that never answer (until stopped): each call stays running after its short wait.
    const running = await Promise.all(
      [1, 2, 3, 4].map((n) => search(user.accessToken, `stuck ${n} #hang`, {}, waitBriefly)),
    );
    expect(running.map((a) => a.result.structuredContent.status)).toEqual(["running", "running", "running", "running"]);
    const fifth = await search(user.accessToken, "one too many", {}, waitBriefly);
    expect(fifth.result.isError).toBe(true);
    expect(resultText(fifth.result)).toBe(
      "RATE_LIMIT_EXCEEDED: At most 4 calls of one client run at once; wait for one of them to finish",
    );
    const other = await gatewayToken(user, crypto.randomUUID(), "ai:capabilities");
    const elsewhere = await search(other, "another client #hang", {}, waitBriefly);
    expect(elsewhere.result.structuredContent.status).toBe("running");

    // Stopped from the assistant's own API, as any run: their session is the user's.
    const sessions = await mcpSessions(user);
    for (const answer of [...running, elsewhere]) {
      const runId = answer.result.structuredContent.runId as string;
      const run = await api(user).GET("/api/v1/ai/runs/{runId}", { params: { path: { runId } } });
      const { sessionId, messageId } = run.body.data!;
      expect(sessions.map((s) => s.id)).toContain(sessionId);
      expect((await stop(user, sessionId, messageId)).status).toBe(200);
    }
    const again = await search(user.accessToken, "room again");
    expect(again.result.structuredContent.status).toBe("completed");
  });
});
