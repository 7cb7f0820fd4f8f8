import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkAttachments } from "../../src/domains/ai/attachments";
import { activeModels } from "../../src/domains/ai/models";
import { MAX_ATTACHMENTS } from "../../src/domains/media";
import { createDb } from "../../src/db/client";
import type { Ctx } from "../../src/domains/identity";
import { call } from "../helpers/api";
import { png, upload } from "../media/helpers";
import { installFakeOpenAi, requests as openAiRequests } from "./fakes/openai";
import { aiUser, finished, history, newSession, send, sent } from "./helpers";

installFakeOpenAi();

const text = (value: string) => new TextEncoder().encode(value);

describe("attachmentIds on send", () => {
  it("the demo model names what it received; history keeps the ids as sent", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const image = await upload(user, png(16, 16), "image/png");
    const notes = await upload(user, text("Otters hold hands while sleeping."), "text/plain");
    const reply = await sent(user, session.id, {
      content: "what is in these?",
      model: "demo",
      attachmentIds: [image.id, notes.id],
    });
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.content).toContain(
      'You asked: "what is in these? Attached file (text/plain): Otters hold hands while sleeping.". It received 2 attachments: image/png image; text/plain file (33 characters).',
    );
    const [userMessage] = (await history(user, session.id)).data;
    expect(userMessage.attachmentIds).toEqual([image.id, notes.id]);
  });

  it("an OpenAI-compatible model gets images as image_url parts with data URLs and files as text after the prompt", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const bytes = png(20, 10);
    const image = await upload(user, bytes, "image/png");
    const notes = await upload(user, text("# Heading\nsome notes"), "text/markdown");
    const count = openAiRequests.length;
    const reply = await sent(user, session.id, { content: "describe #att-1", attachmentIds: [notes.id, image.id] });
    await finished(user, session.id, reply.assistantMessage.id);
    const asked = openAiRequests.slice(count).find((r) => JSON.stringify(r.body.messages).includes("#att-1"))!;
    const last = asked.body.messages.at(-1) as any;
    expect(last.role).toBe("user");
    expect(last.content).toEqual([
      { type: "text", text: "describe #att-1\n\nAttached file (text/markdown):\n# Heading\nsome notes" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}` } },
    ]);
  });

  it("another user's item, an unknown id, and more than 10 are 400 field errors before any allowance", async () => {
    const user = await aiUser();
    const other = await aiUser();
    const session = await newSession(user);
    const theirs = await upload(other, png(4, 4), "image/png");
    const mine = await upload(user, png(4, 4), "image/png");
    const res = await send(user, session.id, {
      content: "x",
      attachmentIds: [mine.id, theirs.id, crypto.randomUUID()],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.details.fields).toEqual([
      { field: "attachmentIds.1", message: "is not one of your media items" },
      { field: "attachmentIds.2", message: "is not one of your media items" },
    ]);
    const many = await send(user, session.id, {
      content: "x",
      attachmentIds: Array.from({ length: 11 }, () => mine.id),
    });
    expect(many.status).toBe(400);
    // The send schema refuses the 11th, with the same constant the OpenAPI document states (maxItems 10).
    expect(many.body.error.details.fields).toEqual([{ field: "attachmentIds", message: "must have at most 10 items" }]);
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data.runCount).toBe(0);
  });

  it("the OpenAPI document allows as many attachments as the server takes (one constant, 10)", async () => {
    const document = await call("GET", "/openapi.json");
    expect(document.status).toBe(200);
    const send = document.body.components.schemas.SendMessageRequest.properties.attachmentIds;
    expect(send.maxItems).toBe(MAX_ATTACHMENTS);
    expect(MAX_ATTACHMENTS).toBe(10);
  });

  it("images need a vision model: OPENAI_MODELS entries ending in :text do not take them (400 naming the model)", async () => {
    const models = await activeModels({ ...env, OPENAI_MODELS: "reader:basic:text,seer:pro" } as Env);
    const reader = models.find((m) => m.key === "reader")!;
    const seer = models.find((m) => m.key === "seer")!;
    expect(reader.capabilities).not.toContain("vision");
    expect(seer.capabilities).toContain("vision");
    const user = await aiUser();
    const notes = await upload(user, text("plain"), "text/plain");
    const image = await upload(user, png(4, 4), "image/png");
    // Only the database, the bindings and the caller's id are read.
    const ctx = { db: createDb(env.DB), env, auth: { user: { id: user.id } } } as unknown as Ctx;
    const error = await checkAttachments(ctx, [notes.id, image.id], reader, false).catch((e) => e);
    expect(error).toMatchObject({
      code: "bad_request",
      details: {
        fields: [{ field: "attachmentIds.1", message: 'is an image, and model "reader" does not take images' }],
      },
    });
    await expect(checkAttachments(ctx, [notes.id], reader, false)).resolves.toBeUndefined();
    await expect(checkAttachments(ctx, [image.id], seer, false)).resolves.toBeUndefined();
  });

  it("a retry whose attachment was deleted meanwhile runs with those that remain", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const image = await upload(user, png(16, 16), "image/png");
    const notes = await upload(user, text("short"), "text/plain");
    const reply = await sent(user, session.id, { content: "look", model: "demo", attachmentIds: [image.id, notes.id] });
    await finished(user, session.id, reply.assistantMessage.id);
    expect((await call("DELETE", `/files/${image.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    const retry = await call("POST", `/ai/sessions/${session.id}/messages/${reply.assistantMessage.id}/retries`, {
      token: user.accessToken,
      ip: user.ip,
      body: { idempotencyKey: "again" },
    });
    expect(retry.status).toBe(201);
    const message = await finished(user, session.id, retry.body.data.assistantMessage.id);
    expect(message.content).toContain("It received 1 attachment: text/plain file (5 characters).");
  });
});
