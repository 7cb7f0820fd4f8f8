import { storeGenerated, writeMediaAnswer, type StoredMediaItem } from "../media-output";
import { withRetries } from "../retry";
import { CapabilityError, type Capability } from "../types";
import { audioProviderConfig, type AudioProviderKey } from "./config";
import type { AudioProvider } from "./port";
import { elevenLabsMusic } from "./providers/elevenlabs";
import { stableAudio } from "./providers/stable-audio";

const PROVIDERS: Record<AudioProviderKey, AudioProvider> = { "stable-audio": stableAudio, elevenlabs: elevenLabsMusic };

/** `durationSeconds` when the request names none. */
const DEFAULT_DURATION_SECONDS = 10;

/**
 * The prompt the provider gets: neither provider has a tempo or style field, so `bpm` and
 * `styleTokens` are folded into it (CONTRACT: "else in the prompt").
 */
export function audioPrompt(prompt: string, parameters: Record<string, unknown>): string {
  const styles = Array.isArray(parameters.styleTokens)
    ? (parameters.styleTokens as string[]).filter((s) => s.trim())
    : [];
  const parts = [prompt.trim()];
  if (styles.length) parts.push(`Style: ${styles.join(", ")}.`);
  if (typeof parameters.bpm === "number") parts.push(`Tempo: ${parameters.bpm} BPM.`);
  return parts.join(" ");
}

/**
 * `ai.audio.generate`: one `audio.generate` step: the provider composes exactly `durationSeconds`
 * (429/5xx retried), and the audio is streamed into R2 as it arrives (kind audio, with its duration).
 */
export const audioGenerate: Capability = {
  key: "ai.audio.generate",
  async run(context) {
    const key = context.provider as AudioProviderKey;
    const provider = PROVIDERS[key];
    const config = audioProviderConfig(context.env, key);
    const prompt = audioPrompt(context.spec.prompt, context.parameters);
    const durationSeconds =
      typeof context.parameters.durationSeconds === "number"
        ? context.parameters.durationSeconds
        : DEFAULT_DURATION_SECONDS;
    const subject = provider.name;
    const activity = { title: `Composing ${durationSeconds} s of music`, status: "generating", subject };
    const result = await context.steps.run<StoredMediaItem[]>(
      { id: "audio-1", toolKey: "audio.generate", input: { prompt, durationSeconds, ...context.parameters }, activity },
      async (step) => {
        if (!config) throw new CapabilityError(`${subject} is not configured`);
        const audio = await withRetries(
          async () => {
            const composed = await provider.compose({
              prompt,
              durationSeconds,
              apiKey: config.apiKey,
              baseUrl: config.baseUrl,
              signal: step.signal,
              fetch: context.fetch,
            });
            const [unit, amount] = provider.unit(durationSeconds);
            context.unit(unit, amount);
            return composed;
          },
          {
            signal: step.signal,
            sleep: context.sleep,
            onRetry: (retry, error) =>
              step.progress({ ...activity, detail: `${error.message}; retry ${retry} of 3`, status: "retrying" }),
          },
        );
        const item = await storeGenerated(context, {
          kind: "audio",
          provider: subject,
          declaredType: audio.declaredType,
          body: audio.body,
          length: audio.length,
          durationSeconds,
        });
        return { output: { media: [item] }, data: [item] };
      },
    );
    const made = result.data ?? [];
    await writeMediaAnswer(
      context,
      `${made.length ? `${durationSeconds} s of music` : "no music"} by ${subject} for "${context.spec.prompt.trim().slice(0, 300)}".`,
    );
  },
};
