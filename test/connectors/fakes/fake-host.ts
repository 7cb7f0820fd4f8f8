/**
 * Routes `fetch` for a fake provider's host to that fake; every other URL goes to the real fetch
 * (as test/ai/fakes/openai.ts does). Fakes record what they were sent so tests can look at it.
 */
export type FakeHandler = (request: Request) => Promise<Response> | Response;

const handlers = new Map<string, FakeHandler>();
let installed = false;

export function installFakeHost(origin: string, handler: FakeHandler) {
  handlers.set(new URL(origin).origin, handler);
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const handler = handlers.get(new URL(request.url).origin);
    return handler ? handler(request) : realFetch(input, init);
  }) as typeof fetch;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export async function record(request: Request, into: RecordedRequest[]): Promise<RecordedRequest> {
  const recorded = {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body: new TextDecoder().decode(await request.arrayBuffer()),
  };
  into.push(recorded);
  return recorded;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });

/** The `Bearer` token of a request, or null. */
export const bearerOf = (request: RecordedRequest) =>
  /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
