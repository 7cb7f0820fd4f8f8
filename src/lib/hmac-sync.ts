import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { messageBytes } from "./crypto";

// A synchronous HMAC in JavaScript (@noble/hashes), apart from ./crypto.ts: that module is loaded by
// every authenticated cold request (tokens, pagination cursors), and @noble's SHA-256 builds its
// tables when it loads; only media URL signing needs it (docs/performance.md "A cold request").

/**
 * `hmacSha256` (./crypto.ts), synchronous (in JavaScript: Web Crypto has no synchronous call), for a
 * caller that signs while it streams (a run's object signing media URLs in the frames it sends).
 */
export const hmacSha256Sync = (secret: string, message: string | Uint8Array): Uint8Array =>
  hmac(sha256, messageBytes(secret), messageBytes(message));

/** `hmacSha256Matches`, synchronous: a MAC of another length is refused before the constant-time check. */
export const hmacSha256MatchesSync = (secret: string, message: string | Uint8Array, mac: Uint8Array): boolean => {
  const expected = hmacSha256Sync(secret, message);
  return mac.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(expected, mac);
};
