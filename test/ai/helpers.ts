import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { RunSpec } from "../../src/domains/ai/run/types";
import { newId } from "../../src/lib/ids";
import { expect } from "vitest";
import type { components } from "../../clients/typescript";
import { BASE, call, createUser, type TestUser } from "../helpers/api";
import { api } from "../helpers/client";
import { installFakeOpenAi } from "./fakes/openai";
import { installFakeSearch } from "./fakes/search";

installFakeOpenAi();
installFakeSearch();

export interface Frame {
  id: number | null;
  event: string | null;
  data: { eventId: number; type: string; runId: string; stepId?: string; payload: any } | null;
  retry?: number;
  comment?: string;
}

/** Parses SSE text into frames (blocks between blank lines), keeping retry and comments. */
export function parseSse(text: string): Frame[] {
  return text
    .split("\n\n")
    .filter((block) => block.length > 0)
    .map((block) => {
      const frame: Frame = { id: null, event: null, data: null };
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) frame.comment = line.slice(1).trim();
        else if (line.startsWith("id: ")) frame.id = Number(line.slice(4));
        else if (line.startsWith("event: ")) frame.event = line.slice(7);
        else if (line.startsWith("data: ")) frame.data = JSON.parse(line.slice(6));
        else if (line.startsWith("retry: ")) frame.retry = Number(line.slice(7));
      }
      return frame;
    });
}

export const events = (frames: Frame[]) => frames.filter((f) => f.event !== null);

export async function aiUser(options: Parameters<typeof createUser>[0] = {}) {
  return createUser(options);
}

export async function newSession(user: TestUser, body: components["schemas"]["CreateAiSessionRequest"] = {}) {
  const res = await api(user).POST("/api/v1/ai/sessions", { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** `T` without its index signature (`[key: string]: unknown`), keeping the named fields. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/**
 * A message to send, as the document describes it (SendMessageRequest, whose other keys are
 * capability parameters given at the top level), except `structuredBlocks`: the document leaves
 * its items without properties (StructuredBlock is a bare `object`, which the generated types
 * read as `Record<string, never>`), so here they are plain objects.
 */
export type SendBody = Omit<Named<components["schemas"]["SendMessageRequest"]>, "structuredBlocks"> & {
  structuredBlocks?: Record<string, unknown>[];
  [parameter: string]: unknown;
};

export async function send(user: TestUser, sessionId: string, body: SendBody) {
  return api(user).POST("/api/v1/ai/sessions/{sessionId}/messages", {
    params: { path: { sessionId } },
    body: body as components["schemas"]["SendMessageRequest"],
  });
}

/** Sends a body the document does not allow (validation tests): untyped, through `call`. */
export async function sendInvalid(user: TestUser, sessionId: string, body: unknown) {
  return call("POST", `/ai/sessions/${sessionId}/messages`, { token: user.accessToken, ip: user.ip, body });
}

/** Sends and asserts 201; returns the send result. */
export async function sent(user: TestUser, sessionId: string, body: SendBody) {
  const res = await send(user, sessionId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Stops the reply `assistantMessageId` (POST .../stop). */
export const stop = (user: TestUser, sessionId: string, assistantMessageId: string) =>
  api(user).POST("/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/stop", {
    params: { path: { sessionId, assistantMessageId } },
  });

/** A session's usage (GET /ai/operations/sessions/{sessionId}/usage), asserting 200. */
export async function usageOf(user: TestUser, sessionId: string) {
  const res = await api(user).GET("/api/v1/ai/operations/sessions/{sessionId}/usage", {
    params: { path: { sessionId } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const streamPath = (sessionId: string, messageId: string) =>
  `/ai/sessions/${sessionId}/messages/${messageId}/stream`;

export async function openStream(user: TestUser, sessionId: string, messageId: string, lastEventId?: number | string) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${user.accessToken}`,
    Accept: "text/event-stream",
    "CF-Connecting-IP": user.ip,
  };
  if (lastEventId !== undefined) headers["Last-Event-ID"] = String(lastEventId);
  return exports.default.fetch(new Request(`${BASE}${streamPath(sessionId, messageId)}`, { headers }));
}

/** Reads a whole stream (it ends after the terminal event) into frames. */
export async function readStream(user: TestUser, sessionId: string, messageId: string, lastEventId?: number | string) {
  const res = await openStream(user, sessionId, messageId, lastEventId);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  return parseSse(await res.text());
}

/** Reads frames one at a time from a live stream; `stop()` drops the connection. */
export function frameReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const pending: Frame[] = [];
  return {
    async next(): Promise<Frame | null> {
      for (;;) {
        if (pending.length) return pending.shift()!;
        const cut = buffer.indexOf("\n\n");
        if (cut >= 0) {
          pending.push(...parseSse(buffer.slice(0, cut + 2)));
          buffer = buffer.slice(cut + 2);
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
    /** The next frame that is an event (skipping retry and comments). */
    async nextEvent(): Promise<Frame | null> {
      for (;;) {
        const frame = await this.next();
        if (!frame || frame.event) return frame;
      }
    },
    async stop() {
      await reader.cancel().catch(() => {});
    },
  };
}

export async function history(user: TestUser, sessionId: string, query = "") {
  const res = await call("GET", `/ai/sessions/${sessionId}/messages${query}`, { token: user.accessToken, ip: user.ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: any[]; meta: { cursor: string | null; hasMore: boolean; total: number } };
}

/** Waits for the run's stream to end, then returns the message as history shows it. */
export async function finished(user: TestUser, sessionId: string, messageId: string) {
  const res = await openStream(user, sessionId, messageId);
  if (res.status === 200) await res.text();
  const { data } = await history(user, sessionId, "?limit=100");
  const message = data.find((m) => m.id === messageId);
  return message;
}

/** A run spec for driving the executor directly (no session, no object): the demo model answers `prompt`. */
export const demoRunSpec = (prompt: string): RunSpec => ({
  runId: newId(),
  messageId: newId(),
  userMessageId: newId(),
  sessionId: newId(),
  userId: newId(),
  workspaceId: newId(),
  seq: 1,
  prompt,
  instructions: null,
  model: { id: newId(), key: "demo", displayName: "Demo", providerKey: "demo", providerModel: "demo" },
  capability: null,
  suggestions: false,
});

/**
 * Runs SQL on a session's conversation (its messages live in its Conversation object's SQLite,
 * table `ai_messages` with D1's columns): for tests that set up or read stored rows directly.
 */
export function conversationSql<T extends Record<string, SqlStorageValue>>(
  sessionId: string,
  query: string,
  ...params: SqlStorageValue[]
): Promise<T[]> {
  return runInDurableObject(env.CONVERSATION.getByName(sessionId), (_instance, state) =>
    state.storage.sql.exec<T>(query, ...params).toArray(),
  );
}
