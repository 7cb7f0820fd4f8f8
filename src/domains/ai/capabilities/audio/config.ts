/**
 * Audio providers (CONTRACT "AI capabilities"), in table order: Stable Audio (`STABILITY_API_KEY`)
 * then ElevenLabs Music (`ELEVENLABS_API_KEY`); `AUDIO_PROVIDER` picks one when both are set, and
 * `STABILITY_BASE_URL`/`ELEVENLABS_BASE_URL` replace scheme and host of their APIs (local fakes).
 */
interface AudioConfig {
  STABILITY_API_KEY?: string;
  STABILITY_BASE_URL?: string;
  ELEVENLABS_API_KEY?: string;
  ELEVENLABS_BASE_URL?: string;
}

export const AUDIO_PROVIDERS = [
  { key: "stable-audio", secret: "STABILITY_API_KEY", baseUrl: "STABILITY_BASE_URL" },
  { key: "elevenlabs", secret: "ELEVENLABS_API_KEY", baseUrl: "ELEVENLABS_BASE_URL" },
] as const;
export type AudioProviderKey = (typeof AUDIO_PROVIDERS)[number]["key"];

export function audioProviderConfig(
  env: Env,
  key: AudioProviderKey,
): { apiKey: string; baseUrl: string | undefined } | null {
  const config = env as unknown as AudioConfig;
  const entry = AUDIO_PROVIDERS.find((p) => p.key === key)!;
  const apiKey = config[entry.secret]?.trim();
  return apiKey ? { apiKey, baseUrl: config[entry.baseUrl]?.trim() || undefined } : null;
}

export const audioProviderKeys = (env: Env): AudioProviderKey[] =>
  AUDIO_PROVIDERS.filter((p) => audioProviderConfig(env, p.key)).map((p) => p.key);
