import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { request } from "../../scripts/lib/http.mjs";

/** Slow enough that the run outlives the dropped connection and the client's 3 s reconnect delay. */
const DEMO_DELAY_MS = 60;
const DROP_AFTER_MS = 700;

const api = (
  origin: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any }> => request(origin, method, `/api/v1${path}`, { body, token });

/** Passes the body through, then ends it cleanly mid-stream, like a proxy dropping the connection. */
function cutAfter(response: Response, ms: number): Response {
  const reader = response.body!.getReader();
  const started = Date.now();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (Date.now() - started > ms) {
        await reader.cancel();
        return controller.close();
      }
      const { done, value } = await reader.read();
      if (done) return controller.close();
      controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

describe("the SSE stream with a third-party WHATWG EventSource client", () => {
  it("resumes after a dropped connection with Last-Event-ID, without loss or duplicates, and stops at 204", async () => {
    const server = await startDevServer({ port: await freePort(), vars: { DEMO_DELAY_MS: String(DEMO_DELAY_MS) } });
    try {
      const email = `es-${Date.now()}@example.com`;
      const { body: reg } = await api(server.origin, "POST", "/auth/register", { email, password: "a-long-password" });
      const token = reg.data.accessToken as string;
      const session = (await api(server.origin, "POST", "/ai/sessions", {}, token)).body.data;
      const sent = (
        await api(
          server.origin,
          "POST",
          `/ai/sessions/${session.id}/messages`,
          { content: "Tell me about rivers" },
          token,
        )
      ).body.data;
      const url = `${server.origin}/api/v1/ai/sessions/${session.id}/messages/${sent.assistantMessage.id}/stream`;

      const lastEventIds: (string | null)[] = [];
      let connections = 0;
      const received: { id: string; type: string; data: string }[] = [];
      const done = new Promise<{ code?: number }>((resolve) => {
        const source = new EventSource(url, {
          fetch: async (input, init) => {
            connections += 1;
            const headers = new Headers(init?.headers as HeadersInit);
            lastEventIds.push(headers.get("Last-Event-ID"));
            headers.set("Authorization", `Bearer ${token}`);
            const response = await fetch(input, { ...init, headers } as RequestInit);
            return connections === 1 ? cutAfter(response, DROP_AFTER_MS) : response;
          },
        });
        for (const type of ["message.delta", "message.completed", "message.suggestions", "run.error"]) {
          source.addEventListener(type, (event) => received.push({ id: event.lastEventId, type, data: event.data }));
        }
        source.addEventListener("error", (event) => {
          const code = (event as unknown as { code?: number }).code;
          if (code === 204) {
            source.close();
            resolve({ code });
          }
        });
      });
      const result = await done;
      expect(result.code).toBe(204);
      // First connection without an id; the reconnect after the drop carried the last id seen.
      expect(lastEventIds[0]).toBeNull();
      expect(Number(lastEventIds[1])).toBeGreaterThan(0);
      expect(connections).toBeGreaterThanOrEqual(3);

      const reference = await fetch(url, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.text());
      const expected = reference
        .split("\n\n")
        .filter((block) => block.startsWith("id: "))
        .map((block) => {
          const [idLine, eventLine, dataLine] = block.split("\n");
          return { id: idLine!.slice(4), type: eventLine!.slice(7), data: dataLine!.slice(6) };
        });
      expect(received).toEqual(expected);
      expect(received.map((e) => Number(e.id))).toEqual(received.map((_, i) => i + 1));
      expect(received.at(-2)!.type).toBe("message.completed");
    } finally {
      await server.stop();
    }
  }, 120_000);
});
