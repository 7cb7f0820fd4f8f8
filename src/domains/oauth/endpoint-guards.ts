import type { Context } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../../env";
import { rateLimitRule, type RateLimitRule } from "../../limits";
import { clientIp } from "../../http/context";
import { applyRateLimitHeaders, consumeLimit, rateLimitExceeded } from "../limits";
import type { OAuthClaims } from "../../lib/tokens";

/**
 * CORS for the endpoints a browser app (a public client, e.g. an SPA) calls itself: token, revoke
 * and userinfo. Any origin, never credentials (the endpoints take none: no cookies, only explicit
 * Authorization headers and form fields). The preflight admits the one method of the endpoint and
 * the two request headers it needs; the exposed headers let the app read challenges and limits.
 */
export const oauthCors = (method: "GET" | "POST") =>
  cors({
    origin: "*",
    allowMethods: [method],
    allowHeaders: ["Authorization", "Content-Type"],
    exposeHeaders: [
      "WWW-Authenticate",
      "Retry-After",
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "X-Request-Id",
    ],
    maxAge: 86_400,
  });

/** Counts one request against `rule` for `caller`; its RateLimit-* headers go on the answer, whatever it is. */
export async function countRequest(c: Context<AppEnv>, caller: string, bucket: string, rule: RateLimitRule) {
  const decision = await consumeLimit(c.env, caller, bucket, rule.limit, rule.windowSeconds);
  applyRateLimitHeaders(c, decision);
  return decision;
}

const USERINFO = "GET /oauth/userinfo";

/**
 * The spec's default limit at userinfo, counted per user as the spec's Limits ask ("per
 * authenticated user"): the token's subject, so a client's server fetching many users' claims from
 * one address is not throttled as one caller. A request without a valid token counts per client IP.
 */
export async function limitUserInfo(c: Context<AppEnv>, claims: OAuthClaims | null | undefined) {
  const caller = claims ? `user:${claims.userId}` : `ip:${clientIp(c)}`;
  const decision = await countRequest(c, caller, USERINFO, rateLimitRule(USERINFO));
  if (!decision.allowed) throw rateLimitExceeded(decision);
}
