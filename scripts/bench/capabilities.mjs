// `npm run bench:capabilities`: deep research (depth "deep": 3 rounds, 12 searches, 20 pages) on a
// local dev server (wrangler dev) against local fakes with fixed latencies: a Brave Search fake
// (BRAVE_BASE_URL) answering each query after SEARCH_MS, and a site whose pages answer after
// PAGE_MS (reached through the SSRF-guarded fetch; the fake's host:port is in ALLOW_PRIVATE_HOSTS).
// The demo model plans and writes the report (DEMO_DELAY_MS=0), so the figures are the service's
// own work around the fakes.
//
// - Total: from sending the message to `message.completed` at an SSE listener.
// - Fakes' own time: the union of the intervals in which at least one fake request was being
//   answered (what an ideal client could not avoid); the service adds total minus that.
// - Page-read concurrency: the most page requests the fake saw in flight at once (the documented
//   limit is 6), against a serial reader's PAGES x PAGE_MS.
// Several rounds (BENCH_ROUNDS, default 3): median [min - max]. Local state on tmpfs by default
// (scripts/lib/bench-state.mjs).
import { createServer } from "node:http";
import { startDevServer } from "../lib/dev-server.mjs";
import { answer, apiClient } from "../lib/client.mjs";
import { stateOnTmpfs } from "../lib/bench-state.mjs";
import { benchEnvironment, median } from "../lib/stats.mjs";
import { DEMO_USER } from "../seed/identity.mjs";

const stateLine = stateOnTmpfs();
console.log(benchEnvironment());
console.log(stateLine);

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const FAKE_PORT = Number(process.env.BENCH_FAKE_PORT ?? 8795);
const SEARCH_MS = 150;
const PAGE_MS = 200;
/** Rounds of one research each (~1.6 s): fewer let one disturbed round move the median (issue 38, goal 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const FAKE = `http://127.0.0.1:${FAKE_PORT}`;

// ---- the fakes ------------------------------------------------------------------------------
let intervals = []; // [start, end] of every fake request
let pagesInFlight = 0;
let maxPagesInFlight = 0;
let pageRequests = 0;
const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 50);
const paragraph = "Sea otters use rocks as tools to open shellfish, a behaviour passed on between generations. ";
const fake = createServer(async (req, res) => {
  const start = Date.now();
  const url = new URL(req.url, FAKE);
  for await (const _ of req);
  if (url.pathname === "/res/v1/web/search") {
    await new Promise((r) => setTimeout(r, SEARCH_MS));
    const q = url.searchParams.get("q");
    const count = Number(url.searchParams.get("count"));
    const results = Array.from({ length: count }, (_, i) => ({
      title: `${q} ${i + 1}`,
      url: `${FAKE}/page/${slug(q)}/${i + 1}`,
      description: `About ${q}`,
    }));
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ type: "search", web: { type: "search", results } }));
  } else {
    pageRequests++;
    maxPagesInFlight = Math.max(maxPagesInFlight, ++pagesInFlight);
    await new Promise((r) => setTimeout(r, PAGE_MS));
    pagesInFlight--;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<html><head><title>${url.pathname}</title><script>var x=1;</script></head><body><nav>menu</nav><article>${`<p>${paragraph}</p>`.repeat(200)}</article></body></html>`,
    );
  }
  intervals.push([start, Date.now()]);
});
await new Promise((r) => fake.listen(FAKE_PORT, "127.0.0.1", r));

/** Total length of the union of intervals. */
function busyMs(list) {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = sorted[0] ?? [0, 0];
  for (const [start, end] of sorted.slice(1)) {
    if (start > to) {
      total += to - from;
      [from, to] = [start, end];
    } else to = Math.max(to, end);
  }
  return total + (to - from);
}

const server = await startDevServer({
  port: PORT,
  vars: {
    BRAVE_API_KEY: "bench",
    BRAVE_BASE_URL: FAKE,
    ALLOW_PRIVATE_HOSTS: `127.0.0.1:${FAKE_PORT}`,
    DEMO_DELAY_MS: "0",
    AI_DEMO_MODEL: "on",
  },
});

try {
  const api = async (method, path, body, token) =>
    (await answer(apiClient(server.origin, token)[method](`/api/v1${path}`, { body }))).body.data;
  const token = (await api("POST", "/auth/login", { email: DEMO_USER.email, password: DEMO_USER.password }))
    .accessToken;
  const totals = [];
  const busy = [];
  const added = [];
  const concurrency = [];
  const reads = [];
  const phases = [];
  for (let round = 0; round < ROUNDS; round++) {
    intervals = [];
    maxPagesInFlight = 0;
    pageRequests = 0;
    const session = await api("POST", "/ai/sessions", {}, token);
    const started = Date.now();
    const sent = await api(
      "POST",
      `/ai/sessions/${session.id}/messages`,
      { content: `sea otter tools round ${round}`, capabilityKey: "ai.research.deep", depth: "deep", model: "demo" },
      token,
    );
    const stream = await fetch(
      `${server.origin}/api/v1/ai/sessions/${session.id}/messages/${sent.assistantMessage.id}/stream`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    // Read as it arrives: when the steps began, when the last page was read, when the report began.
    let text = "";
    const marks = {};
    const decoder = new TextDecoder();
    for await (const chunk of stream.body) {
      text += decoder.decode(chunk, { stream: true });
      const now = Date.now() - started;
      marks.firstStep ??= text.includes("event: tool.started") ? now : undefined;
      if (/"toolKey":"web\.fetch"[^\n]*"status":"completed"/.test(text.slice(-4096))) marks.lastPage = now;
      marks.firstDelta ??= text.includes("event: message.delta") ? now : undefined;
    }
    const total = Date.now() - started;
    phases.push(marks);
    if (!text.includes("event: message.completed"))
      throw new Error(`the research did not complete:\n${text.slice(-2000)}`);
    const fetched = (
      text.match(/event: tool\.completed\ndata: [^\n]*"toolKey":"web\.fetch"[^\n]*"status":"completed"/g) ?? []
    ).length;
    totals.push(total);
    busy.push(busyMs(intervals));
    added.push(total - busyMs(intervals));
    concurrency.push(maxPagesInFlight);
    reads.push(fetched);
  }
  const fmt = (values) => `${median(values)} [${Math.min(...values)}-${Math.max(...values)}]`;
  console.log(`deep research, ${ROUNDS} rounds; fakes: search ${SEARCH_MS} ms, page ${PAGE_MS} ms`);
  console.log(`pages read per run: ${fmt(reads)}; searches per run: 12`);
  console.log(`total (send -> message.completed at a listener): ${fmt(totals)} ms`);
  console.log(`fakes' own time (union of their busy intervals): ${fmt(busy)} ms`);
  console.log(`added by the service: ${fmt(added)} ms`);
  const shares = added.map((ms, i) => (100 * ms) / busy[i]);
  const share = (value) => `${value.toFixed(1)}%`;
  console.log(
    `the service's overhead over the fakes' time: ${share(median(shares))} [${share(Math.min(...shares))}-${share(Math.max(...shares))}]; goal (issue 38) under 10%: ${median(shares) < 10 ? "met" : "not met"}`,
  );
  console.log(
    `first step at ${fmt(phases.map((p) => p.firstStep))} ms; last page read at ${fmt(phases.map((p) => p.lastPage))} ms; report's first delta at ${fmt(phases.map((p) => p.firstDelta))} ms`,
  );
  console.log(
    `page reads in flight at most: ${fmt(concurrency)} (limit 6); a serial reader would spend ${20 * PAGE_MS} ms on pages alone`,
  );
} finally {
  await server.stop();
  fake.close();
}
