/**
 * The port every connector adapter implements (DESIGN.md "Hosts and domains"): adapters receive
 * plain values (opened credentials, the instance's config, input, an AbortSignal and the guarded
 * outbound fetch), never `Env` or drizzle, and answer a result or throw an `AdapterError` that the
 * connectors domain maps to an API error.
 */

/** A JSON Schema document (draft 2020-12), kept as plain data. */
export type JsonSchema = Record<string, unknown>;

export type CredType = "oauth2" | "api_key" | "basic_auth" | "bearer_token" | "connection_string" | "custom";

/** Credentials after `credentials.ts` opened them: the stored key-value pairs of one credType. */
export interface OpenedCredentials {
  credType: CredType;
  /** The keys of the spec's credType table (`access_token`, `apiKey`, `token`, `connectionString`, ...). */
  values: Record<string, string>;
}

/** A tool as an adapter describes it; the domain stores it as a connector tool row. */
export interface ToolDescriptor {
  toolKey: string;
  displayName: string;
  description: string | null;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  requiresApproval: boolean;
  rateLimitRpm: number | null;
}

/**
 * `fetch` for every outbound request: it applies the SSRF rules of CONTRACT.md (per redirect hop)
 * and, for built-in providers, `CONNECTOR_<K>_BASE_URL` (scheme and host replaced, paths kept), so
 * adapters always write the provider's real URLs.
 */
export type OutboundFetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface AdapterContext {
  credentials: OpenedCredentials;
  /** The instance's `config` (already validated against the definition's `configSchema`). */
  config: Record<string, unknown>;
  fetch: OutboundFetch;
  /** Aborts at the 30-second execution timeout (or when the caller goes away). */
  signal: AbortSignal;
}

/** The spec's tool execution result, minus `durationMs` (the domain measures it). */
export interface ToolResult {
  success: boolean;
  output: Record<string, unknown>;
  error: string | null;
  httpStatus: number | null;
}

export interface HealthResult {
  ok: boolean;
  /** Shown as the instance's `healthMessage`: says what is wrong, never a secret. */
  message: string;
}

export interface ConnectorAdapter {
  /** The tools `sync-tools` upserts: a fixed list for SaaS adapters, discovered for MCP. */
  listTools(context: AdapterContext): Promise<ToolDescriptor[]>;
  /**
   * Runs one tool. A failure inside the external service (4xx/5xx with a readable answer) is a
   * result with `success` false and the `httpStatus`; no answer or garbage is an `AdapterError`.
   */
  execute(toolKey: string, input: Record<string, unknown>, context: AdapterContext): Promise<ToolResult>;
  /** The `test` endpoint: a cheap authenticated call (`auth.test`, `SELECT 1`, `initialize`, ...). */
  healthCheck(context: AdapterContext): Promise<HealthResult>;
}

/**
 * What went wrong where no result can be given, and how the domain answers it:
 * - `unreachable`, `bad_response`: 502 `CONNECTION_FAILED` (the service cannot be reached, or
 *   answered something that is not its protocol);
 * - `invalid_input`: 400 `bad_request` with the reason (e.g. a SQL statement that is not one SELECT);
 * - `blocked_destination`: 400 `bad_request` (an outbound URL the SSRF rules refuse);
 * - `unknown_tool`: 404 `NOT_FOUND`.
 * Messages name the cause and never contain credentials.
 */
export type AdapterErrorKind =
  | "unreachable"
  | "bad_response"
  | "invalid_input"
  | "blocked_destination"
  | "unknown_tool";

export class AdapterError extends Error {
  constructor(
    readonly kind: AdapterErrorKind,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/**
 * How a built-in OAuth provider is reached (static data in each SaaS adapter; custom oauth2
 * definitions build one from their `authConfig`). URLs are the provider's real ones; the domain
 * rebases them onto `CONNECTOR_<K>_BASE_URL` when it is set.
 */
export interface OAuthProviderSpec {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** How scopes are joined in the authorize URL (Slack user scopes: ","). */
  scopeSeparator: " " | ",";
  /** Whether the provider accepts PKCE S256. */
  pkce: boolean;
  /** How the client authenticates at the token URL. */
  tokenAuth: "client_secret_basic" | "client_secret_post";
  /** Body encoding of token requests (Notion takes JSON). */
  tokenBody: "form" | "json";
  /** Extra authorize parameters (e.g. Google's `access_type=offline`, `prompt=consent`). */
  authorizeParams?: Record<string, string>;
}

/** The authorize parameter that carries the scopes (Slack's user scopes: `user_scope`). */
export type ScopeParam = "scope" | "user_scope";

/** Tokens as the domain stores them after an exchange or a refresh. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  /** Absolute expiry, ISO 8601, when the provider said when the token expires. */
  expires_at?: string;
  scopes?: string[];
}

/**
 * A token endpoint failure: `invalid_grant` (the grant is dead: 400/401, `invalid_grant`, Slack's
 * `invalid_refresh_token`...) or `transient` (network, 5xx, 429: try again next tick).
 */
export class OAuthTokenError extends Error {
  constructor(
    readonly kind: "invalid_grant" | "transient",
    message: string,
  ) {
    super(message);
  }
}
