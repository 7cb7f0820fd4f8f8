/**
 * Every provider request's deadline (CONTRACT "AI capabilities"), in milliseconds. A var of the
 * same name overrides one (tests make them small, as `VIDEO_POLL_MS`).
 */
export const DEADLINES = {
  /** A search provider's whole answer. */
  SEARCH_DEADLINE_MS: 15_000,
  /** An image provider's whole answer (a generation takes tens of seconds). */
  IMAGE_DEADLINE_MS: 120_000,
  /** One request of a video or audio job (create, poll, download). */
  MEDIA_REQUEST_DEADLINE_MS: 60_000,
  /** A video or audio job, from its first poll to its result. */
  MEDIA_JOB_DEADLINE_MS: 30 * 60_000,
  /** A chat model's first byte of its stream, from the request. */
  CHAT_FIRST_BYTE_MS: 60_000,
  /** A chat stream silent this long after its first byte. */
  CHAT_IDLE_MS: 60_000,
} as const;

export type DeadlineName = keyof typeof DEADLINES;

/** The deadline `name`, or its var's override (a positive number of milliseconds). */
export function deadlineMs(env: Env, name: DeadlineName): number {
  const value = Number((env as unknown as Record<string, unknown>)[name]);
  return Number.isFinite(value) && value > 0 ? value : DEADLINES[name];
}
