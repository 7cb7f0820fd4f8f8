import { AdapterError, outboundFetch, parseAllowList } from "../../../connectors";
import { CapabilityError } from "../types";

/** Fetches a finished video's file from a URL a provider's JSON named. */
export type ResultFetch = (name: string, url: string, init: RequestInit & { signal: AbortSignal }) => Promise<Response>;

/**
 * The fetch for a finished video's URL, which comes from the provider's JSON (Kling's CDN link,
 * Veo's file URI, which redirects to storage), so it goes through the connectors' SSRF rules:
 * https only, no IP literals or internal names, every redirect hop checked, credentials dropped on
 * a hop to another origin. The provider's own configured host (`<P>_BASE_URL`, a local fake) is
 * operator configuration and exempt, as every call to its API is (CONTRACT "AI capabilities").
 * What arrives is still sniffed before anything is stored (media-output.ts).
 */
export function resultFetch(env: Env, baseUrl: string | undefined, fetcher: typeof fetch): ResultFetch {
  const allowList = parseAllowList(env.ALLOW_PRIVATE_HOSTS);
  if (baseUrl) allowList.push(new URL(baseUrl).host.toLowerCase());
  const guarded = outboundFetch({ allowList, fetch: fetcher });
  return async (name, url, init) => {
    try {
      return await guarded(url, init);
    } catch (error) {
      if (init.signal.aborted || !(error instanceof AdapterError)) throw error;
      // An unreachable host may come back (retried); a refused destination will not.
      throw new CapabilityError(`${name}'s video URL: ${error.message}`, "fatal", error.kind === "unreachable");
    }
  };
}
