/**
 * USD per cost unit beside model tokens (CONTRACT "Usage"): list prices at the time of writing,
 * estimates rather than invoices. A unit missing here has no price, and makes the cost null.
 */
export const UNIT_PRICES: Record<string, number> = {
  // Brave Search API, per query ($5 per 1,000 requests).
  "search.brave": 0.005,
  // Tavily, a basic search is 1 credit ($0.008 per credit pay-as-you-go).
  "search.tavily": 0.008,
  // Pages are read by the Worker itself: no provider bills them.
  "page.read": 0,
  // Video seconds rendered (list prices per second of the default model and resolution).
  "video.sora.seconds": 0.1, // sora-2, 720p
  "video.veo.seconds": 0.4, // Veo 3.1 with audio
  "video.kling.seconds": 0.07, // kling-v1-6 std (0.35 per 5 s)
};
