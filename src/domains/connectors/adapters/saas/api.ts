import { accessToken, providerJson, restCall, withQuery, type Outcome, type ProviderAnswer } from "../provider-http";
import type { AdapterContext } from "../../../../../shared/connectors/adapter-port";

/**
 * One SaaS provider's HTTP API as its tools call it: where it is, the headers every request
 * carries, and how its answers read. Every request is authenticated with the connection's OAuth
 * token and sent through the guarded fetch (which rebases onto `CONNECTOR_<K>_BASE_URL`).
 */
export type Query = Record<string, string | number | boolean | string[] | undefined | null>;

export interface CallOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Added to the URL's query (undefined, null and "" left out). */
  query?: Query;
  /** A JSON body (sent with `jsonContentType`). */
  json?: unknown;
  /** A body encoded by the caller (with its own `Content-Type` in `headers`). */
  body?: string;
  headers?: Record<string, string>;
}

export interface SaasHttpSpec {
  /** The provider's name in messages ("Slack: channel_not_found", "Rate limited by Gmail"). */
  name: string;
  /** The API root; a call's path is appended to it (an absolute https URL is taken as it is). */
  baseUrl: string;
  /** Headers every request carries beside `Authorization` (`Accept`, Notion's `Notion-Version`). */
  headers?: Record<string, string>;
  /** `Content-Type` of JSON bodies (default `application/json`). */
  jsonContentType?: string;
  /** One line from the provider's error body (`{error:{status,message}}`, `{code,message}`, ...). */
  errorOf?(body: unknown, status: number): string;
  /** Rate limits signalled other than by 429 (Google's 403 `rateLimitExceeded`). */
  isRateLimit?(body: unknown, status: number): boolean;
  /** Providers whose answers are not plain REST (Slack's HTTP 200 `{ok:false}`) read them here. */
  readAnswer?(answer: ProviderAnswer): Outcome<unknown>;
}

export interface SaasHttp {
  readonly name: string;
  readonly baseUrl: string;
  call<T>(context: AdapterContext, path: string, options?: CallOptions): Promise<Outcome<T>>;
}

/** Without an `errorOf`, a failure says only its status. */
const statusOnly = (_body: unknown, status: number) => `HTTP ${status}`;

export function saasHttp(spec: SaasHttpSpec): SaasHttp {
  return {
    name: spec.name,
    baseUrl: spec.baseUrl,
    async call<T>(context: AdapterContext, path: string, options: CallOptions = {}) {
      const headers: Record<string, string> = { Authorization: `Bearer ${accessToken(context)}`, ...spec.headers };
      let body = options.body;
      if (options.json !== undefined) {
        headers["Content-Type"] = spec.jsonContentType ?? "application/json";
        body = JSON.stringify(options.json);
      }
      Object.assign(headers, options.headers);
      const base = path.startsWith("https://") ? path : spec.baseUrl + path;
      const url = options.query ? withQuery(base, options.query) : base;
      const init = { method: options.method ?? "GET", headers, body };
      if (!spec.readAnswer)
        return restCall<T>(context, spec.name, url, init, spec.errorOf ?? statusOnly, spec.isRateLimit);
      const response = await context.fetch(url, { ...init, signal: context.signal });
      return spec.readAnswer(await providerJson(response, spec.name)) as Outcome<T>;
    },
  };
}
