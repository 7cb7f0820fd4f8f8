/**
 * The reference page's introduction (`info.description`): what every operation shares. Facts from
 * the spec (/work/shared/spec/platform-api.md) and CONTRACT, kept in step with the code that decides
 * them (src/lib/tokens.ts, src/limits.ts, src/lib/pagination.ts, src/domains/ai/stream.ts).
 */
export const INTRODUCTION = `
An HTTP/JSON API for a productivity platform with an AI assistant: an OAuth 2.0 authorization
server, AI sessions with streamed replies, connectors to external services (and an MCP gateway over
them), notifications, a prepaid wallet, usage, and a public status surface.

Every path below is absolute from the origin. The API lives under \`/api/v1\`; the status page, the
Statuspage-compatible JSON (\`/api/v2/*\`) and the discovery documents (\`/.well-known/*\`) live at the
root. Locally, \`npm run dev\` serves \`http://localhost:8787\` with a seeded user
\`demo@example.com\` / \`demo-password-123\` and the operator token \`dev-admin-token\`.

## Authentication

Send a token as \`Authorization: Bearer <token>\`. Four kinds of caller exist:

- **First-party tokens** (your own app). \`POST /api/v1/auth/register\` or \`POST /api/v1/auth/login\`
  answers \`accessToken\` (an HS256 JWT, valid 3600 seconds) and \`refreshToken\`. Rotate with
  \`POST /api/v1/auth/refresh\`: each refresh token works once, and reusing a consumed one revokes
  its whole family. \`POST /api/v1/auth/logout\` ends the session.
- **OAuth access tokens** (third-party apps). Register a client with a partner key
  (\`POST /api/v1/partner/oauth-clients\`), send the user to \`GET /api/v1/oauth/authorize\`
  (authorization code with PKCE, \`S256\` only), exchange the code at \`POST /api/v1/oauth/token\`.
  Tokens are JWTs valid 3600 seconds; refresh tokens rotate. An OAuth token calls only what its
  scopes grant: \`execution:run\` (AI messages, files, memories, the MCP gateway's connector tools),
  \`wallet:read\` (\`GET /api/v1/wallet\`), \`email:read\` and \`profile:read\` (user-info claims).
  Anything else answers 403 \`forbidden\`
  with \`WWW-Authenticate: Bearer error="insufficient_scope"\`. Discovery:
  \`/.well-known/oauth-authorization-server\` and \`/.well-known/openid-configuration\`.
- **Partner API keys**, issued by the operator (\`POST /api/v1/admin/partner-keys\`, shown once),
  with scope \`partner:oauth-client-admin\` register OAuth clients.
- **The operator token** (\`ADMIN_TOKEN\`) calls \`/api/v1/admin/*\`.

Requests act in a workspace: \`X-Workspace-Id: <uuid>\` picks one the caller belongs to (absent: the
caller's personal workspace; another workspace is 403). AI operations need the \`ai\` entitlement and
connector operations the \`connectors\` entitlement of the caller's plan (\`GET /api/v1/me\` lists them).

## Envelope and errors

A success answers \`{ "data": ..., "meta"?: {...} }\`. An error answers

\`\`\`json
{ "error": { "code": "bad_request", "message": "Invalid request",
    "details": { "fields": [{ "field": "content", "message": "must not be empty" }] } },
  "meta": { "requestId": "3f0c…", "durationMs": 4 } }
\`\`\`

\`code\` is stable; \`message\` is for people. Validation failures are 400 \`bad_request\` with
\`details.fields[]\` (\`field\` in path notation such as \`attachmentIds.0\`, \`message\`, sometimes
\`capabilityKey\`). Other codes: 401 \`unauthorized\` (with \`WWW-Authenticate: Bearer\`) and
\`invalid_credentials\`, 400 \`invalid_token\`, 402 \`spend_cap_reached\`, 403 \`forbidden\` and \`connector_tool_approval_required\`,
404 \`not_found\` (connectors: \`NOT_FOUND\`), 409 \`conflict\` and \`CONNECTOR_ERROR\`, 413
\`payload_too_large\` (JSON bodies over 1 MiB), 415 \`unsupported_media_type\`, 416
\`range_not_satisfiable\`, 422 \`unprocessable_entity\`, 429 \`RATE_LIMIT_EXCEEDED\`, 500
\`internal_error\`, 502/503 \`CONNECTION_FAILED\`, 503 \`billing_unavailable\`. Each operation lists the
errors it gives. Every response carries \`X-Request-Id\`; quote it when reporting a problem.

The OAuth endpoints (\`/api/v1/oauth/token\`, \`/revoke\`) answer OAuth's own shape instead:
\`{ "error": "invalid_grant", "error_description": "..." }\` with \`Cache-Control: no-store\`.

## Pagination

- **Offset** (notifications, wallet entries, connector instances and executions, status incidents,
  the outbox): \`limit\` (default 20; at most 50, or 100 where an operation says so) and \`offset\`
  (default 0). \`meta\` has \`limit\`, \`offset\`, \`total\`, \`hasNextPage\`; stop when \`hasNextPage\` is false.
- **Cursor** (AI sessions, memories): \`limit\` (default 25) and \`cursor\`, the previous page's
  \`meta.nextCursor\` (omit it for the first page). Repeat until \`hasNextPage\` is false.
- The message history takes either: \`cursor\` (its \`meta\` has \`cursor\`, \`hasMore\`, \`total\`) or \`offset\`.

## Rate limits

Limits count per user (per client IP, or IP and e-mail, for the unauthenticated \`/auth/*\`
operations). The default is 120 requests a minute per operation; operations with their own limit
say so under 429. Every limited answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\` (seconds); a 429 \`RATE_LIMIT_EXCEEDED\` also carries \`Retry-After\`. Back off
exponentially: start at 1 second, double per consecutive 429, cap at 30 seconds. Sending and
retrying AI messages also spend a daily allowance per account (free 100, pro 2,000, business 10,000;
\`GET /api/v1/ai/operations/rate-limit\`).

## Streaming replies (SSE) and Last-Event-ID

Sending a message answers at once with an empty assistant message and a \`run\`; the reply streams
from \`GET /api/v1/ai/sessions/{sessionId}/messages/{messageId}/stream\` with
\`Accept: text/event-stream\`. Each frame is \`id: <eventId>\`, \`event: <type>\`,
\`data: <envelope JSON>\` (\`eventId\`, \`type\`, \`runId\`, \`stepId?\`, \`payload\`). Event ids start at 1 with
no gaps; the stream opens with \`retry: 3000\` and sends a \`: ping\` comment every 15 seconds. Types:
\`message.delta\`, \`tool.started\`, \`tool.progress\`, \`tool.completed\`, and the terminal
\`message.completed\` (followed in the same tick by \`message.suggestions\`), \`message.stopped\` and
\`run.error\`; after a terminal event the server ends the response.

To resume after a dropped connection, reconnect with the last id seen as the \`Last-Event-ID\`
header (or the \`lastEventId\` query parameter, for clients that cannot set headers): the server
replays strictly after it, then goes live. Without it the whole run replays. When the id is at or
past the terminal event the answer is 204. Browsers' \`EventSource\` does this by itself.

## Idempotency

\`POST .../retries\` requires an \`idempotencyKey\` (at most 200 characters): a second retry with the
same key returns the first retry's result instead of starting another run. Sending or retrying
while a run of the session is still going is 409 \`conflict\`.
`.trim();
