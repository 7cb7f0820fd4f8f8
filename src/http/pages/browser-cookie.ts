import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { randomToken } from "../../lib/crypto";

/** A day: long enough to finish a sign-in or a recovery, short enough not to become a tracking id. */
const BROWSER_COOKIE_MAX_AGE_SECONDS = 24 * 3600;

export interface BrowserCookie {
  /** The browser's key, when it sent a well-formed one. */
  key(c: Context<AppEnv>): string | undefined;
  /** The browser's key, issuing a fresh cookie when it has none. */
  ensure(c: Context<AppEnv>): string;
}

/**
 * A random per-browser cookie that a set of pages binds its CSRF tokens (and, for OAuth, its
 * flows) to: a token or flow id opened in any other browser is worthless. HttpOnly, so scripts
 * never see it; `sameSite` decides which cross-site navigations carry it; `path` keeps it to the
 * pages that read it. `prefix` (regex-safe, e.g. `ob_`) tells the sets' keys apart.
 */
export function browserCookie(options: {
  name: string;
  prefix: string;
  path: string;
  sameSite: "Lax" | "Strict";
}): BrowserCookie {
  // randomToken: the prefix and 32 random bytes in base64url, 43 characters.
  const pattern = new RegExp(`^${options.prefix}[A-Za-z0-9_-]{43}$`);
  const key = (c: Context<AppEnv>) => {
    const value = getCookie(c, options.name);
    return value && pattern.test(value) ? value : undefined;
  };
  return {
    key,
    ensure(c) {
      const existing = key(c);
      if (existing) return existing;
      const fresh = randomToken(options.prefix);
      setCookie(c, options.name, fresh, {
        path: options.path,
        httpOnly: true,
        sameSite: options.sameSite,
        secure: new URL(c.req.url).protocol === "https:",
        maxAge: BROWSER_COOKIE_MAX_AGE_SECONDS,
      });
      return fresh;
    },
  };
}
