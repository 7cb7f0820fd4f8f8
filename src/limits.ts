/**
 * The request limits of the spec's Limits table for the endpoints that exist, in one place (an
 * issue that adds an endpoint adds its row). Keys are `METHOD path` with the
 * path relative to `{base_url}` exactly as the router declares it.
 *
 * `by` says who a limit counts: `user` (the authenticated caller; anonymous callers fall back to
 * their IP), `ip`, or `ip+email` (login: one address cannot be brute-forced from one IP, and one
 * office behind a NAT is not locked out by a single mistyped address).
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  by: "user" | "ip" | "ip+email";
}

const perMinute = (limit: number, by: RateLimitRule["by"] = "user"): RateLimitRule => ({
  limit,
  windowSeconds: 60,
  by,
});
const perFiveMinutes = (limit: number, by: RateLimitRule["by"] = "ip"): RateLimitRule => ({
  limit,
  windowSeconds: 300,
  by,
});

export const DEFAULT_RATE_LIMIT: RateLimitRule = perMinute(120);

export const RATE_LIMITS: Record<string, RateLimitRule> = {
  "POST /auth/register": perFiveMinutes(10),
  "POST /auth/login": perMinute(8, "ip+email"),
  "POST /auth/refresh": perMinute(120, "ip"),
  "POST /auth/logout": perMinute(120, "ip"),
  "POST /auth/resend-confirmation": perFiveMinutes(5),
  "POST /auth/confirm-email": perFiveMinutes(5),
  "POST /auth/forgot-password": perFiveMinutes(3),
  "POST /auth/reset-password": perFiveMinutes(5),
  "POST /auth/exchange-recovery-code": perFiveMinutes(15),
  "GET /auth/check-username": perMinute(20, "ip"),
  // Authenticated: per user (spec, Limits; CONTRACT "Errors and limits"), whatever the IP.
  "POST /auth/claim-username": perMinute(5),
  "POST /auth/change-email": perMinute(10),
  "POST /auth/change-password": perMinute(10),
  "POST /billing/checkout": perMinute(5),

  "GET /ai/sessions/:sessionId/messages": perMinute(60),
  "POST /ai/sessions/:sessionId/messages": perMinute(20),
  "POST /ai/sessions/:sessionId/messages/:assistantMessageId/retries": perMinute(20),
  "GET /ai/sessions/:sessionId/messages/:messageId/stream": perMinute(20),
  // The run record (CONTRACT "The run record and the run-level stream"): the run-level stream is the
  // message stream reached by a run id, and counts in its bucket (LIMIT_BUCKETS); the read is default.
  "GET /ai/runs/:runId/stream": perMinute(20),
  "GET /ai/runs/:runId": DEFAULT_RATE_LIMIT,
  "POST /ai/sessions/:sessionId/messages/:assistantMessageId/stop": perMinute(30),

  "GET /notifications": perMinute(60),
  "GET /notifications/unread-count": perMinute(60),
  "PATCH /notifications/:id/read": perMinute(30),
  "PATCH /notifications/:id/archive": perMinute(30),
  "POST /notifications/mark-all-read": perMinute(10),

  "POST /mcp": perMinute(60),

  // Wallet (docs/billing.md): a top-up creates a Stripe Checkout Session, like plan checkout; the
  // reads have no limit of their own in the spec, so they keep the default, stated here.
  "POST /billing/top-ups": perMinute(5),
  "GET /wallet": DEFAULT_RATE_LIMIT,
  "GET /wallet/entries": DEFAULT_RATE_LIMIT,
  "POST /files": perMinute(30),
};

/**
 * Client ID Metadata Documents fetched for `/oauth/authorize` per client IP (cache misses only):
 * any https URL can be named as a `client_id`, and each one not cached makes this server fetch it.
 * A person starts a few sign-ins a minute; 20 leaves room for someone setting a client up.
 */
export const CLIENT_METADATA_FETCHES: RateLimitRule = { limit: 20, windowSeconds: 60, by: "ip" };
export const CLIENT_METADATA_FETCH_BUCKET = "GET /oauth/authorize client metadata fetch";

/**
 * Recovery codes mailed per address, whatever the IPs asking: each new code brings five fresh
 * tries, so without this cap many IPs could cycle forgot-password and guesses against one
 * account. Five codes an hour (25 guesses, odds 2.5e-5) is plenty for a person. Counted after the
 * answer has left, so it reveals nothing about the address.
 */
export const RECOVERY_CODES_PER_ADDRESS: Omit<RateLimitRule, "by"> = { limit: 5, windowSeconds: 3600 };

/**
 * Endpoints counted in another endpoint's bucket (the same requests reached by another path), so a
 * caller cannot double a limit by alternating paths. Their rule in RATE_LIMITS is the same.
 */
const LIMIT_BUCKETS: Record<string, string> = {
  "GET /ai/runs/:runId/stream": "GET /ai/sessions/:sessionId/messages/:messageId/stream",
};

/** The bucket an endpoint's requests are counted in: its own, or the one it shares. */
export const limitBucket = (endpoint: string) => LIMIT_BUCKETS[endpoint] ?? endpoint;

export const rateLimitRule = (endpoint: string): RateLimitRule => RATE_LIMITS[endpoint] ?? DEFAULT_RATE_LIMIT;

/** Daily AI request allowance (sending, retrying) per plan; an account may override it. */
export const AI_DAILY_ALLOWANCE = { free: 100, pro: 2_000, business: 10_000 } as const;
export const AI_ALLOWANCE_WINDOW_SECONDS = 86_400;

/** Request bodies above this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Uploads (`POST /files`) are refused above this (CONTRACT "Media"); they are outside the general
 * body limit above, and streamed to R2 rather than parsed.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * At most this many attachments on one message (CONTRACT "Media"); media blocks count with them.
 * Here, not in the media domain only, so that the AI send body's schema checks it without loading
 * the media domain (its storage and readers) with the AI router (docs/performance.md).
 */
export const MAX_ATTACHMENTS = 10;
