import { ApiError } from "../../lib/errors";
import type { SpendDecision, SpendRequest } from "./spend";
import type { RateLimitDecision } from "./windows";

declare module "../../env" {
  interface RequestVariables {
    /** Set by `rateLimitBeside`: the request's rate-limit answer, rejecting with the 429 when refused. */
    admission: Promise<RateLimitDecision>;
  }
}

/**
 * The ids of the limiter objects this isolate has called, by caller. `getByName` derives the id from
 * the name (a keyed hash) on every call: the largest self time of a token request's profile
 * (docs/performance.md). An id is a plain value, not tied to a request (a stub is), so it is kept;
 * at most `LIMITER_IDS_KEPT`, the oldest dropped first, so a stream of new client IPs cannot grow it.
 */
const limiterIds = new Map<string, DurableObjectId>();
const LIMITER_IDS_KEPT = 4096;

function limiterOf(env: Env, caller: string) {
  let id = limiterIds.get(caller);
  if (!id) {
    id = env.RATE_LIMITER.idFromName(caller);
    if (limiterIds.size >= LIMITER_IDS_KEPT) limiterIds.delete(limiterIds.keys().next().value!);
    limiterIds.set(caller, id);
  }
  return env.RATE_LIMITER.get(id);
}

/**
 * The limiter object of an account, by name: its AI allowance counts there, and its spend holds
 * are kept there (every user of the account draws from both).
 */
export const accountLimiter = (accountId: string) => `account:${accountId}`;

/** Calls the caller's limiter object; the one place that talks to it. */
export function consumeLimit(env: Env, caller: string, bucket: string, limit: number, windowSeconds: number) {
  return limiterOf(env, caller).hit(bucket, limit, windowSeconds) as Promise<RateLimitDecision>;
}

/** Gives back one request consumed in the current window (a request that turned out not to need it). */
export function refundLimit(env: Env, caller: string, bucket: string, windowSeconds: number) {
  return limiterOf(env, caller).refund(bucket, windowSeconds);
}

/** Reads a bucket without consuming from it (e.g. to report an allowance). */
export function peekLimit(env: Env, caller: string, bucket: string, limit: number, windowSeconds: number) {
  return limiterOf(env, caller).peek(bucket, limit, windowSeconds) as Promise<RateLimitDecision>;
}

/** Reserves a run's spend in its account's limiter object (`SpendHolds.reserve`). */
export function reserveSpend(env: Env, caller: string, request: SpendRequest) {
  return limiterOf(env, caller).reserveSpend(request) as Promise<SpendDecision>;
}

/** Settles or drops a run's spend hold in its account's limiter object (`SpendHolds.release`). */
export function releaseSpend(env: Env, caller: string, key: string, debitedMicros: number | null) {
  return limiterOf(env, caller).releaseSpend(key, debitedMicros);
}

function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - Date.now()) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(decision.limit),
    "RateLimit-Remaining": String(decision.remaining),
    "RateLimit-Reset": String(resetSeconds),
  };
  if (!decision.allowed) headers["Retry-After"] = String(resetSeconds);
  return headers;
}

/** Puts a decision's RateLimit-* (and, when refused, Retry-After) headers on the answer being built. */
export function applyRateLimitHeaders(
  answer: { header(name: string, value: string): void },
  decision: RateLimitDecision,
) {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) answer.header(name, value);
}

export const rateLimitExceeded = (decision: RateLimitDecision) =>
  new ApiError("RATE_LIMIT_EXCEEDED", "Rate limit exceeded", undefined, rateLimitHeaders(decision));
