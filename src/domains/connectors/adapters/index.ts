import { httpAdapter } from "./http";
import type { ConnectorAdapter } from "./types";

/**
 * The adapter factory: built-in connectors by key (the SaaS, SQL and MCP adapters register here
 * as they are added), custom definitions always run through the HTTP tool runner.
 */
export const BUILT_IN_ADAPTERS: Record<string, ConnectorAdapter> = {};

/** Null when this deployment has no adapter for a built-in key (the caller answers 503). */
export function adapterFor(connectorKey: string, isCustom: boolean): ConnectorAdapter | null {
  if (isCustom) return httpAdapter;
  return BUILT_IN_ADAPTERS[connectorKey] ?? null;
}
