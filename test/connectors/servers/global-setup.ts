import type { TestProject } from "vitest/node";
import { startPostgres } from "../../../scripts/test-postgres.mjs";
import { startMcpServer } from "../../../scripts/test-mcp-server.mjs";

/**
 * Runs in Node before the `servers` project's tests: a real PostgreSQL cluster and a real MCP server
 * (the official SDK), both on free loopback ports; their addresses reach the workerd tests through
 * `provide`/`inject`. Both stop at teardown.
 */
export default async function setup(project: TestProject) {
  const [postgres, mcp] = await Promise.all([startPostgres(), startMcpServer()]);
  project.provide("pgUrl", postgres.connectionString);
  project.provide("pgSuperuserUrl", postgres.superuserConnectionString);
  project.provide("pgPort", postgres.port);
  project.provide("mcpOrigin", mcp.origin);
  return async () => {
    await mcp.stop();
    postgres.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
    pgSuperuserUrl: string;
    pgPort: number;
    mcpOrigin: string;
  }
}
