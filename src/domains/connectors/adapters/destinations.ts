import { badRequest, type FieldError } from "../../../lib/errors";
import { AdapterError } from "../../../../shared/connectors/adapter-port";
import { checkDestination, parseAllowList } from "./outbound";

/**
 * The URLs stored in an instance's `config` and a definition's `authConfig` (CONTRACT "Outbound
 * safety"): checked when they are stored, with the rules of the call, so a refused destination is a
 * 400 naming its field (`config.serverUrl`, `authConfig.token_url`) at once rather than a surprise at
 * the first sync; checked again before a call, for values stored before a rule or the allow list
 * changed; and compared on update, because a new destination must not receive the old credentials.
 */

/** Keys the adapters send requests to, checked as URLs whatever their value looks like. */
const DESTINATION_KEYS = new Set(["baseUrl", "serverUrl"]);
/** Any other string that names a scheme and an authority is a URL too (`https://`, `postgres://`, ...). */
const LOOKS_LIKE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Configs are small JSON documents; deeper nesting is not walked (and is not read by any adapter). */
const MAX_DEPTH = 8;

export interface UrlField {
  field: string;
  url: string;
}

/** Every URL in a stored JSON document, with the field path the API names in its errors. */
function urlFields(value: unknown, root: string): UrlField[] {
  const found: UrlField[] = [];
  const walk = (node: unknown, path: string, key: string, depth: number) => {
    if (typeof node === "string") {
      if (DESTINATION_KEYS.has(key) || LOOKS_LIKE_URL.test(node.trim())) found.push({ field: path, url: node.trim() });
      return;
    }
    if (depth >= MAX_DEPTH || typeof node !== "object" || node === null) return;
    for (const [childKey, child] of Object.entries(node)) walk(child, `${path}.${childKey}`, childKey, depth + 1);
  };
  walk(value, root, "", 0);
  return found;
}

/** Database URLs are reached over TCP: their host and port are checked as the SQL adapter checks them. */
const isDatabaseUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

function refusal(url: string, allowList: string[]): string | null {
  try {
    if (isDatabaseUrl(url)) {
      const parsed = new URL(url);
      checkDestination(`https://${parsed.hostname}:${parsed.port || "5432"}/`, allowList);
    } else {
      checkDestination(url, allowList);
    }
    return null;
  } catch (error) {
    if (error instanceof AdapterError) return error.message;
    if (error instanceof TypeError) return "The URL is not a valid absolute URL";
    throw error;
  }
}

/** The fields whose URL the SSRF rules refuse (respecting `ALLOW_PRIVATE_HOSTS`). */
export function refusedUrlFields(value: unknown, root: string, allowPrivateHosts: string | undefined): FieldError[] {
  const allowList = parseAllowList(allowPrivateHosts);
  return urlFields(value, root).flatMap(({ field, url }) => {
    const message = refusal(url, allowList);
    return message ? [{ field, message }] : [];
  });
}

/** 400 `bad_request` naming each refused URL field. */
export function requireAllowedUrls(
  value: unknown,
  root: "config" | "authConfig",
  allowPrivateHosts: string | undefined,
): void {
  const refused = refusedUrlFields(value, root, allowPrivateHosts);
  if (refused.length)
    throw badRequest(
      refused,
      `${refused[0]!.field} names a destination that may not be reached: ${refused[0]!.message}`,
    );
}

/** Whether two configs send requests to different places: any URL added, removed or changed. */
export function destinationChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const key = (config: Record<string, unknown>) =>
    JSON.stringify(
      urlFields(config, "config")
        .map(({ field, url }) => [field, url])
        .sort(([a], [b]) => a!.localeCompare(b!)),
    );
  return key(before) !== key(after);
}
