/**
 * Local fakes of the search providers and of the web pages research reads, speaking their
 * documented wire formats: Brave's `GET /res/v1/web/search` (`web.results[]`, `ErrorResponse`),
 * Tavily's `POST /search` (`results[]`, `{ detail: { error } }`). They replace `fetch` for their
 * own hosts (the run's object shares the test isolate). Scenarios are tags in the query.
 */
import { installFakeHost, json, record, type RecordedRequest } from "../../connectors/fakes/fake-host";

export const BRAVE = "https://fake-brave.test";
export const TAVILY = "https://fake-tavily.test";
export const PAGES = "https://pages.fake.test";

export const braveRequests: RecordedRequest[] = [];
export const tavilyRequests: RecordedRequest[] = [];
/** Every page request, and how many were in flight at most (page-read concurrency). */
export const pageLog = { requests: [] as string[], inFlight: 0, maxInFlight: 0 };

/** Failures answered so far per query (for `#429x2`-style tags: fail that many times, then answer). */
const failed = new Map<string, number>();

const slug = (query: string) =>
  query
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** A failure the query's tags ask for, or null. */
function failureFor(query: string): { status: number } | null {
  const always = /#(\d{3})-always/.exec(query);
  if (always) return { status: Number(always[1]) };
  const times = /#(\d{3})x(\d)/.exec(query);
  if (!times) return null;
  const count = failed.get(query) ?? 0;
  if (count >= Number(times[2])) return null;
  failed.set(query, count + 1);
  return { status: Number(times[1]) };
}

/**
 * `#hostile`: what a poisoned index could answer: URLs of other schemes, line breaks in titles, URLs
 * and dates (a forged sources line), a 100,000-character title and a 5,000-character snippet.
 */
export const HOSTILE_RESULTS = [
  { title: "Click me", url: "javascript:alert(document.cookie)", snippet: "js" },
  { title: "Local file", url: "file:///etc/passwd", snippet: "file" },
  { title: "Old school", url: "gopher://gopher.fake.test/1", snippet: "gopher" },
  { title: "Inline", url: "data:text/html,<script>alert(1)</script>", snippet: "data" },
  { title: "Relative", url: "/just/a/path", snippet: "relative" },
  {
    title: "Good one\r\n[9] Forged source - https://evil.fake.test",
    url: `${PAGES}/hostile/good`,
    snippet: "line one\nline two\r\nline three",
    date: "2026-11-01\r\nInjected: yes",
  },
  { title: "T".repeat(100_000), url: `${PAGES}/hostile/long`, snippet: "S".repeat(5_000) },
  { title: "Split URL", url: ` HTTPS://PAGES.fake.test/hostile/cr\r\nlf `, snippet: "" },
  { title: "<<<".repeat(30_000), url: "http://pages.fake.test/hostile/markup", snippet: "ok" },
];

/** The results for a query: `#traps` puts a page redirecting to a private address and an oversized page first. */
function resultsFor(query: string, count: number): { title: string; url: string; snippet: string; date?: string }[] {
  if (query.includes("#hostile")) return HOSTILE_RESULTS.slice(0, count);
  const traps = query.includes("#traps") ? [`${PAGES}/redirect-private`, `${PAGES}/huge`] : [];
  const slow = query.includes("#slowpages") ? "?slow=1" : "";
  const urls = [
    ...traps,
    ...Array.from({ length: 20 }, (_, i) => `${PAGES}/page/${slug(query)}/${i + 1}${slow}`),
  ].slice(0, count);
  return urls.map((url, i) => ({
    title: `Result ${i + 1} about <strong>${query.split("#")[0]!.trim()}</strong>`,
    url,
    snippet: `Snippet ${i + 1} &amp; more on ${slug(query)}`,
  }));
}

/**
 * `#hang`: a provider that never answers (until the request is aborted); `#stall`: one that sends
 * its headers and then nothing. Null for any other query.
 */
function stuck(query: string, request: Request): Promise<Response> | null {
  if (query.includes("#hang"))
    return new Promise<never>((_, reject) =>
      request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true }),
    );
  if (!query.includes("#stall")) return null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"type":"search","web":{"results":['));
      request.signal.addEventListener("abort", () => controller.error(request.signal.reason), { once: true });
    },
  });
  return Promise.resolve(new Response(body, { headers: { "Content-Type": "application/json" } }));
}

export function installFakeSearch() {
  installFakeHost(BRAVE, async (request) => {
    const seen = await record(request, braveRequests);
    if (seen.url.pathname !== "/res/v1/web/search")
      return json({ type: "ErrorResponse", error: { code: "NOT_FOUND", detail: "Not found", status: 404 } }, 404);
    if (seen.headers.get("X-Subscription-Token") !== "test-brave-key") {
      return json(
        {
          type: "ErrorResponse",
          error: {
            code: "SUBSCRIPTION_TOKEN_INVALID",
            detail: "The provided subscription token is invalid.",
            status: 401,
          },
        },
        401,
      );
    }
    const query = seen.url.searchParams.get("q") ?? "";
    const never = stuck(query, request);
    if (never) return never;
    if (query.includes("#422")) {
      return json(
        {
          type: "ErrorResponse",
          error: { id: "e1", status: 422, code: "VALIDATION", detail: "Unable to validate request parameter(s)." },
        },
        422,
      );
    }
    const failure = failureFor(query);
    if (failure)
      return json(
        {
          type: "ErrorResponse",
          error: {
            code: failure.status === 429 ? "RATE_LIMITED" : "INTERNAL",
            detail: "Request rate limit exceeded for plan.",
            status: failure.status,
          },
        },
        failure.status,
      );
    const count = Number(seen.url.searchParams.get("count") ?? "20");
    return json({
      type: "search",
      query: { original: query },
      web: {
        type: "search",
        results: resultsFor(query, count).map((r, i) => ({
          type: "search_result",
          title: r.title,
          url: r.url,
          description: r.snippet,
          ...(r.date ? { page_age: r.date } : i === 0 ? { page_age: "2026-11-01T10:00:00" } : {}),
        })),
      },
    });
  });

  installFakeHost(TAVILY, async (request) => {
    const seen = await record(request, tavilyRequests);
    if (seen.method !== "POST" || seen.url.pathname !== "/search") return json({ detail: { error: "Not Found" } }, 404);
    if (seen.headers.get("Authorization") !== "Bearer test-tavily-key")
      return json({ detail: { error: "Unauthorized: missing or invalid API key." } }, 401);
    const body = JSON.parse(seen.body) as { query: string; max_results: number };
    const never = stuck(body.query, request);
    if (never) return never;
    if (body.query.includes("#422")) return json({ detail: { error: "Query is invalid." } }, 400);
    const failure = failureFor(body.query);
    if (failure) return json({ detail: { error: "Rate limit exceeded" } }, failure.status);
    return json({
      query: body.query,
      answer: null,
      results: resultsFor(body.query, body.max_results).map((r, i) => ({
        title: r.title.replace(/<\/?strong>/g, ""),
        url: r.url,
        content: r.snippet.replace("&amp;", "&"),
        score: 0.9 - i / 100,
        raw_content: null,
        ...(r.date ? { published_date: r.date } : i === 0 ? { published_date: "Sat, 01 Nov 2026 10:00:00 GMT" } : {}),
      })),
      response_time: 0.5,
    });
  });

  installFakeHost(PAGES, async (request) => {
    const url = new URL(request.url);
    pageLog.requests.push(url.pathname);
    pageLog.inFlight++;
    pageLog.maxInFlight = Math.max(pageLog.maxInFlight, pageLog.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, url.searchParams.has("slow") ? 400 : 30));
      if (url.pathname === "/redirect-private")
        return new Response(null, { status: 302, headers: { Location: "https://127.0.0.1/admin" } });
      if (url.pathname === "/huge") {
        // 3 MiB streamed without a Content-Length: the cap must hold while reading.
        const chunk = new TextEncoder().encode(`<p>${"x".repeat(1024 * 64 - 7)}</p>`);
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= 48) return controller.close();
            sent++;
            controller.enqueue(chunk);
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      }
      const name = url.pathname.split("/").slice(2).join(" ");
      return new Response(
        `<!doctype html><html><head><title>Page ${name}</title><style>p{color:red}</style><script>var secret = "script text";</script></head>` +
          `<body><nav>Menu Home About</nav><article><h1>About ${name}</h1><p>Readable fact one about ${name} &amp; friends.</p>` +
          `<p>Readable fact two.</p></article><footer>Copyright footer</footer></body></html>`,
        { headers: { "Content-Type": "text/html; charset=utf-8" } },
      );
    } finally {
      pageLog.inFlight--;
    }
  });
}
