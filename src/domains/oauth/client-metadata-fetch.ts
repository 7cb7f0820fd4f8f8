import { bodyWithin, Deadline, secondsText } from "../../lib/deadline";
import { AdapterError, outboundFetch, parseAllowList, readCapped } from "../connectors";
import { cacheClientMetadata, cachedClientMetadata, cacheSeconds } from "./client-metadata-cache";
import { checkClientMetadata, ClientMetadataRefused, clientIdUrlProblem, type ClientMetadata } from "./client-metadata";

/** CONTRACT: a metadata document is fetched within 5 s; the var of this name overrides it (tests). */
const DEADLINE_MS = 5_000;
/**
 * CONTRACT: at most 64 KiB. The draft recommends 5 KB; a document with ten redirect URIs and some
 * optional fields fits either, and the wider cap spares clients with long optional fields.
 */
const MAX_DOCUMENT_BYTES = 64 * 1024;

const deadlineMs = (env: Env) => {
  const value = Number((env as unknown as Record<string, unknown>).CLIENT_METADATA_DEADLINE_MS);
  return Number.isFinite(value) && value > 0 ? value : DEADLINE_MS;
};

/**
 * The metadata of a `client_id` that is a URL: from the cache, or fetched through the connectors'
 * SSRF-guarded fetch (the URL's host judged by the outbound rules, `ALLOW_PRIVATE_HOSTS`
 * respected) and checked. `admitFetch` runs before a fetch (the caller's rate limit; it throws to
 * refuse). Throws `ClientMetadataRefused` for anything unusable.
 */
export async function clientMetadata(
  env: Env,
  issuer: string,
  clientId: string,
  admitFetch: () => Promise<void>,
): Promise<ClientMetadata> {
  const allowList = parseAllowList(env.ALLOW_PRIVATE_HOSTS);
  const problem = clientIdUrlProblem(clientId, allowList);
  if (problem) throw new ClientMetadataRefused(`The client_id URL ${problem}.`);
  const cached = await cachedClientMetadata(issuer, clientId);
  if (cached) return cached;
  await admitFetch();
  const { text, seconds } = await fetchDocument(env, allowList, clientId);
  const check = checkClientMetadata(clientId, text);
  if (!check.ok) throw unusable(check.problem);
  if (seconds > 0) await cacheClientMetadata(issuer, check.metadata, seconds);
  return check.metadata;
}

const unusable = (reason: string) => new ClientMetadataRefused(`The application's metadata document ${reason}.`);

/**
 * One GET of the document under one deadline covering the answer and its body. Redirects are not
 * followed (the draft: MUST NOT), so only the first URL is ever reached, and only a 200 counts.
 */
async function fetchDocument(env: Env, allowList: string[], url: string): Promise<{ text: string; seconds: number }> {
  const ms = deadlineMs(env);
  const deadline = new Deadline();
  deadline.arm(ms, () => unusable(`did not arrive within ${secondsText(ms)}`));
  try {
    const guarded = outboundFetch({ allowList });
    const response = await deadline.race(
      guarded(url, { headers: { Accept: "application/json" }, redirect: "manual", signal: deadline.signal }),
    );
    if (response.status !== 200) {
      await response.body?.cancel();
      const redirect = response.status >= 300 && response.status < 400;
      throw unusable(
        redirect
          ? `URL answered with a redirect (${response.status}), which is not followed`
          : `URL answered ${response.status}, not 200`,
      );
    }
    const body = response.body ? bodyWithin(response.body, deadline) : null;
    const text = await readCapped(new Response(body, { headers: response.headers }), MAX_DOCUMENT_BYTES);
    return { text, seconds: cacheSeconds(response.headers.get("Cache-Control"), response.headers.get("Age")) };
  } catch (error) {
    if (deadline.passed) throw deadline.passed;
    if (error instanceof ClientMetadataRefused) throw error;
    if (error instanceof AdapterError) {
      if (error.kind === "bad_response") throw unusable(`is larger than ${MAX_DOCUMENT_BYTES / 1024} KiB`);
      if (error.kind === "blocked_destination") throw unusable(`may not be fetched: ${error.message}`);
      throw unusable(`could not be fetched: ${error.message}`);
    }
    throw unusable("could not be read");
  } finally {
    deadline.clear();
  }
}
