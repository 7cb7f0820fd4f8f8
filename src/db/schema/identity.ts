import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** A row owned by a user, deleted with them. */
export function ownedByUser() {
  return text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}

/** A row owned by an account, deleted with it. */
export function ownedByAccount() {
  return text("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
}

/** A row of a workspace, deleted with it. */
export function inWorkspace() {
  return text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });
}

/** The billing unit: a plan and the entitlements it grants. Every user owns exactly one. */
export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  plan: text("plan", { enum: ["free", "pro", "business"] }).notNull(),
  /** JSON array of entitlement keys (`ai`, `connectors`, `provider:<key>`). */
  entitlements: text("entitlements", { mode: "json" }).$type<string[]>().notNull(),
  /** Overrides the plan's daily AI request allowance when set. */
  aiDailyAllowance: integer("ai_daily_allowance"),
  createdAt: createdAt(),
});

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Stored lower-cased so lookups are exact-match on the unique index. */
    email: text("email").notNull().unique(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    name: text("name"),
    username: text("username").unique(),
    /** Secret: PBKDF2-SHA256 hash with salt and iteration count. */
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  },
  // Usernames are stored lower-cased; this index makes "Alice" and "alice" one name even if a
  // future write path forgets to normalize, and it is what decides a race between two claims.
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`)],
);

export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["personal", "business"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("workspaces_account_idx").on(t.accountId)],
);

export const memberships = sqliteTable(
  "memberships",
  {
    workspaceId: inWorkspace(),
    userId: ownedByUser(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

/**
 * A login session, which is also the refresh-token family: every rotation stays in it, and
 * revoking it (logout, or reuse of a consumed token) ends every token of the family at once.
 */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** Secret: SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId), index("refresh_tokens_expires_idx").on(t.expiresAt)],
);

/** Operator-issued keys for partner endpoints (`partner:oauth-client-admin`). */
export const partnerKeys = sqliteTable("partner_keys", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Secret: SHA-256 of the key; the key is shown once at creation. */
  keyHash: text("key_hash").notNull().unique(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  createdAt: createdAt(),
  revokedAt: text("revoked_at"),
});

/**
 * Access tokens revoked before they expire (OAuth revocation). Rows are useless once
 * `expires_at` passes, and the cron job purges them.
 */
export const revokedAccessTokens = sqliteTable(
  "revoked_access_tokens",
  {
    jti: text("jti").primaryKey(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("revoked_access_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Single-use links that prove an address: `verify` confirms the address an account registered
 * with, `change` makes a new address the account's once it is confirmed (CONTRACT "Account lifecycle").
 */
export const emailConfirmations = sqliteTable(
  "email_confirmations",
  {
    /** Secret: SHA-256 of the link's token; the token itself is only in the e-mail. */
    tokenHash: text("token_hash").primaryKey(),
    userId: ownedByUser(),
    purpose: text("purpose", { enum: ["verify", "change"] }).notNull(),
    /** The address the link was sent to, lower-cased: the one that becomes confirmed. */
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [index("email_confirmations_user_idx").on(t.userId), index("email_confirmations_expires_idx").on(t.expiresAt)],
);

/** A password recovery code mailed by forgot-password: 6 digits, 15 minutes, at most 5 tries. */
export const passwordRecoveries = sqliteTable(
  "password_recoveries",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    /** Secret: HMAC-SHA256 of the code keyed with the server secret and the row id (a bare hash of six digits is trivially reversed). */
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    /** Set when the code is exchanged, replaced by a newer code, or dead after its last try. */
    consumedAt: text("consumed_at"),
  },
  (t) => [index("password_recoveries_user_idx").on(t.userId), index("password_recoveries_expires_idx").on(t.expiresAt)],
);

/** What a correct recovery code is exchanged for: one password reset within 15 minutes. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** Secret: SHA-256 of the reset token. */
    tokenHash: text("token_hash").primaryKey(),
    userId: ownedByUser(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [
    index("password_reset_tokens_user_idx").on(t.userId),
    index("password_reset_tokens_expires_idx").on(t.expiresAt),
  ],
);
