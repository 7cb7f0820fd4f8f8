import { redirectUriProblem } from "./redirect-uri";

/**
 * Client ID Metadata Documents (CONTRACT "Capabilities over MCP"; MCP authorization 2025-11-25,
 * draft-ietf-oauth-client-id-metadata-document): a `client_id` that is a URL names a JSON document
 * describing the client. This module holds the rules on the URL and on the document; fetching and
 * caching are client-metadata-fetch.ts and client-metadata-cache.ts.
 */

/**
 * The partner key every metadata-document client's row names (migration 0021): `partner_key_id`
 * cannot be null, and such a client has no partner. The key is revoked and has no usable hash.
 */
export const METADATA_DOCUMENT_PARTNER_KEY = "client-metadata-documents";

/**
 * Tokens carry the `client_id` in every request and the consent page shows it; registered
 * clients' ids are 36 characters. A metadata URL is a short, stable URL (the draft recommends so).
 */
const MAX_CLIENT_ID_URL_LENGTH = 512;
/** What the consent page shows as the client's own name: a heading, not a paragraph. */
const MAX_CLIENT_NAME_LENGTH = 100;
/** As for registered clients (docs/oauth.md "Registration"). */
const MAX_REDIRECT_URIS = 10;
/** Control characters and the Unicode bidirectional overrides, which could disguise a name. */
const DISGUISING = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** Anything that looks like a URL is a metadata-document client id; registered ids are UUIDs. */
export const isMetadataClientId = (value: string) => /^https?:\/\//i.test(value);

/**
 * Why `value` cannot be a metadata-document client id, or null. The draft's rules: `https`, a path
 * (not just `/`), no dot segments, no fragment, no credentials; plus this server's: written in the
 * form a URL parser gives back unchanged (so the document's `client_id` can be compared as a plain
 * string and the id shown as it is), and `http` only on a host of `ALLOW_PRIVATE_HOSTS` (local
 * tests). The host itself is judged by the SSRF rules when it is fetched.
 */
export function clientIdUrlProblem(value: string, allowList: readonly string[]): string | null {
  if (value.length > MAX_CLIENT_ID_URL_LENGTH) return `is longer than ${MAX_CLIENT_ID_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a valid URL";
  }
  // The parser removes dot segments and would add `/` to a bare origin: both differ from the input.
  if (url.href !== value) return "is not a URL in normal form (no dot segments, a lower-case host)";
  if (url.hash || value.includes("#")) return "has a fragment";
  if (url.username || url.password) return "carries credentials";
  if (url.pathname === "/") return "has no path";
  // As the SSRF rules match ALLOW_PRIVATE_HOSTS: `host` or `host:port`.
  const port = url.port || (url.protocol === "http:" ? "80" : "443");
  const allowed = allowList.includes(url.hostname) || allowList.includes(`${url.hostname}:${port}`);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed)) return "is not an https URL";
  return null;
}

/** What this server keeps of a document: the client as the consent page and the flow use it. */
export interface ClientMetadata {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

export type MetadataCheck = { ok: true; metadata: ClientMetadata } | { ok: false; problem: string };

const refuse = (problem: string): MetadataCheck => ({ ok: false, problem });

/**
 * Checks a fetched document against its URL. It must be a JSON object naming itself (`client_id`
 * equal to the URL, compared as strings), with a `client_name` and 1 to 10 `redirect_uris` each
 * acceptable to the redirect-URI rules registered clients follow. It is a public client: nothing
 * of a shared secret may appear, and any `token_endpoint_auth_method` must be `none`.
 * `logo_uri` is allowed and not used (the pages load nothing from other origins). Problems are
 * fixed texts that never echo the document.
 */
export function checkClientMetadata(url: string, text: string): MetadataCheck {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return refuse("is not JSON");
  }
  if (typeof document !== "object" || document === null || Array.isArray(document))
    return refuse("is not a JSON object");
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== url) return refuse("does not name itself: its client_id is not the URL it was fetched from");
  const name = fields.client_name;
  if (typeof name !== "string" || !name.trim()) return refuse("has no client_name");
  if (name.length > MAX_CLIENT_NAME_LENGTH)
    return refuse(`has a client_name over ${MAX_CLIENT_NAME_LENGTH} characters`);
  if (DISGUISING.test(name)) return refuse("has a client_name with control characters");
  const uris = fields.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return refuse("has no redirect_uris");
  if (uris.length > MAX_REDIRECT_URIS) return refuse(`has more than ${MAX_REDIRECT_URIS} redirect_uris`);
  if (!uris.every((uri) => typeof uri === "string" && redirectUriProblem(uri) === null))
    return refuse("has a redirect URI that is not an https (or loopback http) URL in normal form");
  if ("client_secret" in fields || "client_secret_expires_at" in fields)
    return refuse("carries a client secret (metadata-document clients are public)");
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    return refuse("asks for a token endpoint authentication method other than none");
  return {
    ok: true,
    metadata: { clientId: url, clientName: name.trim(), redirectUris: [...new Set(uris as string[])] },
  };
}

/** The host of a metadata-document client's URL (what the person can check), or null for a registered client. */
export const metadataClientHost = (client: { id: string; partnerKeyId: string }) =>
  client.partnerKeyId === METADATA_DOCUMENT_PARTNER_KEY ? new URL(client.id).host : null;

/**
 * How pages and mail name a client: its registered name, or, for a metadata-document client, the
 * name its document claims followed by the host that vouches for it.
 */
export function clientLabel(client: { id: string; name: string; partnerKeyId: string }) {
  const host = metadataClientHost(client);
  return host ? `${client.name} (${host})` : client.name;
}

/** A document that cannot be used; the message is what the person on the error page reads. */
export class ClientMetadataRefused extends Error {}
