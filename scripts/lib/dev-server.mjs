// Starts the Worker under `wrangler dev` with local D1/KV/Durable Objects/Queues, for `npm run dev`,
// the browser tests and the benchmarks. Migrations are applied and the dev seed runs before it
// resolves, so callers get a ready server (for `npm run dev`, before the port is even served).
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { createWranglerOutputFilter } from "./dev-output.mjs";
import { migrationEvent, silentProgress } from "./dev-progress.mjs";
import { runSeeds, seedFiles } from "./seed.mjs";

const root = resolve(import.meta.dirname, "../..");
const wranglerBin = join(root, "node_modules/wrangler/bin/wrangler.js");
const READY_TIMEOUT_MS = 90_000;

/** Secrets for throw-away servers (tests, benchmarks); `npm run dev` uses .dev.vars instead. */
export const EPHEMERAL_SECRETS = {
  JWT_SECRET: "ephemeral-jwt-secret-for-local-servers-only",
  ADMIN_TOKEN: "ephemeral-admin-token",
  CREDENTIALS_KEY: "v1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  MEDIA_SIGNING_KEY: "ephemeral-media-signing-key-0123456789",
};

/**
 * The environment of every wrangler this module runs. CI: no prompts (a migration asks to go on).
 * No metrics. No `Request.cf` download (workers.cloudflare.com; nothing here reads `request.cf`, and
 * offline it fails with a stack trace at every start).
 */
const WRANGLER_ENV = { CI: "true", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/**
 * Applies the pending migrations to the local D1 under `persistTo`; `onLine` gets each line wrangler
 * prints (it reports each migration as it is applied). Its output is kept for the error if it fails.
 */
export function applyMigrations(persistTo, onLine = () => {}) {
  const child = spawn(
    process.execPath,
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...WRANGLER_ENV } },
  );
  const output = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      onLine(line);
    });
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("close", (code) =>
      code === 0 ? done() : fail(new Error(`applying migrations failed (exit ${code}):\n${output.join("\n")}`)),
    );
  });
}

/**
 * What a state folder already has, so a restart skips work that is done: the migrations applied
 * and the seed run (each is a separate wrangler process or a private instance: seconds apiece).
 * The record lives inside the state folder, so deleting the state forgets it too; it names the
 * migration files and a hash of the seed scripts, so a new migration or a changed seed runs again.
 */
const STATE_RECORD = ".platform-dev-state.json";
const migrationsDir = join(root, "migrations");
const seedDir = join(root, "scripts/seed");

const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
function seedHash() {
  const hash = createHash("sha256");
  for (const file of readdirSync(seedDir).sort()) hash.update(file).update(readFileSync(join(seedDir, file)));
  return hash.digest("hex");
}
function readRecord(persistTo) {
  const path = join(persistTo, STATE_RECORD);
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  } catch {
    return {};
  }
}
const writeRecord = (persistTo, record) =>
  writeFileSync(join(persistTo, STATE_RECORD), `${JSON.stringify(record, null, 2)}\n`);

/** How much of a silent server's stderr an early exit reports. */
const STDERR_LINES_KEPT = 30;

/** `wrangler dev` ended before it answered: `output` is the end of what it wrote to stderr, if kept. */
class EarlyExit extends Error {
  constructor(code, output) {
    super(`wrangler dev exited with code ${code}${output ? `:\n${output}` : ""}`);
  }
}

async function waitForHealth(origin, child, output = () => "") {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new EarlyExit(child.exitCode, output());
    try {
      const res = await fetch(`${origin}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer on ${origin} within ${READY_TIMEOUT_MS} ms`);
}

/**
 * Whether `port` can be listened on at 127.0.0.1 (where `wrangler dev` listens): `null` when it
 * can, else the reason (`EADDRINUSE`: another server has it).
 */
export const portProblem = (port) =>
  new Promise((answer) => {
    const probe = createServer()
      .once("error", (error) => answer(error.code ?? String(error)))
      .listen(port, "127.0.0.1", () => probe.close(() => answer(null)));
  });

/** The first port after `port` that is free (a suggestion when `port` is taken); any free one past 20 tries. */
export async function nextFreePort(port) {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++)
    if ((await portProblem(candidate)) === null) return candidate;
  return freePort();
}

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise((resolvePort) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });

/**
 * Spawns `wrangler dev` on `port` and resolves once it answers `/health`. `envFile` (npm run dev)
 * replaces `.dev.vars` as the source of secrets: a file, so no secret shows in the process list.
 * A server that nobody watches (tests, benchmarks, the seeder) and that exits while starting is
 * started once more on a fresh port: several start at once on this machine, and a port (or the
 * inspector's) taken between the probe and wrangler's own bind is not a failure of the code under
 * test. A second early exit is reported with the end of wrangler's stderr.
 */
export async function launch(options) {
  try {
    return await launchOnce(options);
  } catch (error) {
    if (options.inheritOutput || !(error instanceof EarlyExit)) throw error;
    return launchOnce({ ...options, port: await freePort() });
  }
}

async function launchOnce({ port, persistTo, vars, envFile, inheritOutput, devArgs = [] }) {
  const args = [
    "dev",
    // The API first (the primary Worker on the port), then the Workers it binds: PDF_TEXT,
    // JSON_SCHEMA, SQL (the sql-database connector's execution).
    "-c",
    "wrangler.toml",
    "-c",
    "workers/pdf-text/wrangler.toml",
    "-c",
    "workers/json-schema/wrangler.toml",
    "-c",
    "workers/sql/wrangler.toml",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
  ];
  if (envFile) args.push("--env-file", envFile);
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  args.push(...devArgs);
  // A dev registry of this server's own (wrangler's default is one per machine): its private Workers
  // register there, and other `wrangler dev`s starting or stopping on the machine (another clone's
  // platform-pdf-text, say) neither reprint its bindings nor take their names.
  const registry = mkdtempSync(join(tmpdir(), "platform-dev-registry-"));
  const child = spawn(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    stdio: inheritOutput ? ["ignore", "pipe", "inherit"] : ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      ...WRANGLER_ENV,
      WRANGLER_REGISTRY_PATH: registry,
      // Piped through the filter below, wrangler would lose its colours in a terminal.
      ...(inheritOutput && process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}),
    },
  });
  // npm run dev: wrangler's stdout without its repetitions (dev-output.mjs); stderr as it comes.
  const filter = inheritOutput ? createWranglerOutputFilter((line) => process.stdout.write(`${line}\n`)) : null;
  if (filter) createInterface({ input: child.stdout }).on("line", filter.line).on("close", filter.end);
  // The end of stderr, for the error of an early exit (never printed otherwise: it may name vars).
  const stderrTail = [];
  if (!inheritOutput)
    createInterface({ input: child.stderr }).on("line", (line) => {
      stderrTail.push(line);
      if (stderrTail.length > STDERR_LINES_KEPT) stderrTail.shift();
    });
  child.once("exit", () => rmSync(registry, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      filter?.stopping();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  try {
    await waitForHealth(origin, child, () => stderrTail.join("\n"));
    return { origin, stop, process: child };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * @param {{ port?: number, persistTo?: string, seed?: boolean, seedBeforeServing?: boolean,
 *           secrets?: Record<string,string> | null, envFile?: string, adminToken?: string,
 *           vars?: Record<string,string>, inheritOutput?: boolean, devArgs?: string[] }} options
 *   `secrets: null` means "no ephemeral secrets": they come from `envFile` (npm run dev: .dev.vars
 *   and the environment, scripts/lib/dev-vars.mjs); otherwise ephemeral secrets are passed as vars.
 *   `seedBeforeServing` (npm run dev) seeds through a private instance on a free port first, so the
 *   public port never serves an unseeded state (CONTRACT.md: migrations and seed before serving).
 *   `devArgs`: more arguments for `wrangler dev` (a profile's `--minify=false`).
 */
export async function startDevServer(options = {}) {
  const port = options.port ?? 8787;
  // A throw-away state folder (tests, benchmarks) is removed when the server stops.
  const ownsState = options.persistTo === undefined;
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "platform-api-"));
  const secrets = options.secrets === null ? null : { ...EPHEMERAL_SECRETS, ...options.secrets };
  const vars = { ...secrets, ...options.vars };
  const adminToken = secrets?.ADMIN_TOKEN ?? options.adminToken;
  const progress = options.progress ?? silentProgress;
  const record = readRecord(persistTo);
  const migrations = migrationFiles();
  if (JSON.stringify(record.migrations) !== JSON.stringify(migrations)) {
    const step = progress.step("migrations");
    await applyMigrations(persistTo, (line) => {
      const event = migrationEvent(line);
      if (event?.total !== undefined) step.total(event.total);
      else if (event?.applied) step.advance();
    });
    step.finish("applied");
    writeRecord(persistTo, { ...record, migrations });
  }
  const currentSeed = seedHash();
  const seed = options.seed !== false && record.seed !== currentSeed;
  const remember = () => writeRecord(persistTo, { ...readRecord(persistTo), seed: currentSeed });

  if (seed && options.seedBeforeServing) {
    const step = progress.step("seeding demo data", seedFiles().length);
    step.note("starting a private server");
    const seeder = await launch({
      port: await freePort(),
      persistTo,
      vars,
      envFile: options.envFile,
      inheritOutput: false,
    });
    try {
      await runSeeds({ origin: seeder.origin, adminToken }, (file) => step.advance(file));
      remember();
    } finally {
      await seeder.stop();
    }
    step.finish();
  }
  progress.line(`starting the API on port ${port} …`);
  const server = await launch({
    port,
    persistTo,
    vars,
    envFile: options.envFile,
    inheritOutput: options.inheritOutput,
    devArgs: options.devArgs,
  });
  try {
    if (seed && !options.seedBeforeServing) {
      await runSeeds({ origin: server.origin, adminToken });
      remember();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    if (ownsState) rmSync(persistTo, { recursive: true, force: true });
  };
  return { ...server, stop, adminToken, persistTo };
}

/** The server's workerd processes (wrangler dev runs two: its proxy in front, then the Worker's own). */
export function workerdProcesses(server) {
  const pids = [server.process.pid];
  const found = [];
  while (pids.length) {
    const pid = pids.pop();
    let children = "";
    try {
      children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)], { encoding: "utf8" });
    } catch {
      // no children
    }
    for (const line of children.trim().split("\n").filter(Boolean)) {
      const [child, comm] = line.trim().split(/\s+/);
      pids.push(Number(child));
      if (comm.startsWith("workerd")) found.push(Number(child));
    }
  }
  return found;
}

/**
 * The origin of the Worker's own workerd, behind `wrangler dev`'s proxy (which listens on the
 * public port and forwards every request): among the ports this server's workerd processes
 * listen on, the one other than the public port that answers `/health`.
 */
export async function workerOrigin(server) {
  const own = new Set(workerdProcesses(server).map(String));
  const listening = execFileSync("ss", ["-ltnp"], { encoding: "utf8" });
  const publicPort = new URL(server.origin).port;
  for (const [, port, pid] of listening.matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/g)) {
    if (port === publicPort || !own.has(pid)) continue;
    const origin = `http://127.0.0.1:${port}`;
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) return origin;
    } catch {
      // not an HTTP port (the inspector's)
    }
  }
  throw new Error("the Worker's own port was not found");
}

/**
 * The DevTools address of the Worker `name` in this server's workerd: its runtime inspector, on a
 * port of its own (wrangler's `--inspector-port` proxy attaches elsewhere), found as `workerOrigin`
 * finds the Worker's port, by the target `core:user:<name>` its `/json` lists.
 */
export async function workerInspector(server, name) {
  const own = new Set(workerdProcesses(server).map(String));
  const listening = execFileSync("ss", ["-ltnp"], { encoding: "utf8" });
  for (const [, port, pid] of listening.matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/g)) {
    if (!own.has(pid)) continue;
    try {
      const targets = await (
        await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) })
      ).json();
      const target = targets.find((t) => t.id === `core:user:${name}`);
      if (target) return target.webSocketDebuggerUrl;
    } catch {
      // not the inspector's port
    }
  }
  throw new Error(`no inspector lists the Worker ${name}`);
}
