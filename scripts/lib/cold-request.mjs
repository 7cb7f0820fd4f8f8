// The cold request of issue 38: an entry that imports the Worker and hands it one request at its
// module's top level, so `wrangler check startup` profiles startup plus that request's work.
// Shared by scripts/bench/startup.mjs (the figures) and scripts/bench/cold-profile.mjs (where the
// time goes).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The cold requests issue 38 measures (goal: each within COLD_GOAL of the bare Worker's). `expect`
 * is the status the request must get with no bindings: it shows the request went through routing
 * into its route (status: the KV read fails; token: the form is validated, then the limiter's call
 * fails; sessions: `authenticate` refuses the missing token), so its router and schemas were built
 * and used. The caller's request id spares `crypto.randomUUID()`, which workerd refuses at a
 * module's top level.
 */
export const COLD_REQUESTS = [
  { name: "GET /api/v1/status", path: "/api/v1/status", expect: 500 },
  {
    name: "POST /api/v1/oauth/token",
    path: "/api/v1/oauth/token",
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=refresh_token&refresh_token=cold-bench&client_id=cold-bench",
    expect: 500,
  },
  { name: "GET /api/v1/ai/sessions", path: "/api/v1/ai/sessions", expect: 401 },
];
/** Issue 38's goal: a cold request costs at most this many times the bare Hono Worker's. */
export const COLD_GOAL = 3;

/**
 * The entry's code after `import worker`: hand `request` to the Worker at the module's top level.
 * workerd refuses a Request or Response with a body there (outside a handler), so for the length
 * of the request, `Response` is a stand-in that keeps its status, headers and body, and the request
 * is a bodiless Request whose body methods give `request.body`. Bindings are absent; `DB` is an
 * object that throws when used, since \`requestContext\` builds the database handle (drizzle, no
 * query) before routing. The answer's status is exported as `coldStatus`, and anything but
 * `request.expect` throws, which fails the startup check.
 */
const coldRequestSource = (request) => `
class StandInResponse {
  constructor(body = null, init = {}) {
    this.body = body;
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
  }
  async text() { return typeof this.body === "string" ? this.body : new TextDecoder().decode(this.body ?? new Uint8Array()); }
  async json() { return JSON.parse(await this.text()); }
  async arrayBuffer() { return new TextEncoder().encode(await this.text()).buffer; }
  async formData() {
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(await this.text())) form.append(name, value);
    return form;
  }
}
const body = ${JSON.stringify(request.body ?? null)};
const request = new Request(${JSON.stringify(`http://localhost${request.path}`)}, ${JSON.stringify({
  method: request.method ?? "GET",
  // The caller's request id spares crypto.randomUUID(), which workerd also refuses at the top level.
  headers: {
    "X-Request-Id": "cold-bench",
    ...request.headers,
    ...(request.body ? { "Content-Length": String(request.body.length) } : {}),
  },
})});
if (body !== null) {
  const read = () => new StandInResponse(body);
  for (const method of ["text", "json", "arrayBuffer", "formData"]) request[method] = () => read()[method]();
}
const absent = new Proxy({}, { get(_, name) { throw new Error(\`binding absent (\${String(name)})\`); } });
const RealResponse = globalThis.Response;
globalThis.Response = StandInResponse;
let response;
try {
  response = await worker.fetch(request, { DB: absent }, { waitUntil() {}, passThroughOnException() {}, props: {} });
} finally {
  globalThis.Response = RealResponse;
}
export const coldStatus = response.status;
if (response.status !== ${request.expect}) throw new Error(\`${request.name}: \${response.status} \${await response.text()}\`);
`;

/**
 * A Worker whose entry imports `main` (re-exporting it, Durable Object classes included) and hands
 * it `request` at its module's top level (coldRequestSource), so `wrangler check startup` profiles
 * startup plus the request's work. Its folder holds a copy of `config` with `main` pointing at the
 * entry and relative paths (the values, not the [alias] keys) made absolute against `tree`.
 */
export function coldRequestWorker(scratch, name, tree, config, main, request, i) {
  const dir = join(scratch, `cold-${i}`);
  mkdirSync(dir);
  const entry = JSON.stringify(join(tree, main));
  writeFileSync(
    join(dir, "entry.ts"),
    `import worker from ${entry};\nexport * from ${entry};\nexport default worker;\n${coldRequestSource(request)}`,
  );
  writeFileSync(
    join(dir, "wrangler.toml"),
    readFileSync(join(tree, config), "utf8")
      .replace(/^main = .*$/m, 'main = "entry.ts"')
      // Values only: some [alias] keys are relative specifiers as written ("./compile.js"), kept as they are.
      .replaceAll('= "./', `= "${tree}/`),
  );
  return { name, dir };
}
