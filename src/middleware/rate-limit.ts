import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { BASE_PATH } from "../lib/origin";
import { rateLimitRule } from "../limits";
import { applyRateLimitHeaders, consumeLimit, rateLimitExceeded } from "../domains/limits";
import { clientIp } from "../http/context";

/** Longest e-mail address there is (RFC 5321 path limit); anything longer fails validation anyway. */
const MAX_EMAIL_LENGTH = 254;

async function loginEmail(c: Context<AppEnv>): Promise<string> {
  // Hono caches the parsed body, so the validator after this reads the same JSON again for free.
  const body = await c.req.json().catch(() => null);
  // Bounded, so a caller cannot make the limiter store arbitrarily large keys.
  return typeof body?.email === "string" ? body.email.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH) : "";
}

/**
 * Enforces the limit of the route that matched (see `limits.ts`), counted per the rule's `by`.
 * Runs after `authenticate` on authenticated routers so it can count per user.
 */
export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const endpoint = `${c.req.method} ${routePath(c, -1).slice(BASE_PATH.length)}`;
  const rule = rateLimitRule(endpoint);
  const userId = c.get("auth")?.user.id;
  const caller = rule.by === "user" && userId ? `user:${userId}` : `ip:${clientIp(c)}`;
  const bucket = rule.by === "ip+email" ? `${endpoint} ${await loginEmail(c)}` : endpoint;

  const decision = await consumeLimit(c.env, caller, bucket, rule.limit, rule.windowSeconds);
  if (!decision.allowed) throw rateLimitExceeded(decision);
  await next();
  // A handler refused by another limit (the daily AI allowance) already carries that limit's
  // headers; they are the ones that explain its 429.
  if (c.res.headers.has("RateLimit-Limit")) return;
  applyRateLimitHeaders(c, decision);
});
