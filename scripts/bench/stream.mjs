// `npm run bench:stream`: one reply's run fanned out to 1, 100 and 500 SSE listeners on a local
// dev server (wrangler dev), with a local OpenAI-compatible fake as the provider.
//
// - Fan-out delay: the fake writes `<epoch ms>|` as each chunk's content; every listener parses it
//   on receipt, so delay = receipt time - the provider's write time (same machine clock). It spans
//   the whole path: provider -> Worker's Durable Object (SQLite append) -> every listener's HTTP
//   response -> the Node client. The fake holds its reply until all listeners are attached.
// - Memory held: resident set of each workerd process (wrangler's dev proxy, the Worker's own)
//   with all listeners attached mid-run, minus before they attached; CPU likewise per process
//   during the stream, and the bench client's own CPU (it shares the machine's two cores).
// - Time to first delta: from sending the message to the first delta at a listener, against the
//   provider's own first byte (its delay from receiving the request); the ratio is service/provider.
//   Split in two: send -> the provider's request arriving (the send request, the run's start, its
//   D1 reads), and the provider's first byte -> the listener (the delta's way out).
// Several rounds (BENCH_ROUNDS, default 3): figures are the median over rounds [min - max].
// Listeners attach through the operator tail (GET /admin/ai/messages/:id/stream), which is the same
// SSE body as the user endpoint without its 20-per-minute per-user limit.
import { readFileSync } from "node:fs";
import http, { createServer } from "node:http";
import { startDevServer, workerdProcesses, workerOrigin } from "../lib/dev-server.mjs";
import { answer, apiClient, benchUser } from "../lib/client.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";

console.log(benchEnvironment());

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const FAKE_PORT = Number(process.env.BENCH_FAKE_PORT ?? 8797);
const FANOUTS = (process.env.BENCH_FANOUTS ?? "1,100,500").split(",").map(Number);
/** Chunks per reply and the gap between them: a brisk model (50 tokens/s). */
const CHUNKS = 60;
const CHUNK_GAP_MS = 20;
/** The provider's own time to first byte, as a real API's would be. */
const PROVIDER_FIRST_BYTE_MS = 300;
const TTFD_SAMPLES = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// ---- the fake provider --------------------------------------------------------------------
let gate = null; // when set, replies wait for it before streaming
const firstBytes = []; // provider time to first byte, per request
const arrivals = []; // when each request reached the provider (epoch ms)
const fake = createServer(async (req, res) => {
  const arrived = Date.now();
  arrivals.push(arrived);
  for await (const _ of req); // drain the body
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  if (gate) await gate.promise;
  else await new Promise((r) => setTimeout(r, PROVIDER_FIRST_BYTE_MS));
  const send = (body) => res.write(`data: ${JSON.stringify(body)}\n\n`);
  for (let i = 0; i < CHUNKS; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, CHUNK_GAP_MS));
    if (i === 0) firstBytes.push(Date.now() - arrived);
    send({ choices: [{ index: 0, delta: { content: `${Date.now()}|` }, finish_reason: null }] });
  }
  send({ choices: [], usage: { prompt_tokens: 10, completion_tokens: CHUNKS } });
  res.end("data: [DONE]\n\n");
});
await new Promise((r) => fake.listen(FAKE_PORT, "127.0.0.1", r));

const server = await startDevServer({
  port: PORT,
  vars: { OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`, OPENAI_API_KEY: "bench", OPENAI_MODELS: "bench-model" },
});

const workerdPids = () => workerdProcesses(server);

/** CPU time (user + system, ms) each workerd process has used so far, in process order. */
function workerdCpuMs() {
  const ticksPerSecond = 100;
  return workerdPids().map((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  });
}

/** Resident memory (KiB) of each workerd process, in process order. */
function workerdRssKb() {
  return workerdPids().map((pid) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0),
  );
}

// BENCH_DIRECT=1: every request (sends, listeners) goes to the Worker's own workerd, past wrangler's
// dev proxy (which production does not have), to see the Worker's share without the proxy's.
const DIRECT = process.env.BENCH_DIRECT === "1";
const origin = DIRECT ? await workerOrigin(server) : server.origin;
console.log(
  `requests go ${DIRECT ? "to the Worker's own workerd, past wrangler's proxy" : "through wrangler's proxy"} (${origin})`,
);
const api = async (method, path, body, token) =>
  (await answer(apiClient(origin, token)[method](`/api/v1${path}`, { body }))).body.data;

/**
 * A listener recording each delta's delay: `ready` once connected, `done` when the stream ends.
 * It reads with `node:http` rather than `fetch`: the client shares the machine's two cores with
 * the server, and undici's web streams cost it about a third more CPU per chunk.
 */
function listen(url, headers, delays, onFirstDelta) {
  let connected;
  const ready = new Promise((r) => (connected = r));
  const done = new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        connected();
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk) => {
          const now = Date.now();
          buffer += chunk;
          const re = /"delta":"(\d+)\|"/g;
          let match;
          let consumed = 0;
          while ((match = re.exec(buffer))) {
            delays.push(now - Number(match[1]));
            onFirstDelta?.(now);
            onFirstDelta = undefined;
            consumed = re.lastIndex;
          }
          buffer = buffer.slice(consumed);
        });
        res.on("end", resolve);
        res.on("error", reject);
      })
      .on("error", reject);
  });
  return { ready, done };
}

const adminHeaders = { Authorization: `Bearer ${server.adminToken}` };

/**
 * One round: the fan-outs, then the time-to-first-delta samples, as a fresh user (a round sends 8
 * messages, and sending is limited to 20 a minute per user).
 */
async function round() {
  // Signed in where it sends: an access token names the origin it was issued at.
  const { token } = await benchUser({ ...server, origin }, "stream");
  const fanouts = [];
  for (const listeners of FANOUTS) {
    const session = await api("POST", "/ai/sessions", {}, token);
    let release;
    gate = { promise: new Promise((r) => (release = r)) };
    const sent = await api(
      "POST",
      `/ai/sessions/${session.id}/messages`,
      { content: `fan-out to ${listeners}` },
      token,
    );
    const url = `${origin}/api/v1/admin/ai/messages/${sent.assistantMessage.id}/stream`;
    const rssBefore = workerdRssKb();
    const delays = [];
    const connections = [];
    const readies = [];
    for (let i = 0; i < listeners; i++) {
      const listener = listen(url, adminHeaders, delays);
      connections.push(listener.done);
      readies.push(listener.ready);
    }
    await Promise.all(readies);
    await new Promise((r) => setTimeout(r, 200));
    const rssAttached = workerdRssKb();
    const cpuBefore = workerdCpuMs();
    const clientCpu = process.cpuUsage();
    release();
    gate = null;
    await Promise.all(connections);
    const cpuMs = workerdCpuMs().map((ms, n) => ms - cpuBefore[n]);
    const clientUsed = process.cpuUsage(clientCpu);
    fanouts.push({
      listeners,
      deltas: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      heldKb: rssAttached.map((kb, n) => kb - rssBefore[n]),
      cpuMs,
      clientCpuMs: (clientUsed.user + clientUsed.system) / 1000,
    });
  }

  const samples = [];
  for (let i = 0; i < TTFD_SAMPLES; i++) {
    const session = await api("POST", "/ai/sessions", {}, token);
    const start = Date.now();
    const sent = await api("POST", `/ai/sessions/${session.id}/messages`, { content: "ttfd" }, token);
    const answered = Date.now();
    let first;
    await listen(
      `${origin}/api/v1/admin/ai/messages/${sent.assistantMessage.id}/stream`,
      adminHeaders,
      [],
      (now) => (first = now),
    ).done;
    const arrived = arrivals.at(-1);
    const providerFirstByte = firstBytes.at(-1);
    samples.push({
      service: first - start,
      provider: providerFirstByte,
      toProvider: arrived - start,
      sendAnswer: answered - start,
      outOfProvider: first - (arrived + providerFirstByte),
    });
  }
  const pick = (key) => median(samples.map((sample) => sample[key]));
  return {
    fanouts,
    ttfd: {
      service: pick("service"),
      provider: pick("provider"),
      toProvider: pick("toProvider"),
      sendAnswer: pick("sendAnswer"),
      outOfProvider: pick("outOfProvider"),
    },
  };
}

try {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push(await round());
    console.log(`round ${i + 1}/${ROUNDS} done`);
  }
  const spread = (values, digits = 0) =>
    `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}]`;
  console.log(
    `\nStream fan-out: ${CHUNKS} chunks ${CHUNK_GAP_MS} ms apart, one run, N listeners (wrangler dev, local); ${ROUNDS} rounds, median [min-max]`,
  );
  console.log(
    "(workerd figures per process: wrangler's dev proxy + the Worker's own; the client is this bench's Node process)",
  );
  console.log(
    "listeners | deltas received | p50 delay ms   | p99 delay ms     | memory held per listener, proxy + Worker (KiB) | workerd CPU during the stream, proxy + Worker (ms) | client CPU (ms)",
  );
  FANOUTS.forEach((listeners, index) => {
    const of = (key) => rounds.map((r) => r.fanouts[index][key]);
    const perProcess = (key, n, scale = 1) => spread(rounds.map((r) => (r.fanouts[index][key][n] ?? 0) / scale));
    console.log(
      [
        String(listeners).padStart(9),
        String(median(of("deltas"))).padStart(15),
        spread(of("p50")).padEnd(14),
        spread(of("p99")).padEnd(16),
        `${perProcess("heldKb", 0, listeners)} + ${perProcess("heldKb", 1, listeners)}`.padEnd(46),
        `${perProcess("cpuMs", 0)} + ${perProcess("cpuMs", 1)}`.padEnd(49),
        spread(of("clientCpuMs")),
      ].join(" | "),
    );
  });
  const ttfd = (key) => rounds.map((r) => r.ttfd[key]);
  const added = rounds.map((r) => r.ttfd.service - r.ttfd.provider);
  console.log(
    `\nTime to first delta (median of ${TTFD_SAMPLES} per round): ${spread(ttfd("service"))} ms at the listener vs the provider's own first byte ${spread(ttfd("provider"))} ms`,
  );
  console.log(
    `ratio service/provider = ${spread(
      rounds.map((r) => r.ttfd.service / r.ttfd.provider),
      2,
    )}; the service adds ${spread(added)} ms:`,
  );
  console.log(
    `  send -> the provider's request arriving: ${spread(ttfd("toProvider"))} ms (the send request's own answer takes ${spread(ttfd("sendAnswer"))} ms);`,
  );
  console.log(`  the provider's first byte -> the listener: ${spread(ttfd("outOfProvider"))} ms`);
} finally {
  await server.stop();
  fake.close();
}
