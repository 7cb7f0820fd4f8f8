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
  // Images, per image by provider, model, size and quality (OpenAI's list prices; gpt-image-1
  // at "auto" has none: OpenAI picks the quality, and with it the price). Workers AI's FLUX
  // schnell: 4 tiles of 512x512 ($0.000053 each) and 4 steps ($0.00011 each) per 1024x1024
  // image. Workers AI lists no price for SDXL base, so it has none here.
  "image.openai.dall-e-3.1024x1024.standard": 0.04,
  "image.openai.dall-e-3.1792x1024.standard": 0.08,
  "image.openai.dall-e-3.1024x1792.standard": 0.08,
  "image.openai.dall-e-3.1024x1024.hd": 0.08,
  "image.openai.dall-e-3.1792x1024.hd": 0.12,
  "image.openai.dall-e-3.1024x1792.hd": 0.12,
  "image.openai.gpt-image-1.1024x1024.medium": 0.042,
  "image.openai.gpt-image-1.1024x1024.high": 0.167,
  "image.workers-ai.flux-1-schnell": 0.000652,
  // Audio: Stable Audio 2 bills 20 credits ($0.20) per generation whatever its length;
  // ElevenLabs Music by the second of music made ($0.80 a minute).
  "audio.stable-audio.generation": 0.2,
  "audio.elevenlabs.seconds": 0.8 / 60,
  // Video seconds rendered (list prices per second of the default model and resolution).
  "video.sora.seconds": 0.1, // sora-2, 720p
  "video.veo.seconds": 0.4, // Veo 3.1 with audio
  "video.kling.seconds": 0.07, // kling-v1-6 std (0.35 per 5 s)
};
