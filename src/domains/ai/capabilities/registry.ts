import { audioGenerate } from "./audio";
import { imageGenerate } from "./image";
import type { CapabilityKey } from "./parameters";
import { deepResearch } from "./research";
import { webSearch } from "./search";
import type { Capability } from "./types";
import { videoGenerate } from "./video";

/** Capabilities with real providers, by key; the others are answered by the demo runner. */
export const CAPABILITIES: Partial<Record<CapabilityKey, Capability>> = {
  "ai.search.web": webSearch,
  "ai.research.deep": deepResearch,
  "ai.image.generate": imageGenerate,
  "ai.audio.generate": audioGenerate,
  "ai.video.generate": videoGenerate,
};
