import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { BASE_PATH } from "../lib/origin";
import { rateLimitRule } from "../limits";
import type { RateLimitDecision } from "../durable-objects/rate-limiter";

export const clientIp = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? "unknown";

/** Calls the caller's limiter object; the one place that talks to it. */
export function consumeLimit(env: Env, caller: string, bucket: string, limit: number, windowSeconds: number) {
  return env.RATE_LIMITER.getByName(caller).hit(bucket, limit, windowSeconds) as Promise<RateLimitDecision>;
}

export function peekLimit(env: Env, caller: string, bucket: string, limit: number, windowSeconds: number) {
  return env.RATE_LIMITER.getByName(caller).peek(bucket, limit, windowSeconds) as Promise<RateLimitDecision>;
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - Date.now()) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(resetSeconds),
  };
  if (!decision.allowed) headers["Retry-After"] = String(resetSeconds);
  return headers;
}

/** Puts a decision's RateLimit-* (and, when refused, Retry-After) headers on the answer. */
export function applyRateLimitHeaders(c: Context, decision: RateLimitDecision) {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
}

export const rateLimitExceeded = (decision: RateLimitDecision) =>
  new ApiError("RATE_LIMIT_EXCEEDED", "Rate limit exceeded", undefined, rateLimitHeaders(decision));

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
