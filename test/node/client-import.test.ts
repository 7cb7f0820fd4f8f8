import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { compileClient, firstDifference } from "../../clients/typescript/generate";

/**
 * The typed client is importable by plain Node (no TypeScript loader, no flags): `index.js` is
 * `index.ts` compiled and committed (`npm run client:generate` rewrites it), and the folder is a
 * package whose `exports` name it. Checked in a child process of plain `node`, not through
 * vitest's transform, with the README's own import line.
 */
const root = new URL("../..", import.meta.url).pathname;
const CLIENT = join(root, "clients/typescript");
const run = promisify(execFile);

/** The README's import of the typed client (the first `import` line of its TypeScript example). */
function readmeImport(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const line = readme.split("\n").find((text) => /^import .* from "\.\/clients\/typescript[^"]*";$/.test(text));
  if (!line) throw new Error("README.md shows no import of ./clients/typescript");
  return line;
}

/** A stand-in API answering GET /api/v1/health, recording the Authorization header it got. */
async function fakeApi() {
  const seen: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    res.writeHead(req.url === "/api/v1/health" ? 200 : 404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ data: { status: "ok" } }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((done) => server.close(done)) };
}

/** Runs an ES module in plain node from `cwd` and returns what it printed. */
async function plainNode(cwd: string, source: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["--input-type=module", "--eval", source], {
    cwd,
    // No loader or option inherited from the test runner.
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return stdout.trim();
}

const callHealth = (origin: string) => `
const api = createPlatformClient({ origin: ${JSON.stringify(origin)}, token: "t0k3n" });
const { data, response } = await api.GET("/api/v1/health");
console.log(JSON.stringify({ status: response.status, data }));`;

describe("the typed client under plain Node", () => {
  it("index.js is index.ts compiled (drift check)", async () => {
    const compiled = await compileClient(readFileSync(join(CLIENT, "index.ts"), "utf8"));
    if (process.env.UPDATE_CLIENT) writeFileSync(join(CLIENT, "index.js"), compiled);
    const difference = firstDifference(readFileSync(join(CLIENT, "index.js"), "utf8"), compiled);
    expect(difference, "clients/typescript/index.js is stale: run `npm run client:generate`").toBeNull();
  });

  it("the README's import works from the repository's root and the client calls the API", async () => {
    const api = await fakeApi();
    try {
      const printed = await plainNode(root, `${readmeImport()}\n${callHealth(api.origin)}`);
      expect(JSON.parse(printed)).toEqual({ status: 200, data: { data: { status: "ok" } } });
      expect(api.seen).toEqual(["Bearer t0k3n"]);
    } finally {
      await api.close();
    }
  });

  it("imported as a package by its name, through the folder's exports", async () => {
    const project = mkdtempSync(join(tmpdir(), "client-import-"));
    const api = await fakeApi();
    try {
      // As `npm install <path to clients/typescript>` links it.
      mkdirSync(join(project, "node_modules"));
      symlinkSync(CLIENT, join(project, "node_modules/platform-api-client"), "dir");
      const printed = await plainNode(
        project,
        `import { createPlatformClient } from "platform-api-client";\n${callHealth(api.origin)}`,
      );
      expect(JSON.parse(printed)).toEqual({ status: 200, data: { data: { status: "ok" } } });
    } finally {
      await api.close();
      rmSync(project, { recursive: true, force: true });
    }
  });
});
