import { base64url, fromBase64url, hmacSha256, hmacSha256Matches } from "./crypto";

/**
 * JSON Web Tokens signed with HS256 (RFC 7519 over a compact RFC 7515 JWS), the only kind this API
 * signs (its access tokens, Kling's request tokens) or accepts. Web Crypto does the cryptography,
 * the HMAC check included (constant time), through `hmacSha256` and its key per secret
 * (src/lib/crypto.ts); this module only frames it. It replaced `jose`, whose
 * 20 KiB every cold isolate parsed for these two calls (docs/performance.md); the tests still sign
 * and verify with jose, so the two stay interchangeable.
 */

export type JwtHeader = Record<string, unknown> & { alg: "HS256" };
export type JwtPayload = Record<string, unknown>;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const encodeJson = (value: object) => base64url(encoder.encode(JSON.stringify(value)));

/** A JSON object from a base64url segment, or null when the segment is anything else. */
function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(fromBase64url(segment)));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `header.payload.signature`, signed with HS256 under `secret`. */
export async function signJwt(header: JwtHeader, payload: JwtPayload, secret: string): Promise<string> {
  const signingInput = `${encodeJson(header)}.${encodeJson(payload)}`;
  return `${signingInput}.${base64url(await hmacSha256(secret, signingInput))}`;
}

/**
 * The header and payload of a token whose HS256 signature under `secret` is valid; null for
 * anything else: not three base64url segments of JSON objects, another `alg` (`none` included),
 * a `crit` header (no extension is understood here, so RFC 7515 says refuse), a wrong signature.
 * Claims (issuer, audience, expiry) are the caller's to check.
 */
export async function verifyJwt(
  token: string,
  secret: string,
): Promise<{ header: JwtHeader; payload: JwtPayload } | null> {
  const segments = token.split(".");
  if (segments.length !== 3 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  const [encodedHeader, encodedPayload, encodedSignature] = segments as [string, string, string];
  const header = decodeJson(encodedHeader);
  if (header?.alg !== "HS256" || "crit" in header) return null;
  let signature: Uint8Array;
  try {
    signature = fromBase64url(encodedSignature);
  } catch {
    return null;
  }
  if (!(await hmacSha256Matches(secret, `${encodedHeader}.${encodedPayload}`, signature))) return null;
  const payload = decodeJson(encodedPayload);
  return payload ? { header: header as JwtHeader, payload } : null;
}
