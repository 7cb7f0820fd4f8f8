import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { assistantTools, executeTool } from "../../src/domains/connectors";
import type { AuthContext } from "../../src/domains/identity";
import { createUser } from "../helpers/api";
import { countingD1 } from "../helpers/counting-d1";
import { installToolServer, seen } from "./fakes/tool-server";
import { connected } from "./helpers";

beforeAll(installToolServer);

/** The executor needs only who calls and where; the HTTP path adds the authentication query. */
const callerOf = (userId: string, workspaceId: string, accountId: string | null) =>
  ({
    user: { id: userId },
    token: { kind: "first-party" },
    workspace: { id: workspaceId, accountId, kind: "personal", role: "owner" },
  }) as unknown as AuthContext;

describe("D1 round trips of one execution (issue goal: at most 2 before the outbound call, 1 after)", () => {
  it("one batch before the call (instance, tool, credentials) and one write after it (the history record)", async () => {
    const user = await createUser();
    const { instanceId, toolId } = await connected(user, { tool: { rateLimitRpm: 100 } });
    const { db, counter } = countingD1(env.DB);
    const accountId = await env.DB.prepare("SELECT account_id FROM workspaces WHERE id = ?")
      .bind(user.personalWorkspaceId)
      .first<string>("account_id");
    const auth = callerOf(user.id, user.personalWorkspaceId, accountId);
    let tripsAtCall = -1;
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      tripsAtCall = counter.trips;
      return realFetch(input, init);
    }) as typeof fetch;
    const calls = seen.length;
    try {
      const ctx = { db: createDb(db), env, auth, now: new Date().toISOString() };
      const actor = { type: "user" as const, id: user.id };
      const result = await executeTool(ctx, { actor, instanceId, toolId, input: { text: "count" } });
      expect(result.result.success).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(seen.length).toBe(calls + 1);
    expect(tripsAtCall).toBe(1);
    expect(counter.trips - tripsAtCall).toBe(1);
  });

  it("the agents' tool catalogue (assistant and MCP gateway) is one batch, however many instances", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) await connected(user);
    const accountId = await env.DB.prepare("SELECT account_id FROM workspaces WHERE id = ?")
      .bind(user.personalWorkspaceId)
      .first<string>("account_id");
    const { db, counter } = countingD1(env.DB);
    const tools = await assistantTools({
      db: createDb(db),
      env,
      auth: callerOf(user.id, user.personalWorkspaceId, accountId),
    });
    expect(tools).toHaveLength(3);
    expect(counter.trips).toBe(1);
  });
});
