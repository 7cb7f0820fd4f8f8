// Rate limits: the per-caller window counters (kept by the RateLimiter Durable Object) and the
// client every domain and the rate-limit middleware call them through; and an account's spend
// holds (CONTRACT Wallet "Spend cap"), in the same object.
export {
  accountLimiter,
  applyRateLimitHeaders,
  consumeLimit,
  peekLimit,
  rateLimitExceeded,
  refundLimit,
  releaseSpend,
  reserveSpend,
} from "./client";
export {
  RECENT_DEBITS_MS,
  SETTLED_HOLD_MS,
  SPEND_HOLD_MS,
  SpendHolds,
  type SpendDecision,
  type SpendRequest,
} from "./spend";
export { RateWindows, type RateLimitDecision } from "./windows";
