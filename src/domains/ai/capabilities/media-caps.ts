/**
 * The largest generated file of each kind that is stored (CONTRACT "Media"), counted as the bytes
 * stream in: an image 20 MiB (a 4K PNG is a few MiB; OpenAI's base64 answers are counted decoded),
 * audio 50 MiB (minutes of lossless audio), video 200 MiB (a 60-second 4K clip). Past the cap the
 * step fails and nothing is kept. Tests lower them through vars, as they do `VIDEO_POLL_MS`.
 */
const MiB = 1024 * 1024;

export type GeneratedKind = "image" | "video" | "audio";

export const MEDIA_CAPS: Record<GeneratedKind, number> = {
  image: 20 * MiB,
  audio: 50 * MiB,
  video: 200 * MiB,
};

const CAP_VARS: Record<GeneratedKind, string> = {
  image: "MEDIA_CAP_IMAGE_BYTES",
  audio: "MEDIA_CAP_AUDIO_BYTES",
  video: "MEDIA_CAP_VIDEO_BYTES",
};

/** The cap for `kind`: its var when set to a positive integer, else the contract's value. */
export function mediaCap(env: Env, kind: GeneratedKind): number {
  const value = Number((env as unknown as Record<string, string | undefined>)[CAP_VARS[kind]]);
  return Number.isSafeInteger(value) && value > 0 ? value : MEDIA_CAPS[kind];
}

/** A byte count as people read it (the cap in a failure's reason). */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The most base64 text `bytes` decoded bytes take (4 characters per 3 bytes, padded). */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);
