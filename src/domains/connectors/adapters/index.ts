import { parseAllowList } from "./outbound";
import { httpAdapter } from "./custom-http";
import { createMcpAdapter } from "./mcp/adapter";
import { isSaasConnectorKey, SAAS_CONNECTORS } from "./saas";
import { createSqlAdapter } from "../../../../workers/sql/src/sql";
import type { ConnectorAdapter } from "./types";

/**
 * The adapter factory: built-in connectors by key, custom definitions always through the HTTP
 * tool runner. The SQL adapter opens TCP sockets, which the guarded fetch cannot see, so it takes
 * the `ALLOW_PRIVATE_HOSTS` list itself.
 */
const mcpAdapter = createMcpAdapter();

function builtInAdapter(connectorKey: string, allowPrivateHosts: string | undefined): ConnectorAdapter | null {
  if (connectorKey === "mcp-generic") return mcpAdapter;
  if (connectorKey === "sql-database") return createSqlAdapter({ allowList: parseAllowList(allowPrivateHosts) });
  return isSaasConnectorKey(connectorKey) ? SAAS_CONNECTORS[connectorKey].adapter : null;
}

/** Null when this deployment has no adapter for a built-in key (the caller answers 503). */
export function adapterFor(
  connectorKey: string,
  isCustom: boolean,
  allowPrivateHosts?: string,
): ConnectorAdapter | null {
  return isCustom ? httpAdapter : builtInAdapter(connectorKey, allowPrivateHosts);
}
