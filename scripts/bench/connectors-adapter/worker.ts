// A bench-only Worker that calls the SQL and MCP adapters directly (no API, no D1), so
// `npm run bench:connectors -- --adapter` can time the adapters in workerd as `wrangler dev`
// bundles them (the libpg-query .wasm, pg over cloudflare:sockets) against the same work done
// straight from Node. Its settings arrive as vars; it is never deployed.
import { createMcpAdapter } from "../../../src/domains/connectors/adapters/mcp/adapter";
import { createPostgresAdapter } from "../../../workers/sql/src/sql";
import type { AdapterContext, OpenedCredentials } from "../../../shared/connectors/adapter-port";
import { outboundFetch, parseAllowList } from "../../../src/domains/connectors/adapters/outbound";

interface BenchEnv {
  ALLOW_PRIVATE_HOSTS: string;
  PG_URL: string;
  MCP_URL: string;
  MCP_TOKEN: string;
}

const context = (env: BenchEnv, credentials: OpenedCredentials, config: Record<string, unknown>): AdapterContext => ({
  credentials,
  config,
  fetch: outboundFetch({ allowList: parseAllowList(env.ALLOW_PRIVATE_HOSTS) }),
  signal: new AbortController().signal,
});

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const { pathname } = new URL(request.url);
    // The cost of a request into `wrangler dev` itself, to tell it apart from the adapters'.
    if (pathname === "/noop") return Response.json({ result: { success: true }, workerMs: 0 });
    const body = (await request.json().catch(() => ({}))) as {
      sql?: string;
      tool?: string;
      input?: Record<string, unknown>;
    };
    const started = performance.now();
    if (pathname === "/sql") {
      const adapter = createPostgresAdapter({ allowList: parseAllowList(env.ALLOW_PRIVATE_HOSTS) });
      const result = await adapter.execute(
        "run_query",
        { sql: body.sql },
        context(env, { credType: "connection_string", values: { connectionString: env.PG_URL } }, {}),
      );
      return Response.json({ result, workerMs: performance.now() - started });
    }
    if (pathname === "/mcp") {
      const result = await createMcpAdapter().execute(
        body.tool ?? "echo",
        body.input ?? {},
        context(env, { credType: "bearer_token", values: { token: env.MCP_TOKEN } }, { serverUrl: env.MCP_URL }),
      );
      return Response.json({ result, workerMs: performance.now() - started });
    }
    return new Response("not found", { status: 404 });
  },
};
