// Rate limits: the per-caller window counters (kept by the RateLimiter Durable Object) and the
// client every domain and the rate-limit middleware call them through.
export { applyRateLimitHeaders, consumeLimit, peekLimit, rateLimitExceeded, refundLimit } from "./client";
export { RateWindows, type RateLimitDecision } from "./windows";
