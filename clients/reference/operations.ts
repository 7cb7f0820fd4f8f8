/**
 * Each operation's reference text, keyed by `METHOD path` as the document writes it. `summary` is
 * the sidebar's label (a few words); the route's own summary sentence and description open the
 * operation's description (index.ts), followed by `about`, the errors and an example.
 *
 * `errors` lists what an operation's error answers mean where that is particular to it; every other
 * error status it declares gets its usual meaning (index.ts: 400 validation, 401, 403, 404, 413, 415,
 * 429 with the operation's rate limit). A status the document declares with no usual meaning (409,
 * 422, 502, 503, an HTML page's answers) must be listed here: generation fails otherwise.
 * `example` replaces the curl command built from the document (its path, auth and body example);
 * `body` and `query` give that command a body and a query string.
 */
export type ErrorLine = [status: number, code: string, when: string];

export interface OperationText {
  summary: string;
  about?: string;
  errors?: ErrorLine[];
  example?: string;
  /** The request body of the built curl command, where the schema has no example of its own. */
  body?: unknown;
  /** The query string of the built curl command. */
  query?: string;
}

const O = "http://localhost:8787";

/** The answers of the server-rendered account pages' forms (HTML pages, not the JSON envelope). */
const formErrors = (invalid: string): ErrorLine[] => [
  [400, "", `a page saying what is wrong: ${invalid}`],
  [403, "", "a page saying the form has expired: its CSRF token is missing or stale (reload and try again)"],
  [429, "", "a page saying to wait: too many attempts (the JSON endpoint's limit is counted)"],
];

const NOT_RUNNING: ErrorLine = [
  409,
  "conflict",
  "a reply in this session is still being generated; stop it or wait for its terminal event",
];

export const OPERATIONS: Record<string, OperationText> = {
  // System
  "GET /api/v1/health": {
    summary: "Liveness",
    about: "Answers 200 while the Worker runs; touches no storage. For monitors and load balancers.",
  },

  // Identity
  "POST /api/v1/auth/register": {
    summary: "Register",
    about:
      "Creates the user, an account on plan `free` and a personal workspace owned by the user, and signs them in: the answer carries `accessToken` (valid `expiresIn` = 3600 seconds) and `refreshToken`. A confirmation link is mailed (to the outbox when no mail provider is configured). `password` is 10 to 200 characters.",
    errors: [[409, "conflict", "an account with this e-mail exists, or the username is taken or reserved"]],
  },
  "POST /api/v1/auth/login": {
    summary: "Sign in",
    about: "Same answer as register: the user, `accessToken`, `refreshToken`, `expiresIn`.",
    errors: [[401, "invalid_credentials", "unknown e-mail or wrong password (the same answer for both)"]],
  },
  "POST /api/v1/auth/refresh": {
    summary: "Refresh tokens",
    about:
      "Consumes the refresh token and answers a new pair. Reusing a consumed refresh token revokes its whole family: sign in again.",
    errors: [[401, "unauthorized", "the refresh token is unknown, expired, revoked or already used"]],
  },
  "POST /api/v1/auth/logout": {
    summary: "Sign out",
    about: "Revokes the refresh token's family. Answers `{ revoked: true }` also for an unknown token.",
  },
  "GET /api/v1/me": {
    summary: "Current user",
    about:
      "The user, `workspaces[]` (`id`, `name`, `kind` personal or business, `role`), `plan` and `entitlements[]` (`ai`, `connectors`, `provider:<key>`).",
  },

  // Account lifecycle
  "POST /api/v1/auth/resend-confirmation": { summary: "Resend confirmation" },
  "POST /api/v1/auth/confirm-email": {
    summary: "Confirm e-mail",
    errors: [
      [400, "invalid_token", "the token is used, expired or unknown (also `bad_request` for a missing field)"],
      [409, "conflict", "another account uses the new address by now (a change-email confirmation)"],
    ],
  },
  "POST /api/v1/auth/forgot-password": { summary: "Request recovery code" },
  "POST /api/v1/auth/exchange-recovery-code": {
    summary: "Exchange recovery code",
    errors: [[400, "invalid_token", "wrong, expired or used-up code, or unknown address (the same answer)"]],
  },
  "POST /api/v1/auth/reset-password": {
    summary: "Reset password",
    errors: [
      [400, "invalid_token", "the reset token is used, expired or unknown; or a field is invalid (`bad_request`)"],
    ],
  },
  "GET /api/v1/auth/check-username": {
    summary: "Check username",
    query: "username=ada_l",
    about: "Usernames match `^[a-z0-9_]{3,30}$`.",
  },
  "POST /api/v1/auth/claim-username": {
    summary: "Claim username",
    errors: [[409, "conflict", "the username is taken (in any case) or reserved"]],
  },
  "POST /api/v1/auth/change-email": {
    summary: "Change e-mail",
    errors: [[403, "forbidden", "the password is wrong (or an OAuth token: first-party only)"]],
  },
  "POST /api/v1/auth/change-password": {
    summary: "Change password",
    errors: [[403, "forbidden", "the current password is wrong (or an OAuth token: first-party only)"]],
  },

  // Account pages (HTML)
  "GET /api/v1/account/confirm-email": {
    summary: "Confirm e-mail page",
    about:
      "The page of a confirmation link's `token`; it confirms with a CSRF-protected POST, so link scanners cannot spend it.",
    example: `curl "${O}/api/v1/account/confirm-email?token=ect_..."`,
  },
  "POST /api/v1/account/confirm-email": {
    summary: "Confirm e-mail (form)",
    errors: [
      ...formErrors("the link is invalid, expired or used"),
      [409, "", "a page saying another account uses the address by now"],
    ],
    example: "Posted by the page's own form (`token`, `csrf`), with the page's cookie.",
  },
  "GET /api/v1/account/forgot-password": {
    summary: "Forgot password page",
    example: `curl "${O}/api/v1/account/forgot-password"`,
  },
  "POST /api/v1/account/forgot-password": {
    summary: "Forgot password (form)",
    about: "Answers 303 to the reset page for the address, whether or not it has an account.",
    errors: formErrors("not an e-mail address (the form is shown again)"),
    example: "Posted by the page's own form (`email`, `csrf`), with the page's cookie.",
  },
  "GET /api/v1/account/reset-password": {
    summary: "Reset password page",
    example: `curl "${O}/api/v1/account/reset-password?email=ada%40example.com"`,
  },
  "POST /api/v1/account/reset-password": {
    summary: "Reset password (form)",
    errors: formErrors(
      "a wrong or expired code, or a password that is not 10 to 200 characters (the form is shown again)",
    ),
    example: "Posted by the page's own form (`email`, `code`, `password`, `csrf`), with the page's cookie.",
  },

  // Billing
  "POST /api/v1/billing/checkout": {
    summary: "Checkout for a plan",
    errors: [
      [409, "conflict", "the account is on that plan already, or has a live subscription"],
      [502, "CONNECTION_FAILED", "Stripe could not be reached or answered an error"],
      [503, "billing_unavailable", "Stripe is not configured on this deployment"],
    ],
  },
  "POST /api/v1/billing/top-ups": {
    summary: "Top up wallet",
    about: "`amountUsd` is 5 to 500.",
    errors: [
      [502, "CONNECTION_FAILED", "Stripe could not be reached or answered an error"],
      [503, "billing_unavailable", "Stripe is not configured on this deployment"],
    ],
  },
  "POST /api/v1/billing/webhook": {
    summary: "Stripe webhook",
    about: "Called by Stripe, not by clients.",
    errors: [
      [
        400,
        "bad_request",
        "the `Stripe-Signature` header is missing, invalid or over 5 minutes old, or the body is not an event",
      ],
      [503, "billing_unavailable", "Stripe is not configured on this deployment"],
    ],
    example: `curl -X POST "${O}/api/v1/billing/webhook" \\
  -H "Stripe-Signature: t=1767225600,v1=5257a869e7ec..." \\
  -H "Content-Type: application/json" \\
  -d '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","mode":"payment","payment_status":"paid"}}}'`,
  },

  // Workspaces
  "POST /api/v1/workspaces": {
    summary: "Create workspace",
    errors: [[403, "forbidden", "the account is not on plan `business` (or an OAuth token: first-party only)"]],
  },
  "GET /api/v1/workspaces": { summary: "List workspaces" },
  "POST /api/v1/workspaces/{id}/members": {
    summary: "Add member",
    about: "`email` of an existing user; `role` is `admin` or `member`.",
    errors: [
      [403, "forbidden", "the caller is not an owner or admin of the workspace (or not a member at all)"],
      [404, "not_found", "no user has this e-mail address"],
      [409, "conflict", "the user is a member already, or the workspace is personal"],
    ],
  },

  // Operator
  "POST /api/v1/admin/users": {
    summary: "Provision user",
    about: "No rate limit: operator provisioning.",
    errors: [[409, "conflict", "an account with this e-mail exists"]],
  },
  "POST /api/v1/admin/partner-keys": {
    summary: "Issue partner key",
    about:
      "The answer's `key` is shown once; only its hash is stored. A key with `partner:oauth-client-admin` registers OAuth clients.",
  },
  "PATCH /api/v1/admin/users/{userId}/account": {
    summary: "Change user's account",
    errors: [[404, "not_found", "no such user"]],
  },
  "POST /api/v1/admin/notifications": {
    summary: "Send notification",
    errors: [[404, "not_found", "no such user"]],
  },
  "POST /api/v1/admin/status/services": {
    summary: "Create status service",
    about: "Every status write republishes the public projection before it answers.",
    errors: [[409, "conflict", "the slug is taken"]],
  },
  "PATCH /api/v1/admin/status/services/{slug}": {
    summary: "Update status service",
    errors: [
      [404, "not_found", "no service with this slug"],
      [409, "conflict", "the new slug is taken"],
    ],
  },
  "POST /api/v1/admin/status/components": {
    summary: "Create component",
    errors: [
      [400, "bad_request", "a field is invalid, or `serviceSlug` names no service (`details.fields[]`)"],
      [409, "conflict", "the slug is taken"],
    ],
  },
  "PATCH /api/v1/admin/status/components/{slug}": {
    summary: "Update component",
    errors: [
      [404, "not_found", "no component with this slug"],
      [409, "conflict", "the new slug is taken"],
    ],
  },
  "POST /api/v1/admin/status/incidents": {
    summary: "Open incident",
    errors: [
      [400, "bad_request", "a field is invalid, or `serviceSlugs` names an unknown service (`details.fields[]`)"],
    ],
  },
  "PATCH /api/v1/admin/status/incidents/{id}": {
    summary: "Update incident",
    errors: [[404, "not_found", "no such incident"]],
  },
  "POST /api/v1/admin/status/incidents/{id}/updates": {
    summary: "Post incident update",
    about: "`resolved` sets the incident's `resolved_at`.",
    errors: [[404, "not_found", "no such incident"]],
  },
  "POST /api/v1/admin/status/maintenance": {
    summary: "Schedule maintenance",
    errors: [[400, "bad_request", "a field is invalid, `serviceSlug` is unknown, or `endsAt` is not after `startsAt`"]],
  },
  "PATCH /api/v1/admin/status/maintenance/{id}": {
    summary: "Update maintenance",
    errors: [[404, "not_found", "no such maintenance window"]],
  },
  "GET /api/v1/admin/ai/messages/{messageId}/stream": {
    summary: "Tail a reply (operator)",
    about: "The same SSE stream as the owner's (see the introduction), for support.",
    errors: [[404, "not_found", "no such assistant message, or it has no run"]],
    example: `curl -N "${O}/api/v1/admin/ai/messages/$MESSAGE_ID/stream" \\
  -H "Authorization: Bearer $ADMIN_TOKEN" -H "Accept: text/event-stream"`,
  },
  "GET /api/v1/admin/outbox": {
    summary: "Read the outbox",
    about: "Offset pagination (`limit` at most 100). Locally, this is where sign-in links and codes arrive.",
  },
  "POST /api/v1/admin/users/{userId}/wallet/adjustments": {
    summary: "Adjust wallet",
    errors: [
      [404, "not_found", "no such user"],
      [409, "conflict", "an adjustment with this `reference` exists already (nothing changed)"],
    ],
  },

  // Notifications
  "GET /api/v1/notifications": {
    summary: "List notifications",
    about: "Offset pagination (`limit` 1 to 50, default 20). `status` filters (`unread`, `read`, `archived`).",
  },
  "GET /api/v1/notifications/unread-count": { summary: "Unread count" },
  "PATCH /api/v1/notifications/{id}/read": {
    summary: "Mark read",
    errors: [
      [404, "not_found", "no such notification of the caller"],
      [422, "unprocessable_entity", "`id` is not a UUID"],
    ],
  },
  "POST /api/v1/notifications/mark-all-read": { summary: "Mark all read" },
  "PATCH /api/v1/notifications/{id}/archive": {
    summary: "Archive",
    errors: [
      [404, "not_found", "no such notification of the caller"],
      [422, "unprocessable_entity", "`id` is not a UUID"],
    ],
  },

  // Status (anonymous)
  "GET /api/v1/status": {
    summary: "Status summary",
    about:
      "Anonymous. Every status answer carries `Cache-Control: public, max-age=30, stale-while-revalidate=300`, an `ETag` and `Last-Modified`; `If-None-Match` / `If-Modified-Since` get 304.",
    errors: [[404, "not_found", "nothing has been published yet (a fresh deployment)"]],
  },
  "GET /api/v1/status/services": {
    summary: "Status services",
    errors: [[404, "not_found", "nothing has been published yet"]],
  },
  "GET /api/v1/status/services/{slug}": {
    summary: "Status of a service",
    errors: [[404, "not_found", "no public service with this slug"]],
  },
  "GET /api/v1/status/components": {
    summary: "Components",
    errors: [
      [404, "not_found", "nothing has been published yet (a `serviceSlug` naming no public service is an empty list)"],
    ],
  },
  "GET /api/v1/status/incidents": {
    summary: "Incidents",
    about: "Offset pagination (`limit` 1 to 100, default 20).",
    errors: [[404, "not_found", "nothing has been published yet"]],
  },
  "GET /api/v1/status/incidents/{id}": {
    summary: "Incident",
    errors: [[404, "not_found", "no such incident"]],
  },
  "GET /api/v1/status/maintenance": {
    summary: "Maintenance",
    errors: [[404, "not_found", "nothing has been published yet"]],
  },
  "GET /api/v1/status/snapshots/{date}": {
    summary: "Daily snapshot",
    errors: [
      [400, "bad_request", "`date` is not `YYYY-MM-DD`"],
      [404, "not_found", "no snapshot exists for that date"],
    ],
    example: `curl "${O}/api/v1/status/snapshots/2026-01-31"`,
  },
  "GET /api/v1/status/uptime/{window}": {
    summary: "Uptime rollup",
    errors: [
      [400, "bad_request", "`window` is not one of `24h`, `7d`, `30d`, `90d`, `1y`"],
      [404, "not_found", "nothing has been published yet"],
    ],
    example: `curl "${O}/api/v1/status/uptime/30d"`,
  },

  // AI
  "POST /api/v1/ai/sessions": { summary: "Create session" },
  "GET /api/v1/ai/sessions": {
    summary: "List sessions",
    about: "Cursor pagination: pass `meta.nextCursor` as `cursor` until `hasNextPage` is false.",
  },
  "GET /api/v1/ai/sessions/{sessionId}": { summary: "Get session" },
  "DELETE /api/v1/ai/sessions/{sessionId}": {
    summary: "Delete session",
    about: "Its generated media go with it; uploads stay (`DELETE /api/v1/files/{id}`).",
  },
  "POST /api/v1/ai/personas": { summary: "Create persona" },
  "GET /api/v1/ai/personas": { summary: "List personas" },
  "GET /api/v1/ai/models": {
    summary: "List models",
    about: "`key` is what `model` takes on send.",
  },
  "GET /api/v1/ai/capabilities": {
    summary: "List capabilities",
    about:
      "What `capabilityKey` on send can run here: `available`, the default `provider`, every configured one, and each parameter's range.",
  },
  "POST /api/v1/ai/memories": {
    summary: "Add memory",
    about: "`content` at most 2,000 characters.",
    errors: [[409, "conflict", "the caller has 200 memories, the most there may be"]],
  },
  "GET /api/v1/ai/memories": {
    summary: "List memories",
    about: "Cursor pagination.",
  },
  "DELETE /api/v1/ai/memories/{memoryId}": { summary: "Delete memory" },
  "GET /api/v1/ai/sessions/{sessionId}/messages": {
    summary: "Message history",
    about:
      "Either cursor pagination (`cursor`; `meta` has `cursor`, `hasMore`, `total`) or `offset`. `personaId` filters by persona: 404 when the session is not associated with it.",
    errors: [[404, "not_found", "no such session of the caller, or the session is not associated with `personaId`"]],
  },
  "POST /api/v1/ai/sessions/{sessionId}/messages": {
    summary: "Send message",
    about:
      "Answers 201 at once with `userMessage`, an empty `assistantMessage` and `run` (`queued`); the reply streams from `GET .../messages/{messageId}/stream`. `content` is 1 to 20,000 characters. A `capabilityKey` runs that capability (`GET /api/v1/ai/capabilities`); its parameters go in `parameters`. Spends one request of the daily allowance. A send repeating an `idempotencyKey` answers 200 with the first send's result.",
    errors: [
      [
        400,
        "bad_request",
        "a field is invalid: `details.fields[]` names each (unknown or foreign capability parameters, an attachment or memory that is not the sender's, too many attachments, a model that cannot take images)",
      ],
      [
        402,
        "spend_cap_reached",
        "the account's monthly spend cap is reached, or the run's maximum estimated cost does not fit in what it leaves; the message names the cap and when it resets (the first of next month, UTC)",
      ],
      [404, "not_found", "no such session of the caller"],
      NOT_RUNNING,
      [429, "RATE_LIMIT_EXCEEDED", "more than 20 sends a minute, or the daily AI allowance is spent (`Retry-After`)"],
    ],
  },
  "POST /api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/retries": {
    summary: "Retry reply",
    about:
      "`idempotencyKey` is required (at most 200 characters): a second retry with the same key answers the first retry's result. Spends one request of the daily allowance.",
    errors: [
      [
        402,
        "spend_cap_reached",
        "the account's monthly spend cap is reached, or the run's maximum estimated cost does not fit in what it leaves; the message names the cap and when it resets (the first of next month, UTC)",
      ],
      [404, "not_found", "no such session of the caller, or no such assistant message in it"],
      NOT_RUNNING,
      [429, "RATE_LIMIT_EXCEEDED", "more than 20 retries a minute, or the daily AI allowance is spent (`Retry-After`)"],
    ],
  },
  "POST /api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/selection": {
    summary: "Select version",
    errors: [[404, "not_found", "no such session of the caller, or no such version of a reply in it"]],
  },
  "POST /api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/stop": {
    summary: "Stop reply",
    errors: [
      [404, "not_found", "no such session of the caller, or no such assistant message in it"],
      [409, "conflict", "the reply has already ended (completed, stopped or failed); there is nothing to stop"],
    ],
  },
  "POST /api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/tool-calls/{callId}/decision": {
    summary: "Decide tool call",
    about: "Approved: the call runs (`executing`, then its outcome); rejected: `rejected`, and the model is told.",
    errors: [
      [403, "forbidden", "an OAuth token (whatever its scopes), or the plan lacks the `ai` entitlement"],
      [404, "not_found", "no such session, message or tool call of the caller"],
      [409, "conflict", "the tool call is not awaiting a decision"],
    ],
  },
  "GET /api/v1/ai/sessions/{sessionId}/messages/{messageId}/stream": {
    summary: "Stream reply (SSE)",
    about:
      'See the introduction\'s "Streaming replies": frames `id`/`event`/`data`, `retry: 3000`, `: ping` every 15 seconds, resume with `Last-Event-ID` (or `?lastEventId=`), 204 when that id is at or past the terminal event.',
    errors: [[404, "not_found", "no such session of the caller, or no such message in it"]],
    example: `curl -N "${O}/api/v1/ai/sessions/$SESSION_ID/messages/$MESSAGE_ID/stream" \\
  -H "Authorization: Bearer $TOKEN" -H "Accept: text/event-stream" -H "Last-Event-ID: 12"`,
  },
  "GET /api/v1/ai/runs/{runId}": {
    summary: "Get run",
    about:
      "The run record: `id`, `status` (`queued` until its run starts, then `running`, and at its end `completed`, `stopped` or `failed`), `sessionId`, `messageId` (the assistant message it writes), `createdAt` and `endedAt` (null while it runs). For a client that holds only a `runId` (the send's `run.id`).",
    errors: [[404, "not_found", "no such run in a session of the caller"]],
  },
  "GET /api/v1/ai/runs/{runId}/stream": {
    summary: "Stream run (SSE)",
    about:
      "The stream of the assistant message the run writes, reached by the run's id: the same frames, event ids, replay after `Last-Event-ID` (or `?lastEventId=`), heartbeats and end, 204 when that id is at or past the terminal event. Counts in the same per-user limit as the message stream.",
    errors: [[404, "not_found", "no such run in a session of the caller"]],
    example: `curl -N "${O}/api/v1/ai/runs/$RUN_ID/stream" \\
  -H "Authorization: Bearer $TOKEN" -H "Accept: text/event-stream" -H "Last-Event-ID: 12"`,
  },
  "GET /api/v1/ai/operations/rate-limit": {
    summary: "AI allowance",
    about: "`limit`, `remaining`, `resetsAt` and `scope` (`account`).",
  },
  "GET /api/v1/ai/operations/sessions/{sessionId}/usage": {
    summary: "Session usage",
    about: "Totals over the session's runs; `estimatedCostUsd` is null when no price is known for what was used.",
  },

  // OAuth
  "GET /api/v1/oauth/authorize": {
    summary: "Authorize (browser)",
    about:
      "Open in the user's browser. It leads to sign-in and consent, then redirects to `redirect_uri` with `code`, `state` and `iss` (or `error=access_denied`).",
    errors: [
      [
        400,
        "",
        "an error page, never a redirect, for an unknown `client_id` or a `redirect_uri` not registered; other invalid parameters redirect with `error=invalid_request` (`invalid_scope`, `invalid_target`)",
      ],
    ],
    example: `${O}/api/v1/oauth/authorize?response_type=code&client_id=$CLIENT_ID&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&scope=profile%3Aread%20email%3Aread&state=xyz&code_challenge=$CHALLENGE&code_challenge_method=S256`,
  },
  "GET /api/v1/oauth/login": {
    summary: "Sign-in page",
    about: "Answers 303 to the consent page when the browser is signed in already.",
    errors: [[400, "", "an error page: the flow is expired or belongs to another browser (start again at authorize)"]],
    example: "Reached by the redirect of `GET /api/v1/oauth/authorize`.",
  },
  "POST /api/v1/oauth/login": {
    summary: "Sign in (form)",
    errors: [
      [401, "", "the page again: wrong e-mail or password"],
      [403, "", "the CSRF token is missing or stale"],
      [429, "", "the page, saying to wait: too many attempts for this address from this IP"],
    ],
    example: "Posted by the sign-in page's form (`flow`, `csrf`, `email`, `password`).",
  },
  "POST /api/v1/oauth/magic-link": {
    summary: "Send sign-in link (form)",
    errors: [
      [400, "", "an error page: the flow is expired or belongs to another browser, or the e-mail is invalid"],
      [403, "", "the CSRF token is missing or stale"],
      [429, "", "the page, saying to wait"],
    ],
    example: "Posted by the sign-in page's form (`flow`, `csrf`, `email`).",
  },
  "GET /api/v1/oauth/magic-link": {
    summary: "Check-your-e-mail page",
    errors: [[400, "", "an error page: the flow is expired or belongs to another browser"]],
    example: "Reached by the 303 of `POST /api/v1/oauth/magic-link`.",
  },
  "GET /api/v1/oauth/magic": {
    summary: "Sign-in link page",
    errors: [
      [400, "", "an error page: the link is expired, or opened in another browser than the one that asked for it"],
    ],
    example: "Opened from the e-mailed link.",
  },
  "POST /api/v1/oauth/magic": {
    summary: "Spend sign-in link (form)",
    errors: [
      [400, "", "an error page: the link is expired or spent"],
      [403, "", "the CSRF token is missing or stale"],
    ],
    example: "Posted by the link page's form.",
  },
  "GET /api/v1/oauth/consent": {
    summary: "Consent page",
    about: "Answers 303 to sign-in when the browser is not signed in.",
    errors: [[400, "", "an error page: the flow is expired or belongs to another browser"]],
    example: "Reached after sign-in.",
  },
  "POST /api/v1/oauth/consent": {
    summary: "Approve or deny (form)",
    errors: [
      [400, "", "an error page: the flow is expired or belongs to another browser"],
      [403, "", "the CSRF token is missing or stale"],
    ],
    example: "Posted by the consent page's form (`flow`, `csrf`, `decision`).",
  },
  "POST /api/v1/oauth/token": {
    summary: "Token",
    about:
      "Form-encoded. `grant_type=authorization_code` with `code`, `redirect_uri`, `code_verifier`; or `grant_type=refresh_token` with `refresh_token`. Answers `access_token` (JWT, `expires_in` 3600), `token_type` `Bearer`, a new `refresh_token` and `scope`. Errors use OAuth's shape `{ error, error_description }`.",
    errors: [
      [400, "invalid_request", "a required parameter is missing, repeated, or `code_verifier` is malformed"],
      [
        400,
        "invalid_grant",
        "the code or refresh token is invalid, expired, used or another client's; `redirect_uri` differs; PKCE failed. A reused refresh token revokes its family",
      ],
      [400, "unsupported_grant_type", "`grant_type` is neither `authorization_code` nor `refresh_token`"],
      [400, "invalid_target", "`resource` is not this server's API or MCP gateway"],
      [400, "invalid_scope", "a refresh asks for more than was granted"],
      [401, "invalid_client", "client authentication failed (`WWW-Authenticate: Basic`)"],
      [429, "RATE_LIMIT_EXCEEDED", "more than 120 requests a minute (`Retry-After`)"],
    ],
    example: `curl -X POST "${O}/api/v1/oauth/token" \\
  -u "$CLIENT_ID:$CLIENT_SECRET" \\
  --data-urlencode "grant_type=authorization_code" \\
  --data-urlencode "code=$CODE" \\
  --data-urlencode "redirect_uri=https://app.example.com/callback" \\
  --data-urlencode "code_verifier=$VERIFIER"`,
  },
  "POST /api/v1/oauth/revoke": {
    summary: "Revoke token",
    about: "Always 200 for a well-formed request, even for an unknown token.",
    errors: [
      [400, "invalid_request", "`token` is missing"],
      [401, "invalid_client", "client authentication failed (`WWW-Authenticate: Basic`)"],
      [429, "RATE_LIMIT_EXCEEDED", "more than 120 requests a minute (`Retry-After`)"],
    ],
    example: `curl -X POST "${O}/api/v1/oauth/revoke" \\
  -u "$CLIENT_ID:$CLIENT_SECRET" \\
  --data-urlencode "token=$REFRESH_TOKEN" --data-urlencode "token_type_hint=refresh_token"`,
  },
  "GET /api/v1/oauth/userinfo": {
    summary: "User info",
    about:
      "`sub` always; `email`, `email_verified` with `email:read`; `name`, `preferred_username` with `profile:read`.",
    errors: [
      [401, "unauthorized", "the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)"],
    ],
  },
  "POST /api/v1/partner/oauth-clients": {
    summary: "Register OAuth client",
    about: "`clientSecret` is returned once (confidential clients only). Every client uses PKCE with S256.",
    errors: [[403, "forbidden", "the partner key lacks the scope `partner:oauth-client-admin`"]],
  },

  // Connectors
  "GET /api/v1/connectors/oauth/{connectorKey}/callback": {
    summary: "Connector OAuth callback",
    about: "Called by the external service's redirect; clients never call it.",
    errors: [
      [
        400,
        "bad_request",
        "a query parameter is over its length, or the connector key is malformed; a missing, used or expired `state` redirects with `status=error&error=invalid_state` instead",
      ],
    ],
    example: "Reached by the provider's redirect after the user consents.",
  },
  "GET /api/v1/connectors/instances": {
    summary: "List instances",
    about:
      "Offset pagination (`limit` 1 to 100, default 20). `scope` filters (`personal`, `team`); `locale` translates.",
  },
  "POST /api/v1/connectors/instances": {
    summary: "Create instance",
    body: {
      connectorKey: "mcp-generic",
      displayName: "Research MCP server",
      scope: "personal",
      config: { serverUrl: "https://mcp.example.com/mcp" },
    },
    about: "Status `pending_auth` until credentials are stored or the OAuth hand-off completes.",
    errors: [
      [
        400,
        "bad_request",
        "a field is invalid, or `config` does not match the definition's `configSchema` or names a forbidden URL",
      ],
      [
        403,
        "forbidden",
        "no `connectors` entitlement, or a `team` instance without plan `business` and the owner or admin role",
      ],
      [404, "NOT_FOUND", "no such connector definition visible to the caller"],
    ],
  },
  "GET /api/v1/connectors/instances/{id}": { summary: "Get instance" },
  "PATCH /api/v1/connectors/instances/{id}": {
    summary: "Update instance",
    body: { displayName: "Research MCP (staging)", enabled: false },
    about: "Changing the destination (`baseUrl`, `serverUrl`, database host) clears stored credentials.",
  },
  "DELETE /api/v1/connectors/instances/{id}": { summary: "Delete instance" },
  "POST /api/v1/connectors/instances/{id}/test": {
    summary: "Test connection",
    errors: [
      [
        409,
        "CONNECTOR_ERROR",
        "not testable: no credentials, the instance is disabled, or its connector is unavailable",
      ],
      [503, "CONNECTION_FAILED", "the provider is not configured or inactive on this deployment"],
    ],
  },
  "POST /api/v1/connectors/instances/{id}/oauth/initiate": {
    summary: "Start OAuth hand-off",
    about: "Open `redirectUrl` in the user's browser; the callback stores the tokens and redirects to the web app.",
    errors: [
      [409, "CONNECTOR_ERROR", "the instance is disabled, its connector is unavailable, or it does not use OAuth"],
      [503, "CONNECTION_FAILED", "the provider is not configured on this deployment"],
    ],
  },
  "POST /api/v1/connectors/instances/{id}/credentials": {
    summary: "Store credentials",
    body: { credType: "bearer_token", credentials: { token: "mcp-token-..." } },
    errors: [[400, "bad_request", "a field is invalid, or `credType` does not fit the definition's `authType`"]],
  },
  "DELETE /api/v1/connectors/instances/{id}/credentials": {
    summary: "Delete credentials",
    errors: [[409, "CONNECTOR_ERROR", "no credentials are stored"]],
  },
  "GET /api/v1/connectors/instances/{id}/credentials/status": { summary: "Credential status" },
  "GET /api/v1/connectors/instances/{id}/tools": { summary: "List tools" },
  "POST /api/v1/connectors/instances/{id}/tools": {
    summary: "Create tool",
    body: {
      toolKey: "create_ticket",
      displayName: "Create ticket",
      description: "Opens a ticket in the help desk",
      inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
      outputSchema: { type: "object", properties: { id: { type: "string" } } },
      requiresApproval: true,
    },
    errors: [
      [
        400,
        "bad_request",
        "a field is invalid, or a schema is refused (remote `$ref`, too deep, a `pattern` that cannot run in linear time)",
      ],
      [403, "forbidden", "not a custom connector's instance, or the caller may not manage it"],
      [409, "conflict", "the `toolKey` exists on this instance; or `CONNECTOR_ERROR`: the instance holds 500 tools"],
    ],
  },
  "POST /api/v1/connectors/instances/{id}/sync-tools": {
    summary: "Sync tools",
    errors: [
      [
        409,
        "CONNECTOR_ERROR",
        "no usable credentials, the instance is disabled, or the server lists more than 500 tools",
      ],
      [502, "CONNECTION_FAILED", "the external service could not be reached or answered garbage"],
      [503, "CONNECTION_FAILED", "the provider is not configured on this deployment"],
    ],
  },
  "PATCH /api/v1/connectors/instances/{id}/tools/{toolId}": { summary: "Enable or disable tool" },
  "POST /api/v1/connectors/instances/{id}/tools/{toolId}/execute": {
    summary: "Execute tool",
    body: { input: { sql: "SELECT id, title FROM tickets WHERE status = $1", params: ["open"] } },
    about:
      "A failure inside the external service is still 200 with `success` false, `httpStatus` and `error`. Checked in order: instance visible (404), may execute (403), tool exists (404), tool and instance usable (409), approval (403), input (400), the tool's `rateLimitRpm` (429).",
    errors: [
      [400, "bad_request", "`input` does not match the tool's `inputSchema` (`details.fields[]`)"],
      [403, "forbidden", "no `connectors` entitlement, or the caller may not execute this instance's tools"],
      [
        403,
        "connector_tool_approval_required",
        "the tool has `requiresApproval` true: nothing is sent (it runs only through the assistant)",
      ],
      [409, "CONNECTOR_ERROR", "the tool or instance is disabled, or no usable credentials are stored"],
      [429, "RATE_LIMIT_EXCEEDED", "the default limit, or the tool's own `rateLimitRpm` (`Retry-After`)"],
      [502, "CONNECTION_FAILED", "the external service could not be reached, answered garbage, or over 5 MiB"],
      [503, "CONNECTION_FAILED", "the provider is not configured on this deployment"],
    ],
  },
  "GET /api/v1/connectors/instances/{id}/executions": {
    summary: "Execution history",
    about: "Offset pagination (`limit` 1 to 100, default 20).",
  },
  "GET /api/v1/connectors": {
    summary: "List definitions",
    about: "Query `category`, `isActive`, `locale`.",
  },
  "POST /api/v1/connectors/definitions": {
    summary: "Create definition",
    body: {
      key: "acme-helpdesk",
      displayName: "Acme help desk",
      description: "Tickets in the Acme help desk",
      authType: "bearer_token",
      configSchema: { type: "object", properties: { baseUrl: { type: "string" } }, required: ["baseUrl"] },
    },
    about: "`key` matches `^[a-z0-9][a-z0-9-]{1,62}$`.",
    errors: [
      [403, "forbidden", "the caller is not the account owner or a workspace owner/admin"],
      [409, "conflict", "the key exists in the account or is a built-in connector's"],
    ],
  },
  "DELETE /api/v1/connectors/definitions/{key}": {
    summary: "Retire definition",
    errors: [
      [403, "forbidden", "a built-in definition, or the caller is not the account owner or a workspace owner/admin"],
      [404, "NOT_FOUND", "no such custom definition in the account"],
    ],
  },
  "GET /api/v1/connectors/{key}": { summary: "Get definition" },
  "PUT /api/v1/connectors/instances/{id}/consents/{clientId}": {
    summary: "Grant client consent",
    body: { toolKeys: ["search_messages"], workspaceId: "0b6f3c52-5d1e-4b7a-9c3e-2f8d6a1e4b90", audience: "owner" },
    errors: [
      [404, "NOT_FOUND", "no such instance of the caller, or no such OAuth client"],
      [409, "CONNECTOR_ERROR", "a team instance: consents apply to personal instances"],
    ],
  },
  "DELETE /api/v1/connectors/instances/{id}/consents/{clientId}": {
    summary: "Revoke client consent",
    errors: [[409, "CONNECTOR_ERROR", "a team instance: consents apply to personal instances"]],
  },
  "GET /api/v1/connectors/instances/{id}/consents": {
    summary: "List client consents",
    errors: [[409, "CONNECTOR_ERROR", "a team instance: consents apply to personal instances"]],
  },

  // MCP gateway
  "POST /api/v1/mcp": {
    summary: "MCP server",
    about:
      "Lists only tools that may run directly. A tool's own failure is a JSON-RPC result with `isError: true`, not an HTTP error.",
    errors: [
      [
        400,
        "",
        "a JSON-RPC error message: not JSON, a batch, an invalid request, or an unsupported `MCP-Protocol-Version`",
      ],
      [401, "unauthorized", "no valid token; `WWW-Authenticate` names the protected-resource metadata"],
      [403, "forbidden", "an `Origin` other than the issuer's, or an OAuth token without `execution:run`"],
    ],
    example: `curl -X POST "${O}/api/v1/mcp" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
  },
  "GET /api/v1/mcp": {
    summary: "MCP stream (not offered)",
    errors: [[405, "", "always, a JSON-RPC error with `Allow: POST`: no server-initiated stream"]],
  },
  "DELETE /api/v1/mcp": {
    summary: "MCP session end (not offered)",
    errors: [[405, "", "always, a JSON-RPC error with `Allow: POST`: no sessions to end"]],
  },

  // Wallet
  "GET /api/v1/wallet": {
    summary: "Wallet balance",
    about:
      "Also the monthly spend cap (`monthlyCapUsd`, null: none) and this calendar month's spend (`monthSpentUsd`, UTC).",
  },
  "PATCH /api/v1/wallet": {
    summary: "Set spend cap",
    about:
      "`monthlyCapUsd` 0 to 100,000, or null to remove the cap. A send, retry or MCP capability call that would be priced is refused with 402 `spend_cap_reached` once the month's spend reaches the cap, or when its maximum estimated cost does not fit in what the cap leaves beside runs in progress. In-app notifications at 80% and 100% of the cap, once a month each.",
    errors: [
      [400, "bad_request", "`monthlyCapUsd` missing, not a number or null, below 0 or above 100,000, or another field"],
      [403, "forbidden", "an OAuth token (no scope admits this operation, `wallet:read` included)"],
    ],
  },
  "GET /api/v1/wallet/entries": {
    summary: "Wallet ledger",
    about: "Offset pagination (`limit` 1 to 50, default 20).",
  },

  // Media
  "POST /api/v1/files": {
    summary: "Upload file",
    about:
      "PNG, JPEG, WebP, GIF, PDF, plain text, Markdown, CSV, JSON. Use the answer's `id` in `attachmentIds` on send.",
    errors: [
      [400, "bad_request", "the content does not match its declared type, or a multipart body without one `file`"],
      [413, "payload_too_large", "the file is over 20 MiB"],
      [415, "unsupported_media_type", "a type not in the list above"],
    ],
    example: `curl -X POST "${O}/api/v1/files" \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: image/png" --data-binary @photo.png`,
  },
  "GET /api/v1/files/{id}": { summary: "Get file" },
  "DELETE /api/v1/files/{id}": {
    summary: "Delete upload",
    errors: [[409, "conflict", "generated media are deleted with their session"]],
  },
  "GET /api/v1/media/{id}": {
    summary: "Download media",
    about: "Answers 206 for `Range`, 304 for `If-None-Match`.",
    errors: [
      [400, "bad_request", "`id`, `exp` or `sig` is malformed"],
      [
        404,
        "not_found",
        "no valid signature and not the owner's token: no token, a bad, expired or under-scoped one, or one without the `ai` entitlement (the same for existing and unknown ids)",
      ],
      [416, "range_not_satisfiable", "the `Range` is outside the file"],
    ],
    example: `curl "${O}/api/v1/media/$ID?exp=1767229200&sig=..." -H "Range: bytes=0-1023"`,
  },

  // Public status site
  "GET /status": {
    summary: "Status page",
    about: "HTML for people: services with 90 days of uptime, open incidents, maintenance.",
  },
  "GET /status/feed.atom": { summary: "Incident feed (Atom)" },
  "GET /status/badge.svg": { summary: "Status badge" },
  "GET /api/v2/summary.json": { summary: "Statuspage summary" },
  "GET /api/v2/status.json": { summary: "Statuspage status" },

  // Discovery
  "GET /.well-known/openid-configuration": {
    summary: "OpenID configuration",
    about: "Public; `Cache-Control: public, max-age=3600`, `Access-Control-Allow-Origin: *`.",
  },
  "GET /.well-known/oauth-authorization-server": {
    summary: "Authorization server metadata",
    about: "Identical to the OpenID configuration.",
  },
  "GET /.well-known/oauth-protected-resource": { summary: "Protected resource metadata" },
  "GET /.well-known/oauth-protected-resource/api/v1/mcp": { summary: "MCP resource metadata" },
  "GET /settings/connectors": {
    summary: "Connector hand-off outcome",
    errors: [[400, "", "the page, showing the hand-off's error (or that it was opened by hand)"]],
    example: `curl "${O}/settings/connectors?connector=slack&status=connected"`,
  },
};
