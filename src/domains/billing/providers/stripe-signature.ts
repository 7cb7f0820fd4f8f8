import { hmacSha256Matches } from "../../../lib/crypto";

/** Stripe's own default: a signature older than five minutes is treated as a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

function hexBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

/**
 * Stripe's webhook signature scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]`
 * where each `v1` is HMAC-SHA256 over `"{t}.{payload}"` keyed with the endpoint secret (several
 * while a secret is being rolled). True when one `v1` matches and `t` is at most the tolerance
 * old. `hmacSha256Matches` (Web Crypto's verify) compares the MACs in constant time, so a forger learns nothing
 * from how long a wrong guess took.
 */
export async function verifyStripeSignature(
  payload: string,
  header: string,
  secret: string,
  nowSeconds: number,
): Promise<boolean> {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1") {
      const bytes = hexBytes(value);
      if (bytes) signatures.push(bytes);
    }
  }
  // Like Stripe's libraries, only the age is bounded: a timestamp ahead of our clock is skew.
  if (timestamp === undefined || !signatures.length || nowSeconds - timestamp > SIGNATURE_TOLERANCE_SECONDS)
    return false;
  const signed = new TextEncoder().encode(`${timestamp}.${payload}`);
  for (const signature of signatures) {
    if (await hmacSha256Matches(secret, signed, signature)) return true;
  }
  return false;
}
