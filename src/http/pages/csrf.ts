import { base64url, hmacSha256, timingSafeEqual } from "../../lib/crypto";

/**
 * The HMAC's label. It says "oauth" because the OAuth sign-in pages had this kit first; it stays,
 * so forms rendered before a deploy still verify after it.
 */
const CSRF_LABEL = "oauth-csrf";

/**
 * The CSRF token of a form: an HMAC of what the form is for (an OAuth flow id, an account form's
 * name) and the browser's cookie key, so it needs no storage and only a page rendered for this
 * browser can hold it (synchronizer token pattern).
 */
export const csrfToken = async (secret: string, purpose: string, browser: string) =>
  base64url(await hmacSha256(secret, `${CSRF_LABEL}:${purpose}:${browser}`));

export async function validCsrf(secret: string, purpose: string, browser: string, presented: string | undefined) {
  return presented !== undefined && timingSafeEqual(presented, await csrfToken(secret, purpose, browser));
}
