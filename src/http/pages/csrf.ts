import { base64url, timingSafeEqual } from "../../lib/crypto";

/**
 * The HMAC's label. It says "oauth" because the OAuth sign-in pages had this kit first; it stays,
 * so forms rendered before a deploy still verify after it.
 */
const CSRF_LABEL = "oauth-csrf";

async function hmac(secret: string, message: string) {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message))));
}

/**
 * The CSRF token of a form: an HMAC of what the form is for (an OAuth flow id, an account form's
 * name) and the browser's cookie key, so it needs no storage and only a page rendered for this
 * browser can hold it (synchronizer token pattern).
 */
export const csrfToken = (secret: string, purpose: string, browser: string) =>
  hmac(secret, `${CSRF_LABEL}:${purpose}:${browser}`);

export async function validCsrf(secret: string, purpose: string, browser: string, presented: string | undefined) {
  return presented !== undefined && timingSafeEqual(presented, await csrfToken(secret, purpose, browser));
}
