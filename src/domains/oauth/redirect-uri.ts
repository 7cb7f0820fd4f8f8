/**
 * What a redirect URI must be to be registered, and so to be redirected to: an absolute URI that a
 * URL parser gives back unchanged (so it holds no control characters, whitespace, non-ASCII or
 * anything else a parser would encode or drop, and can go into a `Location` header as it is),
 * `https` (or `http` on a loopback address, for native apps per RFC 8252 §7.3), no fragment
 * (RFC 6749 §3.1.2), no credentials and no wildcards. Private-use schemes (`com.example.app:/cb`)
 * are not accepted: native apps use a loopback redirect (docs/oauth.md).
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export function redirectUriProblem(value: string): string | null {
  if (value.includes("#")) return "must not contain a fragment";
  if (value.includes("*")) return "must not contain wildcards";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.href !== value) {
    return `must be a valid URI written in normal form (no spaces, control or non-ASCII characters; percent-encode them), e.g. ${url.href}`;
  }
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "must use https (or http on a loopback address)";
}
