import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { aiMessages } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import { call, expectError, expectFieldError } from "../helpers/api";
import { aiUser, newSession } from "./helpers";

/** A session with `count` user messages written straight to D1 (a run per message would take minutes). */
async function sessionWithMessages(count: number) {
  const user = await aiUser();
  const session = await newSession(user);
  const createdAt = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    sessionId: session.id,
    seq: i + 1,
    role: "user" as const,
    content: `message ${i + 1}`,
    createdAt,
  }));
  // One statement per row: D1 binds at most 100 parameters per statement.
  const db = createDb(env.DB);
  const [head, ...rest] = rows.map((row) => db.insert(aiMessages).values(row));
  await db.batch([head!, ...rest]);
  const list = (query: string) =>
    call("GET", `/ai/sessions/${session.id}/messages${query}`, { token: user.accessToken, ip: user.ip });
  return { list };
}

describe("GET /ai/sessions/:sessionId/messages limit (spec, Pagination)", () => {
  it("defaults to 25 in cursor mode and to 20 in offset mode", async () => {
    const { list } = await sessionWithMessages(30);
    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta).toMatchObject({ hasMore: true, total: 30 });
    const next = await list(`?cursor=${first.body.meta.cursor}`);
    expect(next.body.data).toHaveLength(5);
    const byOffset = await list("?offset=0");
    expect(byOffset.status).toBe(200);
    expect(byOffset.body.data).toHaveLength(20);
    expect(byOffset.body.data.map((m: { content: string }) => m.content)).toEqual(
      first.body.data.slice(0, 20).map((m: { content: string }) => m.content),
    );
  });

  it("takes 1-100 in cursor mode and 1-50 in offset mode", async () => {
    const { list } = await sessionWithMessages(60);
    expect((await list("?limit=100")).body.data).toHaveLength(60);
    expect((await list("?limit=50&offset=5")).body.data).toHaveLength(50);
    expectFieldError(await list("?limit=200"), "limit", /^must be between 1 and 100$/);
    expectFieldError(await list("?limit=101"), "limit", /^must be between 1 and 100$/);
    expectFieldError(await list("?limit=0"), "limit", /^must be between 1 and 100$/);
    expectFieldError(await list("?limit=abc"), "limit", /^must be a number$/);
    expectFieldError(await list("?limit=2.5"), "limit", /^must be an integer$/);
  });

  it("offset mode: limit 51 and 200 are both 400 stating 1-50 (one check, not the cursor range)", async () => {
    const { list } = await sessionWithMessages(1);
    for (const query of ["?limit=51&offset=0", "?limit=200&offset=0", "?limit=200&offset=3", "?limit=0&offset=0"]) {
      const refused = await list(query);
      expectError(refused, 400, "bad_request");
      expect(refused.body.error.details.fields, query).toEqual([
        { field: "limit", message: "must be between 1 and 50 with offset pagination" },
      ]);
    }
    // An offset that fails its own check still asks for offset mode: both problems, each once.
    const both = await list("?limit=200&offset=-1");
    expect(both.body.error.details.fields).toEqual([
      { field: "offset", message: "must be at least 0" },
      { field: "limit", message: "must be between 1 and 50 with offset pagination" },
    ]);
  });
});
