import { base64url, hmacSha256, timingSafeEqual } from "../../lib/crypto";

/**
 * A six-digit code has only a million values, so a bare SHA-256 of it is reversed in an instant
 * by anyone who reads the table. The code is stored as an HMAC keyed with the server secret and
 * bound to its row, so the table alone reveals nothing.
 */
export async function codeDigest(pepper: string, rowId: string, code: string): Promise<string> {
  return base64url(await hmacSha256(pepper, `recovery-code:${rowId}:${code}`));
}

/** Constant-time equality of a presented code's digest and the stored one. */
export const digestsMatch = (presented: string, stored: string) => timingSafeEqual(presented, stored);

/** Uniform over 000000..999999: values of the 32-bit draw above the last whole million are redrawn (no modulo bias). */
const CODE_SPACE = 1_000_000;
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / CODE_SPACE) * CODE_SPACE;

export function randomSixDigitCode(): string {
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= UNBIASED_LIMIT);
  return String(draw[0]! % CODE_SPACE).padStart(6, "0");
}
