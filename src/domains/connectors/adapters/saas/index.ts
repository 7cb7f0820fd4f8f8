import { SAAS_CONNECTORS, type SaasConnectorKey } from "./registry";

/**
 * The built-in SaaS connectors as the rest of the domain asks for them (the definitions are in
 * this folder, one file per provider; the list is registry.ts).
 */
export { SAAS_CONNECTOR_LIST, SAAS_CONNECTORS, type SaasConnectorKey } from "./registry";
export type { SaasConnector } from "./define";

export const isSaasConnectorKey = (key: string): key is SaasConnectorKey => Object.hasOwn(SAAS_CONNECTORS, key);

/** A built-in tool's displayName/description in `locale` (the tool list's `locale` query). */
export function saasToolText(connectorKey: string, toolKey: string, locale: string | null | undefined) {
  return isSaasConnectorKey(connectorKey) ? SAAS_CONNECTORS[connectorKey].adapter.toolText(toolKey, locale) : null;
}
