/**
 * A local fake of a custom tool server (CONTRACT "Custom definitions and their tools"): it answers
 * `POST /{toolKey}` with JSON and `GET /` for health. It replaces `fetch` for its own host only.
 * Tools: `echo` (answers the input and the Authorization header it saw), `fail` (HTTP 422 JSON),
 * `garbage` (HTTP 200 HTML), `down` (the connection fails), `flaky` (HTTP 503, "not processed",
 * while `failFlaky(n)` has failures left, then echoes), `limited` (HTTP 429 with `Retry-After`
 * while `failLimited(n)` has refusals left, then echoes), and `error-500`, `error-502`, `error-504`
 * (always that status: JSON from the server itself, an HTML page from a gateway, JSON).
 */
export const TOOL_HOST = "https://tools.fake-connector.test";

export interface SeenRequest {
  url: string;
  authorization: string | null;
  body: unknown;
}

export const seen: SeenRequest[] = [];

let flakyFailuresLeft = 0;
/** The next `n` calls of `flaky` answer 503 (busy: the call was not processed). */
export const failFlaky = (n: number) => {
  flakyFailuresLeft = n;
};

let limitedRefusalsLeft = 0;
/** The next `n` calls of `limited` answer 429 with `Retry-After` (rate limited: not processed). */
export const failLimited = (n: number) => {
  limitedRefusalsLeft = n;
};
/** The `Retry-After` (seconds) of `limited`'s 429. */
export const LIMITED_RETRY_AFTER_SECONDS = 30;

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.json().catch(() => null) : null;
  seen.push({ url: request.url, authorization: request.headers.get("Authorization"), body });
  switch (url.pathname) {
    case "/":
      return request.headers.get("Authorization") === "Bearer bad-token"
        ? new Response("no", { status: 401 })
        : Response.json({ ok: true });
    case "/echo":
      return Response.json({ echoed: body, sawAuth: Boolean(request.headers.get("Authorization")) });
    case "/fail":
      return Response.json({ error: "quota exhausted" }, { status: 422 });
    case "/garbage":
      return new Response("<html>oops</html>", { headers: { "Content-Type": "text/html" } });
    case "/down":
      throw new TypeError("connection refused");
    case "/flaky":
      if (flakyFailuresLeft > 0) {
        flakyFailuresLeft--;
        return Response.json({ error: "busy, try again" }, { status: 503 });
      }
      return Response.json({ echoed: body });
    case "/limited":
      if (limitedRefusalsLeft > 0) {
        limitedRefusalsLeft--;
        return Response.json(
          { error: "rate limited" },
          { status: 429, headers: { "Retry-After": String(LIMITED_RETRY_AFTER_SECONDS) } },
        );
      }
      return Response.json({ echoed: body });
    case "/error-500":
      return Response.json({ error: "internal error" }, { status: 500 });
    case "/error-502":
      return new Response("<html>Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } });
    case "/error-504":
      return Response.json({ error: "upstream timed out" }, { status: 504 });
    default:
      return Response.json({ error: "no such tool" }, { status: 404 });
  }
}

let installed = false;
export function installToolServer() {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.startsWith(TOOL_HOST)) return answer(request);
    return realFetch(input, init);
  }) as typeof fetch;
}
