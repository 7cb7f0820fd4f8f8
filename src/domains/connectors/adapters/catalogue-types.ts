/**
 * The catalogue's vocabulary (categories, auth types, translated texts, the shape of a built-in
 * definition). A leaf of the adapters layer: the SaaS connector definitions use it, and
 * instances/catalogue.ts lists them (instances build on adapters, never the other way).
 */
import type { JsonSchema } from "../../../../shared/connectors/adapter-port";
import type { ConnectorLocale } from "./locale";

export type Locale = ConnectorLocale;

/** A text in every catalogue locale (CONTRACT.md: en, de, fr, es, ja). */
export type Translated = Record<Locale, string>;

/** A name that reads the same in every locale (brand names: "Slack", "Notion"). */
export const same = (text: string): Translated => ({ en: text, de: text, fr: text, es: text, ja: text });

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
