// `npm run bench:stream`: one reply's run fanned out to 1, 100 and 500 SSE listeners on a local
// dev server (wrangler dev), with a local OpenAI-compatible fake as the provider.
//
// - Fan-out delay: the fake writes `<epoch ms>|` as each chunk's content; every listener parses it
//   on receipt, so delay = receipt time - the provider's write time (same machine clock). It spans
//   the whole path: provider -> Worker's Durable Object (SQLite append) -> every listener's HTTP
//   response -> the Node client. The fake holds its reply until all listeners are attached.
// - Memory held: resident set of the workerd processes with all listeners attached mid-run, minus
//   before they attached (the summary takes it from the first round, on a fresh server).
// - CPU: what each workerd process (wrangler's proxy, then the Worker's own) used while the stream ran.
// - Time to first delta: from sending the message to the first delta at a listener, against the
//   provider's own first byte (its delay from receiving the request); the ratio is service/provider.
// Listeners attach through the operator tail (GET /admin/ai/messages/:id/stream), which is the same
// SSE body as the user endpoint without its 20-per-minute per-user limit.
//
// BENCH_ROUNDS rounds (default 3) of every fan-out and the first-delta samples; the summary gives
// the median and the spread (min-max) over rounds. BENCH_BASE=<another checkout of this repository>
// adds that tree's server (e.g. the commit before a change), measured in the same rounds.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createServer } from "node:http";
import { startDevServer } from "../lib/dev-server.mjs";
import { answer, apiClient } from "../lib/client.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";

console.log(benchEnvironment());
import { DEMO_USER } from "../seed/identity.mjs";

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
const BASE = process.env.BENCH_BASE;
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 8795);

// ---- the fake provider --------------------------------------------------------------------
let gate = null; // when set, replies wait for it before streaming
const firstBytes = []; // provider time to first byte, per request
const arrivals = []; // when each provider request arrived (epoch ms)
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

const vars = { OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`, OPENAI_API_KEY: "bench", OPENAI_MODELS: "bench-model" };
const servers = { ours: await startDevServer({ port: PORT, vars }) };
if (BASE) {
  const { startDevServer: startBase } = await import(join(resolve(BASE), "scripts/lib/dev-server.mjs"));
  servers.base = await startBase({ port: BASE_PORT, vars });
}

/** The server's workerd processes (wrangler dev runs two: its proxy in front, and the Worker's own). */
function workerdPids(server) {
  const pids = [server.process.pid];
  const found = [];
  while (pids.length) {
    const pid = pids.pop();
    let children = "";
    try {
      children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)], { encoding: "utf8" });
    } catch {}
    for (const line of children.trim().split("\n").filter(Boolean)) {
      const [child, comm] = line.trim().split(/\s+/);
      pids.push(Number(child));
      if (comm.startsWith("workerd")) found.push(Number(child));
    }
  }
  return found;
}

/** CPU time (user + system, ms) each workerd process of the server has used so far. */
function workerdCpuMs(server) {
  const ticksPerSecond = 100;
  return workerdPids(server).map((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  });
}

function workerdRssKb(server) {
  return workerdPids(server).reduce((sum, pid) => {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return sum + Number(match?.[1] ?? 0);
  }, 0);
}

const call = async (server, method, path, body, token) => (await answer(apiClient(server.origin, token)[method](`/api/v1${path}`, { body }))).body.data;

/** A listener recording each delta's delay: `ready` once connected, `done` when the stream ends. */
function listen(url, headers, delays, onFirstDelta) {
  let connected;
  const ready = new Promise((r) => (connected = r));
  const done = new Promise((resolve, reject) => {
    fetch(url, { headers })
      .then(async (res) => {
        connected();
        const decoder = new TextDecoder();
        let buffer = "";
        for await (const chunk of res.body) {
          const now = Date.now();
          buffer += decoder.decode(chunk, { stream: true });
          let match;
          const re = /"delta":"(\d+)\|"/g;
          let consumed = 0;
          while ((match = re.exec(buffer))) {
            delays.push(now - Number(match[1]));
            onFirstDelta?.(now);
            onFirstDelta = undefined;
            consumed = re.lastIndex;
          }
          buffer = buffer.slice(consumed);
        }
        resolve();
      })
      .catch(reject);
  });
  return { ready, done };
}

/** One round on one server: every fan-out, then the first-delta samples. */
async function round(server, token) {
  const api = (method, path, body, bearer) => call(server, method, path, body, bearer);
  const adminHeaders = { Authorization: `Bearer ${server.adminToken}` };
  const fanouts = [];
  for (const listeners of FANOUTS) {
    const session = await api("POST", "/ai/sessions", {}, token);
    let release;
    gate = { promise: new Promise((r) => (release = r)) };
    const sent = await api("POST", `/ai/sessions/${session.id}/messages`, { content: `fan-out to ${listeners}` }, token);
    const url = `${server.origin}/api/v1/admin/ai/messages/${sent.assistantMessage.id}/stream`;
    const rssBefore = workerdRssKb(server);
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
    const rssAttached = workerdRssKb(server);
    const cpuBefore = workerdCpuMs(server);
    release();
    gate = null;
    await Promise.all(connections);
    const cpuMs = workerdCpuMs(server).map((ms, i) => ms - cpuBefore[i]);
    if (delays.length !== listeners * CHUNKS) throw new Error(`${listeners} listeners received ${delays.length} deltas, not ${listeners * CHUNKS}`);
    fanouts.push({ listeners, p50: percentile(delays, 50), p99: percentile(delays, 99), kibPerListener: (rssAttached - rssBefore) / listeners, cpuMs });
  }

  const ttfd = [];
  const provider = [];
  const answered = [];
  const reached = [];
  for (let i = 0; i < TTFD_SAMPLES; i++) {
    const session = await api("POST", "/ai/sessions", {}, token);
    const start = Date.now();
    const sent = await api("POST", `/ai/sessions/${session.id}/messages`, { content: "ttfd" }, token);
    answered.push(Date.now() - start);
    let first;
    await listen(`${server.origin}/api/v1/admin/ai/messages/${sent.assistantMessage.id}/stream`, adminHeaders, [], (now) => (first = now)).done;
    ttfd.push(first - start);
    provider.push(firstBytes.at(-1));
    reached.push(arrivals.at(-1) - start);
  }
  return { fanouts, ttfd: median(ttfd), provider: median(provider), answered: median(answered), reached: median(reached) };
}

const spread = (values, digits = 0) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

try {
  const tokens = {};
  for (const [name, server] of Object.entries(servers)) {
    tokens[name] = (await call(server, "POST", "/auth/login", { email: DEMO_USER.email, password: DEMO_USER.password })).accessToken;
  }
  const results = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  console.log(`\nStream fan-out: ${CHUNKS} chunks ${CHUNK_GAP_MS} ms apart, one run, N listeners (wrangler dev, local); ${ROUNDS} rounds`);
  for (let r = 0; r < ROUNDS; r++) {
    const names = Object.keys(servers);
    for (const name of r % 2 === 0 ? names : [...names].reverse()) {
      const result = await round(servers[name], tokens[name]);
      results[name].push(result);
      const cells = result.fanouts.map((f) => `${f.listeners}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.kibPerListener.toFixed(0)} KiB/listener, workerd CPU ${f.cpuMs.join(" + ")} ms`);
      console.log(
        `round ${r + 1} ${name.padEnd(4)} | ${cells.join(" | ")} | first delta +${result.ttfd - result.provider} ms (POST answered after ${result.answered} ms, provider request after ${result.reached} ms)`,
      );
    }
  }

  for (const [name, rounds] of Object.entries(results)) {
    console.log(`\n${name}: median (min-max) over ${ROUNDS} rounds`);
    // Memory is read from the first round only: later rounds reuse pages workerd kept from it.
    console.log("listeners | p50 delay ms   | p99 delay ms   | memory per listener KiB (workerd RSS, first round) | workerd CPU ms during the stream (proxy + Worker)");
    for (const [i, listeners] of FANOUTS.entries()) {
      const of = (key) => rounds.map((round) => round.fanouts[i][key]);
      const cpu = rounds.map((round) => round.fanouts[i].cpuMs.reduce((a, b) => a + b, 0));
      console.log(
        `${String(listeners).padStart(9)} | ${spread(of("p50")).padEnd(14)} | ${spread(of("p99")).padEnd(14)} | ${rounds[0].fanouts[i].kibPerListener.toFixed(0).padEnd(50)} | ${spread(cpu)}`,
      );
    }
    const added = rounds.map((round) => round.ttfd - round.provider);
    console.log(
      `time to first delta (median of ${TTFD_SAMPLES} per round): ${spread(rounds.map((round) => round.ttfd))} ms at the listener vs the provider's own first byte ${spread(rounds.map((round) => round.provider))} ms; the service adds ${spread(added)} ms (ratio ${spread(rounds.map((round) => round.ttfd / round.provider), 2)})`,
    );
  }
} finally {
  for (const server of Object.values(servers)) await server.stop();
  fake.close();
}
