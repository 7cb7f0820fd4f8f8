import { describe, expect, it } from "vitest";
import { AdapterError } from "../../../shared/connectors/adapter-port";
import {
  failed,
  providerJson,
  retryAfterSeconds,
  restCall,
  readTextPrefix,
} from "../../../src/domains/connectors/adapters/provider-http";
import {
  isSaasConnectorKey,
  SAAS_CONNECTOR_LIST,
  SAAS_CONNECTORS,
  saasToolText,
} from "../../../src/domains/connectors/adapters/saas";
import { closed, optional } from "../../../src/domains/connectors/adapters/saas/schema";
import { adapterFor } from "../../../src/domains/connectors/adapters";
import { CATALOGUE } from "../../../src/domains/connectors/instances/catalogue";
import { readStandardTokens } from "../../../src/domains/connectors/adapters/oauth-tokens";
import { resolveLocale, translate } from "../../../src/domains/connectors/adapters/locale";
import { contextFor } from "./helpers";

describe("SAAS_CONNECTORS", () => {
  it("has the six built-in SaaS keys of the catalogue with their quirks", () => {
    expect(Object.keys(SAAS_CONNECTORS).sort()).toEqual([
      "figma",
      "gmail",
      "google-calendar",
      "google-drive",
      "notion",
      "slack",
    ]);
    expect(SAAS_CONNECTORS.slack.scopeParam).toBe("user_scope");
    expect(SAAS_CONNECTORS.gmail.scopeParam).toBe("scope");
    expect(SAAS_CONNECTORS.figma.refreshUrl).toBe("https://api.figma.com/v1/oauth/refresh");
    expect(SAAS_CONNECTORS.notion.refreshUrl).toBe("https://api.notion.com/v1/oauth/token");
    expect(isSaasConnectorKey("slack")).toBe(true);
    expect(isSaasConnectorKey("toString")).toBe(false);
    expect(isSaasConnectorKey("sql-database")).toBe(false);
  });

  it("translates tool texts by connector, falling back by language then to English", () => {
    expect(saasToolText("slack", "post_message", "de-AT")?.displayName).toBe("Nachricht senden");
    expect(saasToolText("gmail", "send_email", "ja")?.displayName).toBe("メールを送信");
    expect(saasToolText("notion", "search", "xx")?.displayName).toBe("Search");
    expect(saasToolText("mcp-generic", "anything", "en")).toBeNull();
  });
});

describe("SaaS connector registry", () => {
  it("one definition per key feeds the catalogue and the adapter factory", () => {
    const keys = SAAS_CONNECTOR_LIST.map((connector) => connector.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(CATALOGUE.filter((definition) => definition.oauthProvider).map((definition) => definition.key)).toEqual(
      keys,
    );
    for (const connector of SAAS_CONNECTOR_LIST) expect(adapterFor(connector.key, false)).toBe(connector.adapter);
  });

  it("closed(): required from the properties not marked optional, none listed when all are", () => {
    expect(closed({ a: { type: "string" }, b: optional({ type: "integer" }) }, { oneOf: [] })).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["a"],
      properties: { a: { type: "string" }, b: { type: "integer" } },
      oneOf: [],
    });
    expect(closed({ b: optional({ type: "integer" }) })).not.toHaveProperty("required");
  });
});

describe("locale", () => {
  it("resolves BCP 47 tags to a supported language", () => {
    expect([
      resolveLocale("de-AT"),
      resolveLocale("FR_ca"),
      resolveLocale("ja-JP"),
      resolveLocale("pt-BR"),
      resolveLocale(""),
      resolveLocale(undefined),
    ]).toEqual(["de", "fr", "ja", "en", "en", "en"]);
    expect(translate("es-MX", { en: "Hello", es: "Hola" })).toBe("Hola");
    expect(translate("de", { en: "Hello", es: "Hola" })).toBe("Hello");
  });
});

describe("provider HTTP reading", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterSeconds("30")).toBe(30);
    expect(retryAfterSeconds("Wed, 21 Oct 2026 07:28:30 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(30);
    expect(retryAfterSeconds("soon")).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });

  it("a non-JSON body is bad_response, except a 429 whose header still counts", async () => {
    await expect(providerJson(new Response("<html>502</html>", { status: 502 }), "X")).rejects.toMatchObject({
      kind: "bad_response",
      httpStatus: 502,
    });
    expect(
      await providerJson(new Response("slow down", { status: 429, headers: { "Retry-After": "9" } }), "X"),
    ).toEqual({ status: 429, body: null, retryAfterSeconds: 9 });
  });

  it("restCall: a 2xx that is not a JSON object is bad_response; the token never lands in an error", async () => {
    const context = contextFor("https://x.fake.test", "secret-token-123");
    context.fetch = async () => new Response("[1,2]", { status: 200 });
    await expect(restCall(context, "X", "https://api.example.com/a", {}, () => "e")).rejects.toBeInstanceOf(
      AdapterError,
    );
    context.fetch = async (_url, init) =>
      new Response(JSON.stringify({ message: `bad ${new Headers(init?.headers).get("Authorization") === null}` }), {
        status: 400,
      });
    const outcome = await restCall(
      context,
      "X",
      "https://api.example.com/a",
      {},
      (body) => (body as { message: string }).message,
    );
    expect(outcome).toEqual({ ok: false, result: failed(400, "X: bad true") });
    expect(JSON.stringify(outcome)).not.toContain("secret-token-123");
  });

  it("readTextPrefix cuts at the byte cap and says so", async () => {
    expect(await readTextPrefix(new Response("abcdef"), 4)).toEqual({ text: "abcd", truncated: true });
    expect(await readTextPrefix(new Response("abc"), 4)).toEqual({ text: "abc", truncated: false });
  });

  it("readStandardTokens: 5xx and 429 are transient, 400/401 and invalid_grant are dead", async () => {
    await expect(readStandardTokens(new Response("oops", { status: 503 }))).rejects.toMatchObject({
      kind: "transient",
    });
    await expect(readStandardTokens(new Response("{}", { status: 429 }))).rejects.toMatchObject({ kind: "transient" });
    await expect(readStandardTokens(new Response('{"error":"invalid_client"}', { status: 401 }))).rejects.toMatchObject(
      { kind: "invalid_grant" },
    );
    await expect(readStandardTokens(new Response('{"error":"invalid_grant"}', { status: 400 }))).rejects.toMatchObject({
      kind: "invalid_grant",
    });
    expect(await readStandardTokens(new Response('{"access_token":"a","scope":"x y"}'))).toEqual({
      access_token: "a",
      scopes: ["x", "y"],
    });
  });
});
