import { z } from "@hono/zod-openapi";
import { builtOnce } from "../../../http/openapi";

/**
 * Capabilities a message can ask for with `capabilityKey`, each with the exact parameters the
 * spec's table accepts. Parameters may come nested in `parameters` or at top level; nested wins.
 */
export const CAPABILITY_KEYS = [
  "ai.search.web",
  "ai.research.deep",
  "ai.image.generate",
  "ai.video.generate",
  "ai.audio.generate",
] as const;
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number];

/** Bounds shared by several capabilities (spec "Limits"). */
const MAX_STYLE_TOKENS = 16;
const MAX_STYLE_TOKEN_CHARS = 64;
const MAX_NEGATIVE_PROMPT_CHARS = 4000;
/** Long enough for any real URL or model name, short enough to keep run records small. */
const MAX_TEXT_PARAM = 2048;
const MAX_REFERENCES = 8;

const between = (min: number, max: number) =>
  z
    .number({ message: "must be a number" })
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** A capability's parameters: each one's schema, by name. */
export type ParameterTable = Record<string, z.ZodType>;

/**
 * The parameter tables, built on first call and kept: a send body's checks and `GET
 * /ai/capabilities` read them, not a cold request of the AI routes' group (which loads this module
 * with the send body's declaration: docs/performance.md "A cold request").
 */
export const capabilityParameterTables = builtOnce((): Record<CapabilityKey, ParameterTable> => {
  // Type, emptiness, format and choice messages are the common wording (src/http/zod-errors.ts);
  // ranges and list shapes name themselves here.
  const text = z.string().min(1).max(MAX_TEXT_PARAM);
  const url = z.url().max(MAX_TEXT_PARAM);
  const integer = z.number().int();
  const styleTokens = z
    .array(z.string().max(MAX_STYLE_TOKEN_CHARS, `each item must be at most ${MAX_STYLE_TOKEN_CHARS} characters`), {
      message: "must be an array of strings",
    })
    .max(MAX_STYLE_TOKENS, `must have at most ${MAX_STYLE_TOKENS} items`);
  const negativePrompt = z
    .string()
    .max(MAX_NEGATIVE_PROMPT_CHARS, `must be at most ${MAX_NEGATIVE_PROMPT_CHARS} characters`);
  /** Video `duration` accepts numeric strings ("12") as well as numbers. */
  const numericString = z.union(
    [
      z.number(),
      z
        .string()
        .regex(/^\s*\d+(\.\d+)?\s*$/)
        .transform(Number),
    ],
    {
      message: "must be a number",
    },
  );

  return {
    "ai.audio.generate": {
      durationSeconds: between(5, 30),
      bpm: between(40, 220),
      styleTokens,
    },
    "ai.image.generate": {
      aspectRatio: z.string().regex(/^[1-9]\d*:[1-9]\d*$/, "must be W:H, e.g. 16:9"),
      quality: oneOf(["standard", "hd", "auto"]),
      numImages: integer.min(1, "must be between 1 and 4").max(4, "must be between 1 and 4"),
      numberOfImages: integer.min(1, "must be between 1 and 4").max(4, "must be between 1 and 4"),
      seed: integer,
      negativePrompt,
      size: oneOf(["1024x1024", "1792x1024", "1024x1792"]),
      style: oneOf(["vivid", "natural"]),
      resolution: text,
      provider: text,
      model: text,
      activeImageId: text,
    },
    "ai.video.generate": {
      aspectRatio: oneOf(["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"]),
      // The range is stated for clients too: the input schema of a pipe is its first part's alone.
      duration: numericString.pipe(between(1, 60)).meta({ minimum: 1, maximum: 60 }),
      resolution: oneOf(["480p", "720p", "1080p", "4k"]),
      size: z.string().regex(/^[1-9]\d*x[1-9]\d*$/, "must be WxH, e.g. 1280x720"),
      generateAudio: z.boolean({ message: "must be a boolean" }),
      negativePrompt,
      seed: integer,
      styleTokens,
      inputImageUrl: url,
      inputVideoUrl: url,
      referenceImages: z
        .array(url, { message: "must be an array of URLs" })
        .max(MAX_REFERENCES, `must have at most ${MAX_REFERENCES} items`),
      referenceVideos: z
        .array(url, { message: "must be an array of URLs" })
        .max(MAX_REFERENCES, `must have at most ${MAX_REFERENCES} items`),
      provider: oneOf(["kling", "veo", "sora"]),
      model: text,
    },
    "ai.search.web": {
      maxResults: integer.min(1, "must be between 1 and 20").max(20, "must be between 1 and 20"),
    },
    "ai.research.deep": {
      depth: oneOf(["standard", "deep"]),
    },
  };
});

/** The capabilities that accept a parameter name (for naming the right one in an error). */
export const capabilitiesWith = (name: string) =>
  CAPABILITY_KEYS.filter((key) => Object.hasOwn(capabilityParameterTables()[key], name));
