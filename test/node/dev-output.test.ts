// npm run dev's own output, without a server: the filter over wrangler's stdout
// (scripts/lib/dev-output.mjs) and the progress of its preparation (scripts/lib/dev-progress.mjs).
// test/node/dev-start-output.test.ts checks both on a real first start.
import { describe, expect, it } from "vitest";
import { createWranglerOutputFilter } from "../../scripts/lib/dev-output.mjs";
import { createProgress, migrationEvent } from "../../scripts/lib/dev-progress.mjs";

/** A bindings table as wrangler prints it (coloured title, rows, closing blank line). */
const table = (status: string, extraVar?: string) => [
  "\u001b[34mplatform-api\u001b[39m has access to the following bindings:",
  "Binding                         Resource                  Mode",
  "env.DB (platform)               D1 Database               local",
  `env.PDF_TEXT (platform-pdf-text) Worker                   local [${status}]`,
  ...(extraVar ? [`env.${extraVar} ("")             Environment Variable      local`] : []),
  "",
];
const TYPES = "❓ Your types might be out of date. Re-run `wrangler types` to ensure your types are correct.";
const NOTE =
  "Service bindings, Durable Object bindings, and Tail consumers connect to other Wrangler or Vite dev processes running locally, with their connection status indicated by [connected] or [not connected].";
const READY = "[wrangler:info] Ready on http://127.0.0.1:23817";

function run(lines: string[], after?: (filter: ReturnType<typeof createWranglerOutputFilter>) => void) {
  const out: string[] = [];
  const filter = createWranglerOutputFilter((line) => out.push(line));
  for (const line of lines) filter.line(line);
  after?.(filter);
  return out;
}

describe("the filter over wrangler dev's output", () => {
  it("prints the bindings table once, the one in force when ready, and no types notice", () => {
    const out = run([
      " ⛅️ wrangler 4.164.0",
      "Using secrets defined in .wrangler/state/.dev-bindings.env",
      ...table("not connected"),
      "",
      NOTE,
      "",
      TYPES,
      TYPES,
      "⎔ Starting local server...",
      ...table("connected"),
      READY,
      "[wrangler:info] GET /api/v1/health 200 OK (31ms)",
    ]);
    expect(out).toEqual([
      " ⛅️ wrangler 4.164.0",
      "Using secrets defined in .wrangler/state/.dev-bindings.env",
      "",
      "⎔ Starting local server...",
      ...table("connected"),
      NOTE,
      READY,
      "[wrangler:info] GET /api/v1/health 200 OK (31ms)",
    ]);
  });

  it("after ready, drops a reprint that says nothing new and prints one that does; nothing while stopping", () => {
    const out = run([...table("connected"), READY, ...table("connected"), ...table("connected", "ADDED")], (f) => {
      f.stopping();
      f.line(table("not connected")[0]!);
      for (const line of table("not connected").slice(1)) f.line(line);
    });
    expect(out).toEqual([...table("connected"), READY, ...table("connected", "ADDED")]);
  });

  it("shows what it held when wrangler ends before it is ready (a failed start)", () => {
    const out = run([...table("not connected"), "✘ [ERROR] Address already in use"], (f) => f.end());
    expect(out).toEqual(["✘ [ERROR] Address already in use", ...table("not connected")]);
  });

  it("passes lines it does not know unchanged, collapsing only runs of blank lines", () => {
    const lines = ["a", "", "", "b", "Your Worker has access to these bindings", "c"];
    expect(run(lines)).toEqual(["a", "", "b", "Your Worker has access to these bindings", "c"]);
  });
});

/** A stream recording what is written, a terminal or not. */
const recorder = (isTTY: boolean) => {
  const stream = { isTTY, text: "", write: (chunk: string) => (stream.text += chunk) };
  return stream;
};

describe("npm run dev's progress", () => {
  it("off a terminal, prints a line when a step starts and one with its count when it ends", () => {
    const stream = recorder(false);
    const progress = createProgress(stream);
    const migrations = progress.step("migrations");
    migrations.total(16);
    for (let i = 0; i < 16; i++) migrations.advance();
    migrations.finish("applied");
    const seeding = progress.step("seeding demo data", 4);
    seeding.note("starting a private server");
    for (const name of ["identity", "connectors", "notifications", "status"]) seeding.advance(name);
    seeding.finish();
    progress.line("starting the API on port 8787 …");
    expect(stream.text.split("\n")).toEqual([
      "migrations …",
      expect.stringMatching(/^migrations 16\/16 applied \(\d+\.\d s\)$/),
      "seeding demo data 0/4 …",
      expect.stringMatching(/^seeding demo data 4\/4 done \(\d+\.\d s\)$/),
      "starting the API on port 8787 …",
      "",
    ]);
  });

  it("in a terminal, updates one line in place with the count", () => {
    const stream = recorder(true);
    const migrations = createProgress(stream).step("migrations");
    migrations.total(16);
    for (let i = 0; i < 3; i++) migrations.advance();
    const CLEAR = "\r\u001b[2K";
    expect(stream.text).toBe(
      `${CLEAR}migrations${CLEAR}migrations 0/16${CLEAR}migrations 1/16${CLEAR}migrations 2/16${CLEAR}migrations 3/16`,
    );
    migrations.finish("applied");
    expect(stream.text.split("\n")).toHaveLength(2);
    expect(stream.text).toMatch(/\r\u001b\[2Kmigrations 3\/16 applied \(\d+\.\d s\)\n$/);
  });

  it("reads wrangler's migration output: how many, then each one applied", () => {
    expect(migrationEvent("? About to apply 16 migration(s)")).toEqual({ total: 16 });
    expect(migrationEvent("🚣 19 commands executed successfully.")).toEqual({ applied: true });
    expect(migrationEvent("\u001b[32m🚣 1 command executed successfully.\u001b[39m")).toEqual({ applied: true });
    expect(migrationEvent("│ 0000_init.sql                          │ ✅     │")).toBeNull();
  });
});
