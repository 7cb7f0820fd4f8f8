// Generated from index.ts by `npm run client:generate`. Do not edit by hand.
import createClient from "openapi-fetch";
/**
 * A typed client for the Platform API: every path, parameter, body and answer checked by the
 * compiler against the OpenAPI document (openapi-fetch over types from openapi-typescript).
 */
export function createPlatformClient(options) {
    return createClient({
        baseUrl: options.origin,
        headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
        ...(options.fetch ? { fetch: options.fetch } : {}),
    });
}
