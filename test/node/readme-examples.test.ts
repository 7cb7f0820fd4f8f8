import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { request } from "../../scripts/lib/http.mjs";
import { DEMO_USER } from "../../scripts/seed/identity.mjs";
import { startToolServer, TOOL_TOKEN } from "../../scripts/lib/tool-server.mjs";

/**
 * The README's curl examples, run as a reader would against a fresh dev server: every `sh` block
 * with a curl in it is marked, on the line before it, `<!-- example: runs -->` or
 * `<!-- example: illustrative (why) -->`; the runnable ones run in bash, in order, each given the
 * demo user's fresh access token (`TOKEN`, `ACCESS_TOKEN`) and a tool service (`TOOLS_URL`,
 * `TOOLS_TOKEN`), and every HTTP call they make must answer 2xx.
 */
const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** The dev server's origin as the README writes it, and the operator token `npm run dev` writes. */
const README_ORIGIN = /(https?:\/\/)?localhost:8787/g;
const DEV_ADMIN_TOKEN = "dev-admin-token";
/** Ports below this are left to people's own servers (8787 among them). */
const MIN_PORT = 20_000;
const run = promisify(execFile);

interface Example {
  line: number;
  marker: string | undefined;
  code: string;
}

function curlExamples(markdown: string): Example[] {
  const lines = markdown.split("\n");
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== "```sh") continue;
    const end = lines.indexOf("```", i + 1);
    const code = lines.slice(i + 1, end).join("\n");
    const marker = /^<!-- example: (runs|illustrative \(.+\)) -->$/.exec(lines[i - 1] ?? "")?.[1];
    if (/\bcurl\b/.test(code)) examples.push({ line: i + 1, marker, code });
    i = end;
  }
  return examples;
}

/** curl, reporting each call's status on stderr (the block's own output stays as it is). */
const PRELUDE = `set -euo pipefail
curl() { command curl --show-error --write-out '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' "$@"; }
`;

async function freeHighPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port > MIN_PORT) return port;
  }
}

const examples = curlExamples(README);
const runnable = examples.filter((example) => example.marker === "runs");

describe("the README's curl examples", () => {
  it("each says whether it runs as it stands", () => {
    expect(examples.length).toBeGreaterThan(10);
    expect(examples.filter((example) => !example.marker).map((example) => `README.md:${example.line}`)).toEqual([]);
    // The illustrative ones say so to the reader too, not only in the marker.
    for (const example of examples.filter((e) => e.marker !== "runs")) {
      expect(example.code.split("\n")[0], `README.md:${example.line}`).toMatch(/^# Illustrative: /);
    }
    expect(runnable.length).toBeGreaterThanOrEqual(6);
  });

  describe("against a fresh dev server", () => {
    let server: DevServer;
    let tools: Awaited<ReturnType<typeof startToolServer>>;
    beforeAll(async () => {
      tools = await startToolServer();
      // A throw-away state folder (removed by stop), the README's operator token, the demo model
      // quick and selectable as `npm run dev` has it, and the tool service's loopback port allowed.
      server = await startDevServer({
        port: await freeHighPort(),
        secrets: { ADMIN_TOKEN: DEV_ADMIN_TOKEN },
        vars: { DEMO_DELAY_MS: "2", AI_DEMO_MODEL: "on", ALLOW_PRIVATE_HOSTS: tools.host },
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await tools?.stop();
    });

    it("the runnable ones answer 2xx on every call", async () => {
      // One sign-in for all (logins are limited per address and IP); the identity example's
      // logout ends only its own session.
      const login = await request(server.origin, "POST", "/api/v1/auth/login", {
        body: { email: DEMO_USER.email, password: DEMO_USER.password },
      });
      expect(login.status).toBe(200);
      const token: string = login.body.data.accessToken;
      for (const example of runnable) {
        const script = PRELUDE + example.code.replace(README_ORIGIN, server.origin);
        const where = `README.md:${example.line}`;
        const result = await run("bash", ["-c", script], {
          env: {
            PATH: process.env.PATH,
            TOKEN: token,
            ACCESS_TOKEN: token,
            TOOLS_URL: tools.origin,
            TOOLS_TOKEN: TOOL_TOKEN,
          } as unknown as NodeJS.ProcessEnv,
          timeout: 60_000,
          maxBuffer: 16 * 1024 * 1024,
        }).catch((error: { stdout: string; stderr: string; message: string }) => {
          throw new Error(`${where} failed: ${error.message}\n${error.stderr}\n${error.stdout.slice(0, 2000)}`);
        });
        const calls = result.stderr.split("\n").filter((line) => line.startsWith("HTTP "));
        expect(calls.length, `${where}: no call reported\n${result.stderr}`).toBeGreaterThan(0);
        for (const call of calls) expect(call, `${where}\n${result.stdout.slice(0, 2000)}`).toMatch(/^HTTP 2\d\d /);
        // The tool example does more than answer 2xx: the demo model called the tool, which echoed.
        if (example.code.includes("/tool my-tools.echo")) {
          expect(result.stdout).toContain("event: tool.completed");
          expect(result.stdout).toContain('"echoed":{"text":"hi"}');
        }
      }
    }, 240_000);
  });
});
