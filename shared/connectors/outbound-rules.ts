import { AdapterError } from "./adapter-port";

/**
 * The SSRF rules connectors' outbound requests obey (CONTRACT.md "Connectors"): https only; no IP
 * literals (so no private, loopback, link-local, metadata or IPv4-mapped addresses can be named
 * directly); no names that only resolve inside a network (`localhost`, `*.internal`, `*.local`,
 * dotless names). Hosts in `ALLOW_PRIVATE_HOSTS` (`host` or `host:port`, empty in production) are
 * exempt, so local fakes and servers can be reached in tests. The API's guarded fetch applies them
 * to every redirect hop; the SQL Worker to its PostgreSQL host. Plain code, no imports beyond the
 * port: both sides build on it (shared/ imports neither src/ nor workers/).
 *
 * Names are checked, not their DNS answers: a Worker cannot resolve names itself, and Cloudflare's
 * own fetch refuses private destinations in production (docs/connectors.md).
 */

/** Names that only mean something inside a network, or are cloud metadata endpoints. */
const INTERNAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".localdomain",
  ".internal",
  ".intranet",
  ".lan",
  ".home.arpa",
  ".corp",
];
const INTERNAL_NAMES = new Set(["localhost", "metadata", "metadata.google.internal", "instance-data"]);

export function parseAllowList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

const defaultPort = (url: URL) =>
  url.port || (url.protocol === "https:" ? "443" : url.protocol === "http:" ? "80" : "");

function isAllowed(url: URL, allowList: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowList.includes(host) || allowList.includes(`${host}:${defaultPort(url)}`);
}

/** The URL parser already turns `0x7f.1`, `2130706433` and friends into dotted quads. */
const isIpLiteral = (hostname: string) => hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/** Throws `blocked_destination` for a URL the SSRF rules refuse; says why, never more. */
export function checkDestination(raw: string | URL, allowList: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AdapterError("blocked_destination", "The URL is not a valid absolute URL");
  }
  if (isAllowed(url, allowList)) return url;
  if (url.protocol !== "https:") throw new AdapterError("blocked_destination", "Only https:// URLs may be reached");
  if (url.username || url.password) throw new AdapterError("blocked_destination", "URLs may not carry credentials");
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isIpLiteral(host))
    throw new AdapterError("blocked_destination", "IP addresses may not be used as hosts; use a public DNS name");
  if (INTERNAL_NAMES.has(host) || !host.includes(".") || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    throw new AdapterError("blocked_destination", `The host "${host}" is not a public address`);
  }
  return url;
}
