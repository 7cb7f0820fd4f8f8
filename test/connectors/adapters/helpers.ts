import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import { outboundFetch, rebase } from "../../../src/domains/connectors/adapters/outbound";
import type { SaasAdapter } from "../../../src/domains/connectors/adapters/saas/adapter";
import type { AdapterContext, OAuthProviderSpec, ToolResult } from "../../../shared/connectors/adapter-port";
import { CONNECTOR_LOCALES } from "../../../src/domains/connectors/adapters/locale";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "../fakes/oauth-server";

/** The context the executor builds, pointed at a fake provider host the way CONNECTOR_<K>_BASE_URL does. */
export function contextFor(
  baseUrl: string,
  accessToken: string,
  signal = new AbortController().signal,
): AdapterContext {
  return {
    credentials: { credType: "oauth2", values: { access_token: accessToken } },
    config: {},
    fetch: outboundFetch({ allowList: [], baseUrl }),
    signal,
  };
}

function validate(schema: Record<string, unknown>, value: unknown) {
  const result = new Validator(schema, "2020-12", false).validate(value);
  // cfworker lists a wrapper entry before each real error; the leaves say what is wrong.
  return result.valid ? [] : result.errors.map((error) => `${error.instanceLocation}: ${error.error}`);
}

/** Runs a tool after checking `input` against its inputSchema, then checks a success's output against its outputSchema. */
export async function run(
  adapter: SaasAdapter,
  toolKey: string,
  input: Record<string, unknown>,
  context: AdapterContext,
): Promise<ToolResult> {
  const tool = adapter.tools.find((candidate) => candidate.toolKey === toolKey);
  if (!tool) throw new Error(`no tool ${toolKey}`);
  expect(validate(tool.inputSchema, input), `input of ${toolKey}`).toEqual([]);
  const result = await adapter.execute(toolKey, input, context);
  if (result.success) {
    expect(validate(tool.outputSchema, result.output), `output of ${toolKey}`).toEqual([]);
    expect(result.error).toBeNull();
  } else {
    expect(result.output).toEqual({});
    expect(result.error).toEqual(expect.any(String));
  }
  return result;
}

/** An input the tool's inputSchema refuses (the executor validates before the adapter runs). */
export function inputErrors(adapter: SaasAdapter, toolKey: string, input: Record<string, unknown>): string[] {
  const tool = adapter.tools.find((candidate) => candidate.toolKey === toolKey)!;
  return validate(tool.inputSchema, input);
}

/** The fixed tool list: keys and approvals as CONTRACT.md's catalogue says, texts in every locale. */
export async function expectToolList(adapter: SaasAdapter, expected: Record<string, boolean>, context: AdapterContext) {
  const tools = await adapter.listTools(context);
  expect(Object.fromEntries(tools.map((tool) => [tool.toolKey, tool.requiresApproval]))).toEqual(expected);
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.outputSchema.type).toBe("object");
    expect(tool.rateLimitRpm === null || (Number.isInteger(tool.rateLimitRpm) && tool.rateLimitRpm > 0)).toBe(true);
    const english = adapter.toolText(tool.toolKey, "en")!;
    expect(english).toEqual({ displayName: tool.displayName, description: tool.description });
    for (const locale of CONNECTOR_LOCALES) {
      const text = adapter.toolText(tool.toolKey, locale)!;
      expect(text.displayName.length).toBeGreaterThan(0);
      expect(text.description.length).toBeGreaterThan(0);
      if (locale !== "en") expect(text.displayName, `${tool.toolKey} in ${locale}`).not.toBe(english.displayName);
    }
    expect(adapter.toolText(tool.toolKey, "de-AT")).toEqual(adapter.toolText(tool.toolKey, "de"));
    expect(adapter.toolText(tool.toolKey, "pt-BR")).toEqual(english);
  }
  expect(adapter.toolText("no_such_tool", "en")).toBeNull();
}

/** Base64 of `id:secret` as HTTP Basic sends it. */
export const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;

export const REDIRECT_URI = "https://api.example.test/api/v1/connectors/oauth/any/callback";

/** A token request built from the spec alone, as the OAuth hand-off does (client auth and body encoding). */
export function tokenRequest(
  spec: OAuthProviderSpec,
  baseUrl: string,
  params: Record<string, string>,
  tokenUrl = spec.tokenUrl,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const fields = { ...params };
  if (spec.tokenAuth === "client_secret_basic") headers.Authorization = basic(FAKE_CLIENT_ID, FAKE_CLIENT_SECRET);
  else Object.assign(fields, { client_id: FAKE_CLIENT_ID, client_secret: FAKE_CLIENT_SECRET });
  let body: string;
  if (spec.tokenBody === "json") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(fields);
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(fields).toString();
  }
  return fetch(rebase(tokenUrl, baseUrl), { method: "POST", headers, body });
}

/** The authorize URL the hand-off sends the browser to, built from the spec (scopes, PKCE, extra params). */
export async function authorizeUrl(
  spec: OAuthProviderSpec,
  baseUrl: string,
  scopeParam = "scope",
  verifier = "a-verifier-that-is-long-enough-for-pkce-0123456789",
) {
  const url = new URL(rebase(spec.authorizeUrl, baseUrl));
  url.searchParams.set("client_id", FAKE_CLIENT_ID);
  url.searchParams.set("redirect_uri", REDIRECT_URI);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("state", "the-state");
  if (spec.scopes.length) url.searchParams.set(scopeParam, spec.scopes.join(spec.scopeSeparator));
  for (const [key, value] of Object.entries(spec.authorizeParams ?? {})) url.searchParams.set(key, value);
  if (spec.pkce) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    url.searchParams.set(
      "code_challenge",
      btoa(String.fromCharCode(...digest))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, ""),
    );
    url.searchParams.set("code_challenge_method", "S256");
  }
  return { url, verifier };
}

/** Follows the authorize redirect and returns the code the fake provider sent back. */
export async function authorizeCode(spec: OAuthProviderSpec, baseUrl: string, scopeParam = "scope") {
  const { url, verifier } = await authorizeUrl(spec, baseUrl, scopeParam);
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("Location")!);
  expect(back.searchParams.get("state")).toBe("the-state");
  return { code: back.searchParams.get("code")!, verifier };
}
