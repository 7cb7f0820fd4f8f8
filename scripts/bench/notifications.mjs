// `npm run bench:notifications`: seeds 100,000 notifications for one user on a local dev server
// and times the list and unread-count endpoints against GET /api/v1/health in the same run.
//
// Seeding goes straight into the server's local D1 (one INSERT ... SELECT over a recursive CTE,
// applied with `wrangler d1 execute --local --persist-to`), not through 100,000 HTTP calls.
// Requests are sequential and interleaved (health, list, count, ...) so all three see the same
// machine load. The per-user limits (60/min for list and for count) cap the samples per minute, so
// each round (BENCH_ROUNDS, default 3) has its own seeded user and its own empty-inbox user; the
// figures are the median over rounds [min-max].
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchUser } from "../lib/client.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";

console.log(benchEnvironment());

const root = resolve(import.meta.dirname, "../..");
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);
/** Per endpoint: warm-up plus measured requests stay under the 60-per-minute limit of each. */
const WARMUP = 5;
const SAMPLES = 50;
const DEEP_OFFSET = Math.floor(NOTIFICATIONS / 2);
const DEEP_SAMPLES = 4;
const PORT = Number(process.env.BENCH_PORT ?? 8799);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Roughly a real inbox: most unread, a third read, a tenth archived, some expiring later. */
function seedSql(userId) {
  const uuid = `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
      || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;
  return `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${NOTIFICATIONS})
INSERT INTO notifications (id, user_id, title, body, icon, action_url, category, priority, status, read_at, expires_at, created_at)
SELECT ${uuid}, '${userId}', 'Notification ' || n, 'Body of benchmark notification number ' || n, 'bell', '/inbox/' || n,
  CASE n % 2 WHEN 0 THEN 'productivity' ELSE 'system' END,
  CASE n % 3 WHEN 0 THEN 'low' WHEN 1 THEN 'normal' ELSE 'high' END,
  CASE WHEN n % 10 = 0 THEN 'archived' WHEN n % 3 = 0 THEN 'read' ELSE 'unread' END,
  CASE WHEN n % 3 = 0 AND n % 10 <> 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n || ' seconds') END,
  CASE WHEN n % 7 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days') END,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n || ' minutes')
FROM seq;
`;
}

/** What the seed produces, computed the same way, to check the server answers over all the rows. */
function expectedCounts() {
  let unread = 0;
  let visible = 0;
  for (let n = 1; n <= NOTIFICATIONS; n++) {
    if (n % 10 === 0) continue;
    visible++;
    if (n % 3 !== 0) unread++;
  }
  return { unread, visible };
}

async function timed(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

/** One round: a seeded inbox and an empty one, sampled interleaved with /health. */
async function round(api, seeded, empty) {
  const expected = expectedCounts();
  const count = await timed(`${api}/notifications/unread-count`, seeded.token);
  const list = await timed(`${api}/notifications?limit=20`, seeded.token);
  if (count.body.data.count !== expected.unread || list.body.meta.total !== expected.visible) {
    throw new Error(
      `the server does not see the seed: count ${count.body.data.count} (want ${expected.unread}), total ${list.body.meta.total} (want ${expected.visible})`,
    );
  }
  const endpoints = {
    health: { url: `${api}/health` },
    list: { url: `${api}/notifications?limit=20`, token: seeded.token },
    count: { url: `${api}/notifications/unread-count`, token: seeded.token },
    emptyList: { url: `${api}/notifications?limit=20`, token: empty.token },
    emptyCount: { url: `${api}/notifications/unread-count`, token: empty.token },
  };
  // Two requests above already counted against the limits; stay within 60 of each per minute.
  for (let i = 0; i < WARMUP - 1; i++) for (const e of Object.values(endpoints)) await timed(e.url, e.token);
  const samples = { health: [], list: [], count: [], emptyList: [], emptyCount: [], deep: [] };
  for (let i = 0; i < SAMPLES; i++) {
    for (const [name, e] of Object.entries(endpoints)) samples[name].push((await timed(e.url, e.token)).ms);
  }
  for (let i = 0; i < DEEP_SAMPLES; i++)
    samples.deep.push((await timed(`${api}/notifications?limit=20&offset=${DEEP_OFFSET}`, seeded.token)).ms);
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, percentile(values, 50)]));
}

async function main() {
  const persistTo = mkdtempSync(join(tmpdir(), "bench-notifications-"));
  console.log(`starting a dev server (state in ${persistTo}) ...`);
  const server = await startDevServer({ port: PORT, persistTo });
  try {
    const api = `${server.origin}/api/v1`;
    const users = [];
    for (let i = 0; i < ROUNDS; i++)
      users.push({ seeded: await benchUser(server, "bench"), empty: await benchUser(server, "bench-empty") });

    const sqlFile = join(persistTo, "bench-notifications.sql");
    writeFileSync(sqlFile, users.map(({ seeded }) => seedSql(seeded.id)).join("\n"));
    const seedStarted = performance.now();
    execFileSync(
      process.execPath,
      [
        join(root, "node_modules/wrangler/bin/wrangler.js"),
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistTo,
        "--file",
        sqlFile,
      ],
      {
        cwd: root,
        stdio: "pipe",
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
      },
    );
    console.log(
      `seeded ${NOTIFICATIONS.toLocaleString("en")} notifications for each of ${ROUNDS} users in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const rounds = [];
    for (const { seeded, empty } of users) {
      rounds.push(await round(api, seeded, empty));
      console.log(`round ${rounds.length}/${ROUNDS} done`);
    }
    const spread = (values) =>
      `${median(values).toFixed(2)} [${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}]`;
    const rows = [
      ["GET /health", "health", null],
      ["GET /notifications?limit=20", "list", "emptyList"],
      ["GET /notifications/unread-count", "count", "emptyCount"],
      [`GET /notifications?offset=${DEEP_OFFSET} (${DEEP_SAMPLES} samples)`, "deep", "emptyList"],
      ["GET /notifications?limit=20, empty inbox", "emptyList", null],
      ["GET /notifications/unread-count, empty inbox", "emptyCount", null],
    ];
    console.log(
      `\n${NOTIFICATIONS.toLocaleString("en")} notifications per user; ${SAMPLES} sequential samples per endpoint, interleaved; ${ROUNDS} rounds, median [min-max]\n`,
    );
    console.log(
      `${"endpoint".padEnd(50)} ${"median ms".padEnd(20)} ${"x health".padEnd(20)} x the empty inbox's same request`,
    );
    for (const [name, key, baseline] of rows) {
      const ms = rounds.map((r) => r[key]);
      const vsHealth = rounds.map((r) => r[key] / r.health);
      const vsEmpty = baseline ? spread(rounds.map((r) => r[key] / r[baseline])) : "";
      console.log(`${name.padEnd(50)} ${spread(ms).padEnd(20)} ${spread(vsHealth).padEnd(20)} ${vsEmpty}`);
    }
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
