import { epochSeconds } from "../../lib/clock";
import { base64url, fromBase64url } from "../../lib/crypto";
import { hmacSha256MatchesSync, hmacSha256Sync } from "../../lib/hmac-sync";
import { BASE_PATH } from "../../lib/origin";

/** How long a signed URL opens its item (CONTRACT: 1 hour), long enough for a page's `<video>`. */
const SIGNED_URL_TTL_SECONDS = 3600;

/** The signed message names its purpose, so no other HMAC of this key can pass for a media signature. */
const signedMessage = (id: string, exp: number) => `media:${id}:${exp}`;

/**
 * A relative URL (`/api/v1/media/:id?exp=&sig=`) that opens the item for an hour; signed afresh on
 * every call. Synchronous (HMAC in JavaScript: Web Crypto has no synchronous call) so that a run's
 * object can sign the frames it streams as they leave, once for every listener (docs/ai.md
 * "Signed URLs").
 */
export function signedMediaUrl(env: Pick<Env, "MEDIA_SIGNING_KEY">, id: string, now = epochSeconds()): string {
  const exp = now + SIGNED_URL_TTL_SECONDS;
  return `${BASE_PATH}/media/${id}?exp=${exp}&sig=${base64url(hmacSha256Sync(env.MEDIA_SIGNING_KEY, signedMessage(id, exp)))}`;
}

/** Whether `exp`/`sig` (a URL's query) are a valid, unexpired signature for `id` (a constant-time check). */
export function isSignedFor(
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expires = Number(exp);
  if (expires < epochSeconds()) return false;
  return hmacSha256MatchesSync(env.MEDIA_SIGNING_KEY, signedMessage(id, expires), fromBase64url(sig));
}
