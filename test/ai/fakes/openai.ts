/**
 * A local fake of an OpenAI-compatible chat-completions server, speaking the real wire format:
 * `data: {json}\n\n` chunks, tool-call arguments split across chunks, a usage chunk, `[DONE]`.
 * It replaces `fetch` for its own host only (the run's Durable Object shares the test isolate).
 * The scenario is picked by a `#scenario` tag in the last user message.
 */
export const FAKE_HOST = "https://fake-openai.test";

export interface RecordedRequest {
  url: string;
  authorization: string | null;
  body: {
    model: string;
    stream: boolean;
    stream_options?: { include_usage?: boolean };
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string } }[];
  };
}

export const requests: RecordedRequest[] = [];

const encoder = new TextEncoder();
const chunk = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;
const delta = (content: string) =>
  chunk({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });
const usage = (prompt: number, completion: number) =>
  chunk({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
const DONE = "data: [DONE]\n\n";

export const SLOW_CHUNKS = 30;
export const SLOW_DELAY_MS = 15;

type Piece = string | { wait: number } | "hang";

function scenario(body: RecordedRequest["body"]): { status?: number; pieces: Piece[] } {
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const tag = /#scenario=([a-z-]+)/.exec(lastUser)?.[1] ?? "plain";
  const toolResult = body.messages.find((m) => m.role === "tool");
  switch (tag) {
    case "tool":
      if (toolResult) {
        return {
          pieces: [delta("The tool answered: "), delta(toolResult.content ?? ""), delta("."), usage(40, 8), DONE],
        };
      }
      return {
        pieces: [
          chunk({
            choices: [
              {
                index: 0,
                delta: {
                  role: "assistant",
                  content: null,
                  tool_calls: [
                    { index: 0, id: "call_abc", type: "function", function: { name: "test__echo", arguments: "" } },
                  ],
                },
                finish_reason: null,
              },
            ],
          }),
          // Arguments split mid-token across three chunks, as real servers do.
          chunk({
            choices: [
              { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"te' } }] }, finish_reason: null },
            ],
          }),
          chunk({
            choices: [
              {
                index: 0,
                delta: { tool_calls: [{ index: 0, function: { arguments: 'xt":"ping' } }] },
                finish_reason: null,
              },
            ],
          }),
          chunk({
            choices: [
              {
                index: 0,
                delta: { tool_calls: [{ index: 0, function: { arguments: ' pong"}' } }] },
                finish_reason: null,
              },
            ],
          }),
          chunk({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }),
          usage(30, 12),
          DONE,
        ],
      };
    case "failing-tool":
      if (toolResult) return { pieces: [delta("Tool failed, sorry."), usage(10, 4), DONE] };
      return {
        pieces: [
          chunk({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    { index: 0, id: "call_fail", type: "function", function: { name: "test__fail", arguments: "{}" } },
                  ],
                },
                finish_reason: null,
              },
            ],
          }),
          DONE,
        ],
      };
    case "hang-tool":
      // The model asks for a tool that only ends when the run is aborted.
      return {
        pieces: [
          chunk({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    {
                      index: 0,
                      id: "call_hang",
                      type: "function",
                      function: { name: "test__hang", arguments: '{"for":"ever"}' },
                    },
                  ],
                },
                finish_reason: null,
              },
            ],
          }),
          chunk({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }),
          usage(25, 5),
          DONE,
        ],
      };
    case "tool-then-hang":
      // A finished tool round (with its usage report), then a reply that hangs mid-stream.
      if (toolResult) return { pieces: [delta("Partial "), delta("after tool "), "hang"] };
      return {
        pieces: [
          chunk({
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    {
                      index: 0,
                      id: "call_first",
                      type: "function",
                      function: { name: "test__echo", arguments: '{"text":"hi"}' },
                    },
                  ],
                },
                finish_reason: null,
              },
            ],
          }),
          usage(30, 12),
          DONE,
        ],
      };
    case "truncated":
      return { pieces: [delta("This reply is "), delta("cut off")] };
    case "error":
      return {
        status: 500,
        pieces: [JSON.stringify({ error: { message: "upstream exploded", type: "server_error" } })],
      };
    case "slow":
      return {
        pieces: [
          ...Array.from({ length: SLOW_CHUNKS }, (_, i) => [{ wait: SLOW_DELAY_MS }, delta(`w${i} `)]).flat(),
          usage(20, SLOW_CHUNKS),
          DONE,
        ],
      };
    case "hang":
      return { pieces: [delta("Partial "), delta("answer "), "hang"] };
    case "silent":
      // Headers, then not a byte until the request is aborted.
      return { pieces: ["hang"] };
    case "suggest":
      // The suggestions marker split across chunks: no part of it may reach the content.
      return {
        pieces: [
          delta("Here you go."),
          delta("\n<sugg"),
          delta('estions>[{"suggestion":"Tell me more","priority":1},'),
          delta('"Another one"]</suggestions>'),
          usage(9, 9),
          DONE,
        ],
      };
    default:
      return { pieces: [delta("Hello"), delta(" from the"), delta(" fake model."), usage(12, 5), DONE] };
  }
}

/** The real API refuses a function name outside ^[a-zA-Z0-9_-]{1,64}$ with a 400 before anything else. */
function invalidToolName(body: RecordedRequest["body"]): Response | null {
  const index = (body.tools ?? []).findIndex((tool) => !/^[a-zA-Z0-9_-]{1,64}$/.test(tool.function.name));
  if (index < 0) return null;
  const param = `tools[${index}].function.name`;
  const message = `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`;
  return Response.json(
    { error: { message, type: "invalid_request_error", param, code: "invalid_value" } },
    { status: 400 },
  );
}

function respond(body: RecordedRequest["body"], signal: AbortSignal | null | undefined): Response {
  const refused = invalidToolName(body);
  if (refused) return refused;
  const { status, pieces } = scenario(body);
  if (status) return new Response(pieces.join(""), { status, headers: { "Content-Type": "application/json" } });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const aborted = () => signal?.aborted;
      for (const piece of pieces) {
        if (aborted()) return controller.error(new DOMException("aborted", "AbortError"));
        if (piece === "hang") {
          await new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
          return controller.error(new DOMException("aborted", "AbortError"));
        }
        if (typeof piece === "object") {
          await new Promise((resolve) => setTimeout(resolve, piece.wait));
          continue;
        }
        controller.enqueue(encoder.encode(piece));
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
}

/** The key the fake accepts: the tests' `OPENAI_API_KEY` (vitest.config.ts). */
export const FAKE_API_KEY = "test-openai-key";
/** The one endpoint it serves (the images and Sora fakes take their own paths before it). */
const CHAT_PATH = "/v1/chat/completions";

/** OpenAI's error envelope, as its API answers. */
const openAiError = (status: number, message: string, code: string | null) =>
  Response.json({ error: { message, type: "invalid_request_error", param: null, code } }, { status });

/**
 * What OpenAI answers before it looks at the body: an unknown path or method is 404 "Invalid URL",
 * a missing or wrong key 401 (the key shown masked, as OpenAI shows it). Null when both are right.
 */
function refusal(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  if (request.method !== "POST" || pathname !== CHAT_PATH)
    return openAiError(404, `Invalid URL (${request.method} ${pathname})`, null);
  const authorization = request.headers.get("Authorization");
  if (!authorization?.startsWith("Bearer ") || authorization.length === "Bearer ".length)
    return openAiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      null,
    );
  const key = authorization.slice("Bearer ".length);
  if (key !== FAKE_API_KEY)
    return openAiError(
      401,
      `Incorrect API key provided: ${key.slice(0, 3)}${"*".repeat(Math.max(0, key.length - 7))}${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      "invalid_api_key",
    );
  return null;
}

let installed = false;

/** Routes fetches for the fake host to the fake; everything else goes to the real fetch. */
export function installFakeOpenAi() {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_HOST)) return realFetch(input, init);
    const refused = refusal(request);
    if (refused) return refused;
    const body = (await request.json()) as RecordedRequest["body"];
    requests.push({ url: request.url, authorization: request.headers.get("Authorization"), body });
    return respond(body, init?.signal ?? request.signal);
  }) as typeof fetch;
}
