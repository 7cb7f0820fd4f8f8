import { parseAllowList } from "./outbound";
import { httpAdapter } from "./custom-http";
import { createMcpAdapter } from "./mcp/adapter";
import { isSaasConnectorKey, SAAS_CONNECTORS } from "./saas";
import { createSqlAdapter, type SqlRunner } from "./sql/sql";
import type { ConnectorAdapter } from "../../../../shared/connectors/adapter-port";

/**
 * The adapter factory: built-in connectors by key, custom definitions always through the HTTP
 * tool runner. The SQL adapter opens TCP sockets, which the guarded fetch cannot see, so it takes
 * the `ALLOW_PRIVATE_HOSTS` list itself, and runs in the SQL Worker, reached through `sql` (the
 * service binding `SQL`, passed in by the caller: adapters never see `Env`).
 */
const mcpAdapter = createMcpAdapter();

function builtInAdapter(
  connectorKey: string,
  allowPrivateHosts: string | undefined,
  sql: SqlRunner | undefined,
): ConnectorAdapter | null {
  if (connectorKey === "mcp-generic") return mcpAdapter;
  if (connectorKey === "sql-database")
    return sql ? createSqlAdapter({ allowList: parseAllowList(allowPrivateHosts), runner: sql }) : null;
  return isSaasConnectorKey(connectorKey) ? SAAS_CONNECTORS[connectorKey].adapter : null;
}

/** Null when this deployment has no adapter for a built-in key (the caller answers 503). */
export function adapterFor(
  connectorKey: string,
  isCustom: boolean,
  allowPrivateHosts?: string,
  sql?: SqlRunner,
): ConnectorAdapter | null {
  return isCustom ? httpAdapter : builtInAdapter(connectorKey, allowPrivateHosts, sql);
}
