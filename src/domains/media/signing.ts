import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { epochSeconds } from "../../lib/clock";
import { base64url, fromBase64url } from "../../lib/crypto";
import { BASE_PATH } from "../../lib/origin";

/** How long a signed URL opens its item (CONTRACT: 1 hour), long enough for a page's `<video>`. */
const SIGNED_URL_TTL_SECONDS = 3600;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key for checking signatures, imported once per secret for the isolate's life. */
function verifyingKey(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    keys.set(secret, key);
  }
  return key;
}

/** The signed message names its purpose, so no other HMAC of this key can pass for a media signature. */
const message = (id: string, exp: number) => encoder.encode(`media:${id}:${exp}`);

/**
 * A relative URL (`/api/v1/media/:id?exp=&sig=`) that opens the item for an hour; signed afresh on
 * every call. Synchronous (HMAC in JavaScript, not Web Crypto) so that a run's object can sign the
 * frames it streams as it hands them out, once for every listener (docs/ai.md "Media in the stream").
 */
export function signedMediaUrl(env: Pick<Env, "MEDIA_SIGNING_KEY">, id: string, now = epochSeconds()): string {
  const exp = now + SIGNED_URL_TTL_SECONDS;
  const sig = base64url(hmac(sha256, encoder.encode(env.MEDIA_SIGNING_KEY), message(id, exp)));
  return `${BASE_PATH}/media/${id}?exp=${exp}&sig=${sig}`;
}

/** Whether `exp`/`sig` (a URL's query) are a valid, unexpired signature for `id` (a constant-time check). */
export async function isSignedFor(
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
): Promise<boolean> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expires = Number(exp);
  if (expires < epochSeconds()) return false;
  return crypto.subtle.verify(
    "HMAC",
    await verifyingKey(env.MEDIA_SIGNING_KEY),
    fromBase64url(sig),
    message(id, expires),
  );
}
