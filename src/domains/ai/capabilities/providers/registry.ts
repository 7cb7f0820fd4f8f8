import { elevenLabsMusic } from "../audio/providers/elevenlabs";
import { stableAudio } from "../audio/providers/stable-audio";
import { openAiImages } from "../image/providers/openai";
import { workersAiImages } from "../image/providers/workers-ai";
import { brave } from "../search/providers/brave";
import { tavily } from "../search/providers/tavily";
import { kling } from "../video/providers/kling";
import { sora } from "../video/providers/sora";
import { veo } from "../video/providers/veo";
import { providerTable } from "./table";

/**
 * THE list of capability providers (CONTRACT "AI capabilities"), each family in the contract's
 * table order (the default is the first configured). Configuration, `GET /ai/capabilities`, the
 * send-time parameter checks, the runners, the price table and the log's redaction all read it:
 * adding a provider is its definition file plus one line here.
 */
export const CAPABILITY_PROVIDER_LIST = [
  brave,
  tavily,
  openAiImages,
  workersAiImages,
  sora,
  veo,
  kling,
  stableAudio,
  elevenLabsMusic,
] as const;

export const CAPABILITY_PROVIDERS = providerTable(CAPABILITY_PROVIDER_LIST);
