import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { base64url, randomToken, timingSafeEqual } from "../../lib/crypto";
import { BASE_PATH } from "../../lib/origin";

/**
 * A random per-browser cookie binds every authorization flow (and magic link) to the browser that
 * started it: a flow id or link opened anywhere else is worthless. HttpOnly and SameSite=Lax, so
 * neither scripts nor cross-site form posts carry it.
 */
const BROWSER_COOKIE = "oauth_browser";
const BROWSER_COOKIE_PATTERN = /^ob_[A-Za-z0-9_-]{43}$/;
/** A day: long enough to span a sign-in, short enough not to become a tracking id. */
const BROWSER_COOKIE_MAX_AGE_SECONDS = 24 * 3600;

export function browserKey(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, BROWSER_COOKIE);
  return value && BROWSER_COOKIE_PATTERN.test(value) ? value : undefined;
}

/** The browser's key, issuing a fresh cookie when it has none. */
export function ensureBrowserKey(c: Context<AppEnv>): string {
  const existing = browserKey(c);
  if (existing) return existing;
  const key = randomToken("ob_");
  setCookie(c, BROWSER_COOKIE, key, {
    path: `${BASE_PATH}/oauth`,
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: BROWSER_COOKIE_MAX_AGE_SECONDS,
  });
  return key;
}

async function hmac(secret: string, message: string) {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message))));
}

/**
 * The CSRF token of a flow's forms: an HMAC of the flow id and the browser key, so it needs no
 * storage and only a page rendered for this browser can hold it (synchronizer token pattern).
 */
export const csrfToken = (secret: string, flowId: string, browser: string) =>
  hmac(secret, `oauth-csrf:${flowId}:${browser}`);

export async function validCsrf(secret: string, flowId: string, browser: string, presented: string | undefined) {
  return presented !== undefined && timingSafeEqual(presented, await csrfToken(secret, flowId, browser));
}
