import type { SaasConnector } from "./define";
import { figmaConnector } from "./figma";
import { gmailConnector } from "./gmail";
import { googleCalendarConnector } from "./google-calendar";
import { googleDriveConnector } from "./google-drive";
import { notionConnector } from "./notion";
import { slackConnector } from "./slack";

/**
 * THE list of built-in SaaS connectors (CONTRACT.md's catalogue), in catalogue order. The
 * catalogue, the adapter factory and the OAuth client (hand-off and refresh) all read it: adding a
 * provider is its definition file plus one line here.
 */
export const SAAS_CONNECTOR_LIST = [
  slackConnector,
  gmailConnector,
  googleDriveConnector,
  googleCalendarConnector,
  notionConnector,
  figmaConnector,
] as const;

type Listed = (typeof SAAS_CONNECTOR_LIST)[number];
export type SaasConnectorKey = Listed["key"];

/** The same connectors by key. */
export const SAAS_CONNECTORS = Object.fromEntries(
  SAAS_CONNECTOR_LIST.map((connector) => [connector.key, connector]),
) as { [K in SaasConnectorKey]: SaasConnector<K> };
