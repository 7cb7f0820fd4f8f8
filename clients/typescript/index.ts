import createClient from "openapi-fetch";
import type { paths } from "./schema";

export type { components, operations, paths } from "./schema";

export interface PlatformClientOptions {
  /** The API's origin, e.g. `http://localhost:8787` (paths in the document start at `/api/v1`). */
  origin: string;
  /** A bearer token: a first-party access token, an OAuth access token, or the operator token. */
  token?: string;
  fetch?: typeof fetch;
}

/**
 * A typed client for the Platform API: every path, parameter, body and answer checked by the
 * compiler against the OpenAPI document (openapi-fetch over types from openapi-typescript).
 */
export function createPlatformClient(options: PlatformClientOptions) {
  return createClient<paths>({
    baseUrl: options.origin,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
