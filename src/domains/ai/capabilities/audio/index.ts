import { storeGenerated, writeMediaAnswer, type StoredMediaItem } from "../media-output";
import { CAPABILITY_PROVIDERS } from "../providers/registry";
import { retriedInStep } from "../retry";
import type { Capability } from "../types";

/** `durationSeconds` when the request names none. */
const DEFAULT_DURATION_SECONDS = 10;

/** The duration a request's parameters ask for (its runner and its cost estimate read it alike). */
export const audioDuration = (parameters: Record<string, unknown>) =>
  typeof parameters.durationSeconds === "number" ? parameters.durationSeconds : DEFAULT_DURATION_SECONDS;

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
    const prompt = audioPrompt(context.spec.prompt, context.parameters);
    const durationSeconds = audioDuration(context.parameters);
    const subject = CAPABILITY_PROVIDERS.find("audio", context.provider)?.name ?? context.provider;
    const activity = { title: `Composing ${durationSeconds} s of music`, status: "generating", subject };
    const result = await context.steps.run<StoredMediaItem[]>(
      { id: "audio-1", toolKey: "audio.generate", input: { prompt, durationSeconds, ...context.parameters }, activity },
      async (step) => {
        const { provider, access } = CAPABILITY_PROVIDERS.open(context.env, "audio", context.provider);
        const call = { ...access, signal: step.signal, fetch: context.fetch };
        const audio = await retriedInStep(context, step, activity, async () => {
          const composed = await provider.compose({ prompt, durationSeconds }, call);
          const [unit, amount] = provider.unit(durationSeconds);
          context.unit(unit, amount);
          return composed;
        });
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
