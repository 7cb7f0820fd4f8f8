import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { BASE_PATH } from "../lib/origin";
import { limitBucket, rateLimitRule } from "../limits";
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
async function countThisRequest(c: Context<AppEnv>) {
  const endpoint = `${c.req.method} ${routePath(c, -1).slice(BASE_PATH.length)}`;
  const rule = rateLimitRule(endpoint);
  const userId = c.get("auth")?.user.id;
  const caller = rule.by === "user" && userId ? `user:${userId}` : `ip:${clientIp(c)}`;
  const bucket = rule.by === "ip+email" ? `${endpoint} ${await loginEmail(c)}` : limitBucket(endpoint);
  return consumeLimit(c.env, caller, bucket, rule.limit, rule.windowSeconds);
}

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const decision = await countThisRequest(c);
  if (!decision.allowed) throw rateLimitExceeded(decision);
  await next();
  // A handler refused by another limit (the daily AI allowance) already carries that limit's
  // headers; they are the ones that explain its 429.
  if (c.res.headers.has("RateLimit-Limit")) return;
  applyRateLimitHeaders(c, decision);
});

/**
 * The same limit, counted while the handler reads: the limiter's hop starts here and `admission`
 * (resolving when admitted, rejecting with the 429 when not) is what the handler awaits before it
 * writes anything, and before any error of its own, so a refused request answers the 429 and
 * changes nothing, exactly as with `rateLimit`. For handlers whose reads are worth overlapping
 * (the token endpoint); a handler under it must await `admission` on every path.
 */
export const rateLimitBeside = createMiddleware<AppEnv>(async (c, next) => {
  const counted = countThisRequest(c);
  const admission = counted.then((decision) => {
    if (!decision.allowed) throw rateLimitExceeded(decision);
    return decision;
  });
  // A refusal is awaited below whatever happens; this only keeps it from counting as unhandled meanwhile.
  admission.catch(() => undefined);
  c.set("admission", admission);
  await next();
  const decision = await counted;
  if (!decision.allowed) {
    // Refused, and answered before the handler ran (the form checks): the 429 still wins.
    if (c.res.status !== 429) throw rateLimitExceeded(decision);
    return;
  }
  if (!c.res.headers.has("RateLimit-Limit")) applyRateLimitHeaders(c, decision);
});

/**
 * Runs a handler under `rateLimitBeside`: whatever it answers (an early answer that wrote nothing
 * included) or throws waits for the limit's answer, and a refusal wins.
 */
export async function admitted<T>(c: Context<AppEnv>, handler: () => Promise<T>): Promise<T> {
  try {
    const answer = await handler();
    await c.var.admission;
    return answer;
  } catch (error) {
    await c.var.admission;
    throw error;
  }
}
