/**
 * The built-in connector definitions of CONTRACT.md "Catalogue": public metadata only (no auth
 * configuration, client secrets or token URLs). The six SaaS connectors come from their
 * definitions (adapters/saas/registry.ts); SQL and MCP are written here. Names and descriptions
 * are translated; `resolveLocale` picks the language.
 */
import { SAAS_CONNECTOR_LIST, type SaasConnector } from "../adapters/saas";
import type { JsonSchema } from "../../../../shared/connectors/adapter-port";
import type { BuiltInDefinition } from "../adapters/catalogue-types";
import { resolveLocale } from "../adapters/locale";
import { providerSettings } from "../secrets";

// One locale resolution for definitions, tools and messages (locale.ts).
export { resolveLocale };
export {
  AUTH_TYPES,
  CATEGORIES,
  type AuthType,
  type BuiltInDefinition,
  type Category,
  type Locale,
  type Translated,
} from "../adapters/catalogue-types";

const OPEN_CONFIG: JsonSchema = { type: "object", additionalProperties: true };
const SAAS_FEATURES = ["tool_discovery", "health_check", "oauth_refresh"];

/** A SaaS connector's catalogue entry: its own category and texts, the rest the same for all of them. */
const saasDefinition = ({ key, catalogue }: SaasConnector): BuiltInDefinition => ({
  key,
  category: catalogue.category,
  authType: "oauth2",
  displayName: catalogue.displayName,
  description: catalogue.description,
  iconUrl: null,
  configSchema: OPEN_CONFIG,
  version: "1.0.0",
  supportedFeatures: SAAS_FEATURES,
  subType: null,
  oauthProvider: true,
});

export const CATALOGUE: BuiltInDefinition[] = [
  ...SAAS_CONNECTOR_LIST.map(saasDefinition),
  {
    key: "sql-database",
    category: "database",
    authType: "connection_string",
    displayName: {
      en: "SQL database",
      de: "SQL-Datenbank",
      fr: "Base de données SQL",
      es: "Base de datos SQL",
      ja: "SQL データベース",
    },
    description: {
      en: "Read-only queries against a PostgreSQL database.",
      de: "Nur lesende Abfragen an eine PostgreSQL-Datenbank.",
      fr: "Requêtes en lecture seule sur une base PostgreSQL.",
      es: "Consultas de solo lectura sobre una base de datos PostgreSQL.",
      ja: "PostgreSQL データベースへの読み取り専用クエリ。",
    },
    iconUrl: null,
    configSchema: OPEN_CONFIG,
    version: "1.0.0",
    supportedFeatures: ["tool_discovery", "health_check"],
    subType: "postgresql",
    oauthProvider: false,
  },
  {
    key: "mcp-generic",
    category: "mcp",
    authType: "bearer_token",
    displayName: { en: "MCP server", de: "MCP-Server", fr: "Serveur MCP", es: "Servidor MCP", ja: "MCP サーバー" },
    description: {
      en: "Any remote Model Context Protocol server; its tools are discovered.",
      de: "Beliebiger entfernter Model-Context-Protocol-Server; seine Werkzeuge werden erkannt.",
      fr: "Tout serveur Model Context Protocol distant ; ses outils sont découverts.",
      es: "Cualquier servidor Model Context Protocol remoto; sus herramientas se descubren.",
      ja: "任意のリモート Model Context Protocol サーバー。ツールは自動で検出されます。",
    },
    iconUrl: null,
    configSchema: {
      type: "object",
      properties: { serverUrl: { type: "string", format: "uri" } },
      required: ["serverUrl"],
    },
    version: "1.0.0",
    supportedFeatures: ["tool_discovery", "health_check"],
    subType: null,
    oauthProvider: false,
  },
];

const BY_KEY = new Map(CATALOGUE.map((definition) => [definition.key, definition]));
export const builtInDefinition = (key: string) => BY_KEY.get(key);

export const isBuiltInActive = (env: Env, definition: BuiltInDefinition) =>
  !definition.oauthProvider || Boolean(providerSettings(env, definition.key).clientId);

/**
 * Credential types each auth type accepts (CONTRACT "Catalogue": `mcp-generic` takes
 * `bearer_token` or `api_key`).
 */
export function acceptedCredTypes(connectorKey: string, authType: string): string[] {
  if (connectorKey === "mcp-generic") return ["bearer_token", "api_key"];
  if (authType === "none") return ["custom"];
  return [authType];
}
