import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { ownedByUser, partnerKeys, users } from "./identity";

/**
 * Third-party applications registered by partners (`POST /partner/oauth-clients`), and those
 * identified by a Client ID Metadata Document (their row written when they start a flow).
 */
export const oauthClients = sqliteTable("oauth_clients", {
  /** The public `client_id`: a UUID, or the URL of the client's metadata document. */
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  type: text("type", { enum: ["confidential", "public"] }).notNull(),
  /** Pinned per client: `client_secret_basic` for confidential clients, `none` for public ones. */
  tokenEndpointAuthMethod: text("token_endpoint_auth_method", { enum: ["client_secret_basic", "none"] }).notNull(),
  /** Secret: SHA-256 of the client secret (confidential clients only); the secret is shown once. */
  secretHash: text("secret_hash"),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  grantTypes: text("grant_types", { mode: "json" }).$type<string[]>().notNull(),
  allowedScopes: text("allowed_scopes", { mode: "json" }).$type<string[]>().notNull(),
  /** Metadata-document clients name the revoked key `client-metadata-documents` (migration 0021). */
  partnerKeyId: text("partner_key_id")
    .notNull()
    .references(() => partnerKeys.id),
  createdAt: createdAt(),
});

/**
 * One browser's pass through /oauth/authorize: the validated request, bound to the browser that
 * started it (cookie hash), signed in (`user_id`) and then completed exactly once.
 */
export const oauthFlows = sqliteTable(
  "oauth_flows",
  {
    id: text("id").primaryKey(),
    /** Secret: SHA-256 of the browser cookie the flow is bound to. */
    browserHash: text("browser_hash").notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    /** RFC 8707: the one resource (of this server) the request named; null for the default audience. */
    resource: text("resource"),
    state: text("state"),
    codeChallenge: text("code_challenge").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    completedAt: text("completed_at"),
  },
  // By client: the purge of unreferenced metadata-document clients and a client's deletion (its
  // cascade) look a client's flows up (migration 0022).
  (t) => [index("oauth_flows_expires_idx").on(t.expiresAt), index("oauth_flows_client_idx").on(t.clientId)],
);

/** Single-use sign-in links for a flow, delivered through the outbox. */
export const oauthMagicLinks = sqliteTable(
  "oauth_magic_links",
  {
    /** Secret: SHA-256 of the link's token. */
    tokenHash: text("token_hash").primaryKey(),
    flowId: text("flow_id")
      .notNull()
      .references(() => oauthFlows.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [index("oauth_magic_links_flow_idx").on(t.flowId)],
);

/**
 * A user's consent to one client for a set of scopes: the refresh-token family. Revoking it (reuse
 * of a consumed refresh token, code replay, revocation) ends every token issued under it.
 */
export const oauthGrants = sqliteTable(
  "oauth_grants",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    /** RFC 8707: the resource every token of the grant is for; null: the default audience (either). */
    resource: text("resource"),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    index("oauth_grants_user_idx").on(t.userId),
    index("oauth_grants_created_idx").on(t.createdAt),
    // By client, as the flows' (migration 0022).
    index("oauth_grants_client_idx").on(t.clientId),
  ],
);

export const oauthCodes = sqliteTable(
  "oauth_codes",
  {
    /** Secret: SHA-256 of the authorization code. */
    codeHash: text("code_hash").primaryKey(),
    grantId: text("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
    /** The exchange that consumed the code: tokens are only written by the request that won. */
    exchangeId: text("exchange_id"),
  },
  (t) => [index("oauth_codes_expires_idx").on(t.expiresAt), index("oauth_codes_grant_idx").on(t.grantId)],
);

export const oauthRefreshTokens = sqliteTable(
  "oauth_refresh_tokens",
  {
    id: text("id").primaryKey(),
    grantId: text("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    /** Secret: SHA-256 of the opaque refresh token. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
    exchangeId: text("exchange_id"),
  },
  (t) => [
    index("oauth_refresh_tokens_grant_idx").on(t.grantId),
    index("oauth_refresh_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The `jti` of every access token issued under a grant, so revoking the grant can put the
 * still-valid ones on the deny-list (`revoked_access_tokens`).
 */
export const oauthAccessTokens = sqliteTable(
  "oauth_access_tokens",
  {
    jti: text("jti").primaryKey(),
    grantId: text("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    index("oauth_access_tokens_grant_idx").on(t.grantId),
    index("oauth_access_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** E-mails written while no mail provider is configured (magic links); read at GET /admin/outbox. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    /** Secret while the link inside is valid: it signs the recipient in. */
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt)],
);
