/**
 * The built-in connector definitions of CONTRACT.md "Catalogue": public metadata only (no auth
 * configuration, client secrets or token URLs; those live in each SaaS adapter). Names and
 * descriptions are translated; `resolveLocale` picks the language.
 */
import type { JsonSchema } from "./adapters/types";
import { CONNECTOR_LOCALES, resolveLocale, type ConnectorLocale } from "./locale";

// One locale resolution for definitions, tools and messages (locale.ts).
export { resolveLocale };
export const LOCALES = CONNECTOR_LOCALES;
export type Locale = ConnectorLocale;

export type Translated = Record<Locale, string>;

export const CATEGORIES = [
  "communication",
  "productivity",
  "database",
  "developer",
  "design",
  "mcp",
  "custom",
] as const;
export type Category = (typeof CATEGORIES)[number];
export const AUTH_TYPES = [
  "none",
  "api_key",
  "oauth2",
  "basic_auth",
  "bearer_token",
  "custom",
  "connection_string",
] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export interface BuiltInDefinition {
  key: string;
  category: Category;
  authType: AuthType;
  displayName: Translated;
  description: Translated;
  iconUrl: string | null;
  configSchema: JsonSchema;
  version: string;
  supportedFeatures: string[];
  subType: string | null;
  /** Built-in OAuth SaaS connectors need `CONNECTOR_<K>_CLIENT_ID` to be active; the others are always active. */
  oauthProvider: boolean;
}

const OPEN_CONFIG: JsonSchema = { type: "object", additionalProperties: true };
const SAAS_FEATURES = ["tool_discovery", "health_check", "oauth_refresh"];

const saas = (
  key: string,
  category: Category,
  displayName: Translated,
  description: Translated,
): BuiltInDefinition => ({
  key,
  category,
  authType: "oauth2",
  displayName,
  description,
  iconUrl: null,
  configSchema: OPEN_CONFIG,
  version: "1.0.0",
  supportedFeatures: SAAS_FEATURES,
  subType: null,
  oauthProvider: true,
});

const same = (text: string): Translated => ({ en: text, de: text, fr: text, es: text, ja: text });

export const CATALOGUE: BuiltInDefinition[] = [
  saas("slack", "communication", same("Slack"), {
    en: "Read channels and messages and post to Slack.",
    de: "Kanäle und Nachrichten lesen und in Slack posten.",
    fr: "Lire les canaux et messages et publier sur Slack.",
    es: "Leer canales y mensajes y publicar en Slack.",
    ja: "Slack のチャンネルとメッセージを読み取り、投稿します。",
  }),
  saas("gmail", "communication", same("Gmail"), {
    en: "Search and read e-mail, create drafts and send messages.",
    de: "E-Mails suchen und lesen, Entwürfe anlegen und Nachrichten senden.",
    fr: "Rechercher et lire des e-mails, créer des brouillons et envoyer des messages.",
    es: "Buscar y leer correos, crear borradores y enviar mensajes.",
    ja: "メールの検索と閲覧、下書きの作成、送信を行います。",
  }),
  saas("google-drive", "productivity", same("Google Drive"), {
    en: "Search, read and create files in Google Drive.",
    de: "Dateien in Google Drive suchen, lesen und anlegen.",
    fr: "Rechercher, lire et créer des fichiers dans Google Drive.",
    es: "Buscar, leer y crear archivos en Google Drive.",
    ja: "Google ドライブのファイルを検索、閲覧、作成します。",
  }),
  saas(
    "google-calendar",
    "productivity",
    {
      en: "Google Calendar",
      de: "Google Kalender",
      fr: "Google Agenda",
      es: "Google Calendar",
      ja: "Google カレンダー",
    },
    {
      en: "List and read events and create new ones.",
      de: "Termine auflisten, lesen und neue anlegen.",
      fr: "Lister et lire des événements et en créer.",
      es: "Listar y leer eventos y crear otros nuevos.",
      ja: "予定の一覧と閲覧、新しい予定の作成を行います。",
    },
  ),
  saas("notion", "productivity", same("Notion"), {
    en: "Search pages and databases and create pages in Notion.",
    de: "Seiten und Datenbanken in Notion durchsuchen und Seiten anlegen.",
    fr: "Rechercher des pages et bases de données et créer des pages dans Notion.",
    es: "Buscar páginas y bases de datos y crear páginas en Notion.",
    ja: "Notion のページとデータベースを検索し、ページを作成します。",
  }),
  saas("figma", "design", same("Figma"), {
    en: "Read design files and comments and post comments in Figma.",
    de: "Designdateien und Kommentare lesen und in Figma kommentieren.",
    fr: "Lire des fichiers de design et des commentaires et commenter dans Figma.",
    es: "Leer archivos de diseño y comentarios y comentar en Figma.",
    ja: "Figma のデザインファイルとコメントを読み取り、コメントを投稿します。",
  }),
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
export const isBuiltInKey = (key: string) => BY_KEY.has(key);

/** `slack` → `SLACK`, `google-drive` → `GOOGLE_DRIVE` (CONTRACT: upper case, `-` as `_`). */
export const envKey = (connectorKey: string) => connectorKey.toUpperCase().replaceAll("-", "_");

/** The provider settings a built-in OAuth connector reads from the environment. */
export function providerSettings(env: Env, connectorKey: string) {
  const vars = env as unknown as Record<string, string | undefined>;
  const k = envKey(connectorKey);
  return {
    clientId: vars[`CONNECTOR_${k}_CLIENT_ID`] || undefined,
    clientSecret: vars[`CONNECTOR_${k}_CLIENT_SECRET`] || undefined,
    baseUrl: vars[`CONNECTOR_${k}_BASE_URL`] || undefined,
  };
}

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
