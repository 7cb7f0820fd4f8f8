import { MAX_ANSWER_BYTES, readCapped } from "./outbound";
import {
  AdapterError,
  type AdapterContext,
  type ConnectorAdapter,
  type OpenedCredentials,
} from "../../../../shared/connectors/adapter-port";

/**
 * The runner of custom definitions' tools (CONTRACT "Custom definitions and their tools"): an
 * HTTPS `POST {config.baseUrl}/{toolKey}` with the JSON `input`, authenticated from the stored
 * credentials. A 2xx JSON object is the output; another status is a failed result; no answer or
 * a body that is not JSON is `bad_response`/`unreachable` (502).
 */
function authHeaders(credentials: OpenedCredentials, config: Record<string, unknown>): Record<string, string> {
  const values = credentials.values;
  switch (credentials.credType) {
    case "oauth2":
      return { Authorization: `Bearer ${values.access_token}` };
    case "bearer_token":
      return { Authorization: `Bearer ${values.token}` };
    case "api_key": {
      const header = typeof config.apiKeyHeader === "string" && config.apiKeyHeader ? config.apiKeyHeader : null;
      return header ? { [header]: values.apiKey ?? "" } : { Authorization: `Bearer ${values.apiKey}` };
    }
    case "basic_auth":
      return { Authorization: `Basic ${btoa(`${values.username}:${values.password}`)}` };
    case "custom":
      return { ...values };
    default:
      return {};
  }
}

function baseUrlOf(config: Record<string, unknown>): string {
  if (typeof config.baseUrl !== "string" || !config.baseUrl)
    throw new AdapterError("invalid_input", "The instance's config has no baseUrl");
  return config.baseUrl.replace(/\/+$/, "");
}

export const httpAdapter: ConnectorAdapter = {
  async listTools() {
    // Custom definitions' tools are created by hand (`source` manual); nothing to discover.
    return [];
  },

  async execute(toolKey, input, context: AdapterContext) {
    const response = await context.fetch(`${baseUrlOf(context.config)}/${encodeURIComponent(toolKey)}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...authHeaders(context.credentials, context.config),
      },
      body: JSON.stringify(input),
      signal: context.signal,
    });
    const text = await readCapped(response, MAX_ANSWER_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AdapterError(
        "bad_response",
        `The tool server answered HTTP ${response.status} without JSON`,
        response.status,
      );
    }
    if (response.ok) {
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        throw new AdapterError("bad_response", "The tool server answered JSON that is not an object", response.status);
      }
      return { success: true, output: body as Record<string, unknown>, error: null, httpStatus: response.status };
    }
    const message = (body as { error?: unknown; message?: unknown })?.error ?? (body as { message?: unknown })?.message;
    return {
      success: false,
      output: {},
      error: typeof message === "string" ? message.slice(0, 500) : `HTTP ${response.status}`,
      httpStatus: response.status,
    };
  },

  async healthCheck(context) {
    try {
      const response = await context.fetch(baseUrlOf(context.config), {
        method: "GET",
        headers: authHeaders(context.credentials, context.config),
        signal: context.signal,
      });
      await response.body?.cancel();
      if (response.status === 401 || response.status === 403)
        return { ok: false, message: `The tool server refused the credentials (HTTP ${response.status})` };
      if (response.status >= 500) return { ok: false, message: `The tool server answered HTTP ${response.status}` };
      return { ok: true, message: `The tool server answered HTTP ${response.status}` };
    } catch (error) {
      return {
        ok: false,
        message: error instanceof AdapterError ? error.message : "The tool server could not be reached",
      };
    }
  },
};
