import { estimateTokens } from "../providers/demo";
import type { CapabilityKey } from "./parameters";

/**
 * The demo runner: answers a capability where none of its providers is configured and the demo
 * model is enabled (CONTRACT), deterministically, saying plainly that nothing was done. The reply
 * is recorded as the demo model's.
 */
export async function* demoCapability(
  key: CapabilityKey,
  parameters: Record<string, unknown>,
  prompt: string,
): AsyncGenerator<string> {
  const shown = Object.keys(parameters).length ? ` with ${JSON.stringify(parameters)}` : "";
  const words =
    `Demo capability ${key} (offline and deterministic; no provider is configured, so nothing was generated or searched). ` +
    `It would run${shown} for: "${prompt.trim().split(/\s+/).slice(0, 24).join(" ")}".`;
  for (const piece of words.match(/\S+\s*/g) ?? []) yield piece;
}

/** The demo runner's tokens, by the demo's estimate (1 per 4 characters). */
export const demoCapabilityUsage = (prompt: string, streamed: string) => ({
  inputTokens: estimateTokens(prompt),
  outputTokens: estimateTokens(streamed),
});
