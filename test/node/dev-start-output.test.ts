// What `npm run dev` prints, on a first start (a fresh state folder) and with its port taken.
// Its own free port and temp state folder, so it runs beside other dev servers (never 8787).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/dev-server.mjs";

const root = resolve(import.meta.dirname, "../..");
/** The budget for a whole first start, up to and including the banner. */
const MAX_START_LINES = 100;
/** A first start applies every migration and seeds through a private server: about 35 s, more on a busy machine. */
const FIRST_START_TIMEOUT_MS = 150_000;

const count = (dir: string, ext: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith(ext)).length;

/** Stops `child`'s process group (npm, node, wrangler, workerd) and waits until it is gone. */
async function stopGroup(child: ChildProcess) {
  const alive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-child.pid!, "SIGTERM");
  for (const deadline = Date.now() + 30_000; alive() && Date.now() < deadline; )
    await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-child.pid!, "SIGKILL");
}

describe("npm run dev's output", () => {
  it(
    "a first start prints each step with its count, one bindings table and the reference URL, in under 100 lines",
    async () => {
      const persistTo = mkdtempSync(join(tmpdir(), "dev-start-output-"));
      const port = await freePort();
      const child = spawn("npm", ["run", "dev"], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DEV_PERSIST_DIR: persistTo },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (chunk) => (output += chunk));
      child.stderr!.on("data", (chunk) => (output += chunk));
      try {
        // The banner is one write; the start is everything up to its last line.
        const bannerEnd = /\n {2}try: {10}curl -s \S+\n/;
        const deadline = Date.now() + FIRST_START_TIMEOUT_MS;
        while (!bannerEnd.test(output)) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`npm run dev did not start:\n${output}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        const start = stripVTControlCharacters(output.slice(0, output.search(bannerEnd))).split("\n");
        const text = start.join("\n");
        expect(start.length, text).toBeLessThan(MAX_START_LINES);

        // Progress: every step named, with its count, before the server's own output.
        const migrations = count("migrations", ".sql");
        const seeds = count("scripts/seed", ".mjs");
        const at = (pattern: RegExp) => start.findIndex((line) => pattern.test(line));
        expect(at(/^migrations …$/)).toBeGreaterThan(-1);
        expect(at(new RegExp(`^migrations ${migrations}/${migrations} applied \\(\\d+\\.\\d s\\)$`))).toBeGreaterThan(
          at(/^migrations …$/),
        );
        expect(at(new RegExp(`^seeding demo data 0/${seeds} …$`))).toBeGreaterThan(at(/^migrations \d/));
        expect(at(new RegExp(`^seeding demo data ${seeds}/${seeds} done`))).toBeGreaterThan(at(/^seeding demo data 0/));
        expect(at(new RegExp(`^starting the API on port ${port} …$`))).toBeGreaterThan(
          at(/^seeding demo data \d+\/\d+ done/),
        );

        // wrangler's repetitions gone: one bindings table, the connected one; no false types notice.
        expect(start.filter((line) => line.includes("has access to the following bindings"))).toHaveLength(1);
        expect(text).toContain("env.PDF_TEXT (platform-pdf-text)");
        const rows = start.filter((line) => line.startsWith("env."));
        expect(rows.filter((line) => line.includes("[connected]"))).toHaveLength(3);
        expect(rows.filter((line) => line.includes("[not connected]"))).toEqual([]);
        expect(text).not.toContain("Your types might be out of date");
        expect(text).not.toContain("Request.cf");

        // The banner's addresses answer: the index and the reference page.
        const banner = stripVTControlCharacters(output);
        const api = `http://localhost:${port}/api/v1`;
        expect(banner).toContain(`Platform API on ${api}  (state: ${persistTo})`);
        expect(banner).toContain(`  reference:    ${api}/docs\n`);
        const direct = `http://127.0.0.1:${port}/api/v1`;
        const index = await fetch(direct);
        expect(index.status).toBe(200);
        expect(((await index.json()) as { data: { links: { reference: string } } }).data.links.reference).toBe(
          `${direct}/docs`,
        );
        const reference = await fetch(`${direct}/docs`);
        expect(reference.status).toBe(200);
        expect(await reference.text()).toContain("Platform API reference");
        // Through wrangler's static-asset layer too: a trailing slash is the same path, a wrong method 405.
        const origin = `http://127.0.0.1:${port}`;
        for (const path of ["/", "/api/v1/", "/api/v1/docs/", "/status/"]) {
          const res = await fetch(`${origin}${path}`, { redirect: "manual" });
          expect(res.status, path).toBe(200);
          await res.body?.cancel();
        }
        const wrongMethod = await fetch(`${direct}/health`, { method: "DELETE" });
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get("Allow")).toBe("GET, HEAD");
      } finally {
        await stopGroup(child);
        rmSync(persistTo, { recursive: true, force: true });
      }
    },
    FIRST_START_TIMEOUT_MS + 40_000,
  );

  it("with its port taken, names PORT= with a free port, without a stack trace, before doing anything", async () => {
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(0, "127.0.0.1", listening));
    const port = (holder.address() as { port: number }).port;
    const persistTo = join(tmpdir(), `dev-port-taken-${port}`);
    try {
      const run = spawnSync(process.execPath, [join(root, "scripts/dev.mjs")], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DEV_PERSIST_DIR: persistTo },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      const suggested =
        /^Port (\d+) is in use \(another npm run dev or wrangler dev\?\)\. Start on another port: PORT=(\d+) npm run dev\n$/.exec(
          run.stderr,
        );
      expect(suggested, run.stderr).not.toBeNull();
      expect(Number(suggested![1])).toBe(port);
      expect(Number(suggested![2])).not.toBe(port);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      // Nothing was prepared for a server that could not start.
      expect(() => readdirSync(persistTo)).toThrow();
    } finally {
      holder.close();
    }
  });

  it("refuses a PORT that is not a port number, saying so", () => {
    const run = spawnSync(process.execPath, [join(root, "scripts/dev.mjs")], {
      cwd: root,
      env: { ...process.env, PORT: "80a" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('PORT must be a port number (1-65535), not "80a": PORT=8788 npm run dev\n');
  });
});
