import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError, type TestUser } from "../helpers/api";
import { installToolServer, TOOL_HOST } from "../connectors/fakes/tool-server";
import { connected } from "../connectors/helpers";
import { upload } from "../media/helpers";
import { installFakeOpenAi, requests as openAiRequests, type RecordedRequest } from "./fakes/openai";
import { aiUser, conversationSql, finished, history, newSession, sendInvalid, sent } from "./helpers";

/** CONTRACT "Structured blocks on send". */
installFakeOpenAi();
beforeAll(() => installToolServer());

const V4 = () => crypto.randomUUID();
const text = (value: string) => new TextEncoder().encode(value);
const mention = (instanceId: string) => ({ type: "mention", instanceId });
const media = (mediaId: string) => ({ type: "media", mediaId });

async function refused(user: TestUser, body: Record<string, unknown>) {
  const session = await newSession(user);
  const res = await sendInvalid(user, session.id, body);
  expectError(res, 400, "bad_request");
  // Nothing was written or charged.
  expect((await history(user, session.id)).data).toEqual([]);
  return res.body.error.details.fields as { field: string; message: string }[];
}

/** The model request of the run whose user message carries `tag`. */
const askedWith = (tag: string): RecordedRequest =>
  openAiRequests.findLast((r) => r.body.messages.some((m) => m.role === "user" && m.content?.includes(tag)))!;
const systemOf = (request: RecordedRequest) => request.body.messages.find((m) => m.role === "system")?.content ?? "";
const toolNames = (request: RecordedRequest) => (request.body.tools ?? []).map((tool) => tool.function.name);

const retry = (user: TestUser, sessionId: string, messageId: string, idempotencyKey: string) =>
  call("POST", `/ai/sessions/${sessionId}/messages/${messageId}/retries`, {
    token: user.accessToken,
    ip: user.ip,
    body: { idempotencyKey },
  });

describe("structuredBlocks: shapes (400 naming the offending key)", () => {
  it.each([
    [[{ type: "link", url: "x" }], [{ field: "structuredBlocks.0.type", message: "must be one of mention, media" }]],
    [[{}], [{ field: "structuredBlocks.0.type", message: "must be one of mention, media" }]],
    [["x"], [{ field: "structuredBlocks.0", message: "must be an object" }]],
    [[{ type: "mention" }], [{ field: "structuredBlocks.0.instanceId", message: "must be a string" }]],
    [[{ type: "mention", instanceId: "abc" }], [{ field: "structuredBlocks.0.instanceId", message: "must be a UUID" }]],
    [[{ type: "media", mediaId: 7 }], [{ field: "structuredBlocks.0.mediaId", message: "must be a string" }]],
    [
      [mention(V4()), { type: "media", mediaId: "3f2b7c1e-9a4d-1e2f-8b1c-2d3e4f5a6b7c" }],
      [{ field: "structuredBlocks.1.mediaId", message: "must be a UUID v4" }],
    ],
    [[{ ...media(V4()), note: "hi" }], [{ field: "structuredBlocks.0.note", message: "unknown property note" }]],
    ["x", [{ field: "structuredBlocks", message: "must be an array of objects" }]],
    [
      Array.from({ length: 21 }, () => mention(V4())),
      [{ field: "structuredBlocks", message: "must have at most 20 items" }],
    ],
  ])("%j", async (structuredBlocks, fields) => {
    expect(await refused(await aiUser(), { content: "hi", structuredBlocks })).toEqual(fields);
  });

  it("20 blocks are accepted by the shape check (the instances are then looked up)", async () => {
    const fields = await refused(await aiUser(), {
      content: "hi",
      structuredBlocks: Array.from({ length: 20 }, () => mention(V4())),
    });
    expect(fields).toHaveLength(20);
    expect(fields[19]).toEqual({
      field: "structuredBlocks.19.instanceId",
      message: "is not a connector instance you can execute in this workspace",
    });
  });

  it("the attachment limit counts attachmentIds then media blocks: the error is on the first block past 10", async () => {
    const user = await aiUser();
    const limit = { field: "structuredBlocks.2.mediaId", message: expect.stringContaining("past the limit of 10") };
    expect(
      await refused(user, {
        content: "hi",
        attachmentIds: Array.from({ length: 8 }, V4),
        structuredBlocks: [media(V4()), mention(V4()), media(V4()), media(V4())],
      }),
    ).toEqual([
      {
        field: "structuredBlocks.3.mediaId",
        message: "is past the limit of 10 attachments (attachmentIds and media blocks together)",
      },
    ]);
    expect(
      await refused(user, {
        content: "hi",
        attachmentIds: Array.from({ length: 10 }, V4),
        structuredBlocks: [mention(V4()), mention(V4()), media(V4())],
      }),
    ).toEqual([limit]);
    // Media blocks alone count too.
    expect(
      await refused(user, { content: "hi", structuredBlocks: Array.from({ length: 11 }, () => media(V4())) }),
    ).toEqual([{ ...limit, field: "structuredBlocks.10.mediaId" }]);
  });
});

describe("structuredBlocks: mentions and media looked up", () => {
  it("a mention must be an instance the sender can execute here, connected; every problem in one 400", async () => {
    const user = await aiUser();
    const other = await createUser();
    const theirs = await connected(other);
    const mine = await connected(user);
    const unauthorised = await call("POST", "/connectors/instances", {
      token: user.accessToken,
      body: { connectorKey: mine.key, displayName: "No credentials yet", config: { baseUrl: TOOL_HOST } },
    });
    expect(unauthorised.status, JSON.stringify(unauthorised.body)).toBe(201);
    const disabled = await connected(user);
    await env.DB.prepare("UPDATE connector_instances SET enabled = 0 WHERE id = ?").bind(disabled.instanceId).run();
    const notMine = await upload(other, text("theirs"), "text/plain");

    expect(
      await refused(user, {
        content: "hi",
        structuredBlocks: [
          mention(V4()),
          mention(theirs.instanceId),
          mention(mine.instanceId),
          mention(unauthorised.body.data.id),
          media(notMine.id),
          mention(disabled.instanceId),
        ],
      }),
    ).toEqual([
      {
        field: "structuredBlocks.0.instanceId",
        message: "is not a connector instance you can execute in this workspace",
      },
      {
        field: "structuredBlocks.1.instanceId",
        message: "is not a connector instance you can execute in this workspace",
      },
      {
        field: "structuredBlocks.3.instanceId",
        message: "is not connected (its authorizationState is authorization_required)",
      },
      { field: "structuredBlocks.5.instanceId", message: "is not connected (its authorizationState is unavailable)" },
      { field: "structuredBlocks.4.mediaId", message: "is not one of your media items" },
    ]);
  });

  it("a media block is named on its own index when attachmentIds come first", async () => {
    const user = await aiUser();
    const mine = await upload(user, text("mine"), "text/plain");
    expect(
      await refused(user, {
        content: "hi",
        attachmentIds: [mine.id, V4()],
        structuredBlocks: [mention(V4()), media(mine.id), media(V4())],
      }),
    ).toEqual([
      {
        field: "structuredBlocks.0.instanceId",
        message: "is not a connector instance you can execute in this workspace",
      },
      { field: "attachmentIds.1", message: "is not one of your media items" },
      { field: "structuredBlocks.2.mediaId", message: "is not one of your media items" },
    ]);
  });

  it("without the connectors entitlement no instance can be mentioned", async () => {
    const user = await aiUser();
    const { instanceId } = await connected(user);
    await env.DB.prepare("UPDATE accounts SET entitlements = ? WHERE id = (SELECT account_id FROM users WHERE id = ?)")
      .bind(JSON.stringify(["ai"]), user.id)
      .run();
    expect(await refused(user, { content: "hi", structuredBlocks: [mention(instanceId)] })).toEqual([
      {
        field: "structuredBlocks.0.instanceId",
        message: "is not a connector instance you can execute in this workspace",
      },
    ]);
  });

  it("a media block is an attachment: the model reads it after attachmentIds; history returns the blocks as sent", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const first = await upload(user, text("Otters hold hands."), "text/plain");
    const second = await upload(user, text("Seals do not."), "text/plain");
    const blocks = [media(second.id.toUpperCase())];
    const reply = await sent(user, session.id, {
      content: "compare",
      model: "demo",
      attachmentIds: [first.id],
      structuredBlocks: blocks,
    });
    const answer = await finished(user, session.id, reply.assistantMessage.id);
    expect(answer.content).toContain(
      'You asked: "compare Attached file (text/plain): Otters hold hands. Attached file (text/plain): Seals do not.". It received 2 attachments',
    );
    const [userMessage] = (await history(user, session.id)).data;
    expect(userMessage).toMatchObject({ attachmentIds: [first.id], structuredBlocks: blocks });
  });
});

describe("structuredBlocks: a mention points the run at the instance", () => {
  it("the run offers the instance's tools and tells the model; history keeps the block; a retry drops a deleted instance's mention", async () => {
    const user = await aiUser();
    const kept = await connected(user);
    const gone = await connected(user);
    const session = await newSession(user);
    const blocks = [mention(kept.instanceId), mention(gone.instanceId)];
    const reply = await sent(user, session.id, { content: "check my tools #mention-1", structuredBlocks: blocks });
    await finished(user, session.id, reply.assistantMessage.id);

    const asked = askedWith("#mention-1");
    expect(toolNames(asked)).toEqual(expect.arrayContaining([`${kept.key}__echo`, `${gone.key}__echo`]));
    expect(systemOf(asked)).toContain(
      "In this message the user pointed at these connectors; use their tools where they help with the request:\n" +
        `- "Tools" (connector ${kept.key}): its tools: ${kept.key}__echo\n` +
        `- "Tools" (connector ${gone.key}): its tools: ${gone.key}__echo`,
    );
    const [userMessage] = (await history(user, session.id)).data;
    expect(userMessage.structuredBlocks).toEqual(blocks);

    const deleted = await call("DELETE", `/connectors/instances/${gone.instanceId}`, gone.as);
    expect(deleted.body.data).toEqual({ id: gone.instanceId, deleted: true });
    const count = openAiRequests.length;
    const again = await retry(user, session.id, reply.assistantMessage.id, "mention-retry");
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await finished(user, session.id, again.body.data.assistantMessage.id);
    const retried = openAiRequests.slice(count).find((r) => JSON.stringify(r.body.messages).includes("#mention-1"))!;
    expect(systemOf(retried)).toContain(`- "Tools" (connector ${kept.key}): its tools: ${kept.key}__echo`);
    expect(systemOf(retried)).not.toContain(gone.key);
    expect(toolNames(retried)).not.toContain(`${gone.key}__echo`);
    // The user message still shows what was sent.
    expect((await history(user, session.id)).data[0].structuredBlocks).toEqual(blocks);
  });

  it("a message without mentions tells the model nothing about connectors (their tools are still offered)", async () => {
    const user = await aiUser();
    const { key } = await connected(user);
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "plain #mention-2" });
    await finished(user, session.id, reply.assistantMessage.id);
    const asked = askedWith("#mention-2");
    expect(toolNames(asked)).toContain(`${key}__echo`);
    expect(systemOf(asked)).not.toContain("pointed at");
  });
});

describe("structuredBlocks stored before they had a meaning", () => {
  it("an old row's arbitrary objects read back as no blocks (today's shapes kept), and its retry runs", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "old #mention-3", model: "demo" });
    await finished(user, session.id, reply.assistantMessage.id);
    // The request JSON as the old code wrote it: any objects were accepted and stored as they came.
    const staleMention = V4();
    await conversationSql(
      session.id,
      "UPDATE ai_messages SET request = ? WHERE id = ?",
      JSON.stringify({
        modelKey: "demo",
        effortMode: "basic",
        capability: null,
        attachmentIds: [],
        memoryIds: [],
        structuredBlocks: [{ kind: "agent", name: "x" }, mention(staleMention), { type: "media" }],
      }),
      reply.userMessage.id,
    );
    expect((await history(user, session.id)).data[0].structuredBlocks).toEqual([mention(staleMention)]);
    const again = await retry(user, session.id, reply.assistantMessage.id, "old-retry");
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await finished(user, session.id, again.body.data.assistantMessage.id)).status).toBe("completed");

    // Older still: a request without the key at all.
    await conversationSql(
      session.id,
      "UPDATE ai_messages SET request = json_remove(request, '$.structuredBlocks') WHERE id = ?",
      reply.userMessage.id,
    );
    expect((await history(user, session.id)).data[0].structuredBlocks).toEqual([]);
  });
});
