import { AI_ALLOWANCE_WINDOW_SECONDS, AI_DAILY_ALLOWANCE } from "../../limits";
import type { AuthContext, Ctx } from "../identity";
import { accountLimiter, consumeLimit, peekLimit, rateLimitExceeded, refundLimit } from "../limits";

const BUCKET = "ai:daily-requests";

const allowanceLimit = (auth: AuthContext) => auth.aiDailyAllowance ?? AI_DAILY_ALLOWANCE[auth.plan];

/** Sending and retrying each use one request of the day; none left is 429. */
export async function consumeAllowance({ env, auth }: Ctx) {
  const decision = await consumeLimit(
    env,
    accountLimiter(auth.accountId),
    BUCKET,
    allowanceLimit(auth),
    AI_ALLOWANCE_WINDOW_SECONDS,
  );
  if (!decision.allowed) throw rateLimitExceeded(decision);
  return decision;
}

/** Gives back the request a send consumed when its turn did not start (a replayed key, a running reply). */
export async function refundAllowance({ env, auth }: Ctx) {
  await refundLimit(env, accountLimiter(auth.accountId), BUCKET, AI_ALLOWANCE_WINDOW_SECONDS);
}

export async function readAllowance({ env, auth }: Ctx) {
  const decision = await peekLimit(
    env,
    accountLimiter(auth.accountId),
    BUCKET,
    allowanceLimit(auth),
    AI_ALLOWANCE_WINDOW_SECONDS,
  );
  return {
    limit: decision.limit,
    remaining: decision.remaining,
    resetsAt: new Date(decision.resetAt).toISOString(),
    scope: "account" as const,
  };
}
