import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listCapabilities, planCapability } from "../../src/domains/ai/capabilities";
import { UNIT_PRICES } from "../../src/domains/ai/capabilities/prices";
import { providerUrl } from "../../src/domains/ai/capabilities/provider-http";
import { defineCapabilityProvider } from "../../src/domains/ai/capabilities/providers/define";
import { CAPABILITY_PROVIDER_LIST, CAPABILITY_PROVIDERS } from "../../src/domains/ai/capabilities/providers/registry";
import { providerAccess, providerTable } from "../../src/domains/ai/capabilities/providers/table";
import { activeModels } from "../../src/domains/ai/models";
import { logError } from "../../src/lib/log";
import { isSecretName } from "../../src/lib/secrets";
import { acmeSearch } from "./fakes/made-up-provider";

afterEach(() => vi.restoreAllMocks());

const PASSPHRASE = "acme-passphrase-0123456789";
const byKey = <T extends { key: string }>(list: T[]): Record<string, T> =>
  Object.fromEntries(list.map((entry) => [entry.key, entry]));

describe("a made-up provider is its definition file plus one registry line", () => {
  it("the registry with it lists it where its secret is set, picks it by SEARCH_PROVIDER, prices its unit and masks its secret", async () => {
    // Not a secret by name: only its definition makes it one, once a registry lists it.
    expect(isSecretName("ACME_SEARCH_PASSPHRASE")).toBe(false);
    const table = providerTable([...CAPABILITY_PROVIDER_LIST, acmeSearch]);
    expect(isSecretName("ACME_SEARCH_PASSPHRASE")).toBe(true);

    const models = await activeModels(env);
    const unset = byKey(listCapabilities(env, models, table));
    expect(unset["ai.search.web"]).toMatchObject({ provider: "brave", providers: ["brave", "tavily"] });

    const configured = { ...env, ACME_SEARCH_PASSPHRASE: PASSPHRASE } as Env;
    const listed = byKey(listCapabilities(configured, models, table));
    for (const key of ["ai.search.web", "ai.research.deep"])
      expect(listed[key]).toMatchObject({ available: true, provider: "brave", providers: ["brave", "tavily", "acme"] });
    const picked = { ...configured, SEARCH_PROVIDER: "acme" } as Env;
    expect(byKey(listCapabilities(picked, models, table))["ai.search.web"]).toMatchObject({ provider: "acme" });
    expect(planCapability(picked, models, "ai.search.web", {}, table)).toEqual({ provider: "acme" });
    // The deployment's own registry does not know it.
    expect(byKey(listCapabilities(picked, models))["ai.search.web"]!.provider).toBe("brave");

    expect(table.unitPrices["search.acme"]).toBe(0.001);
    expect(table.unitPrices["search.brave"]).toBe(UNIT_PRICES["search.brave"]);

    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    logError(configured, { error: `Acme said: bad passphrase ${PASSPHRASE}` });
    expect(String(spy.mock.calls.at(-1)![0])).toBe('{"error":"Acme said: bad passphrase [redacted]"}');
  });

  it("its call gets its secret and its URL through the same configuration as every provider", async () => {
    const table = providerTable([...CAPABILITY_PROVIDER_LIST, acmeSearch]);
    const bindings = { ACME_SEARCH_PASSPHRASE: PASSPHRASE, ACME_SEARCH_BASE_URL: "http://localhost:9999/prefix" };
    const { provider, access } = table.open(bindings, "search", "acme");
    const seen: Request[] = [];
    const results = await provider.search(
      { query: "otters", maxResults: 1 },
      {
        ...access,
        signal: new AbortController().signal,
        fetch: async (input, init) => {
          seen.push(new Request(input, init));
          return Response.json({ hits: [{ name: "Otters", link: "https://otters.test/", summary: "They swim." }, {}] });
        },
      },
    );
    expect(results).toEqual([{ title: "Otters", url: "https://otters.test/", snippet: "They swim." }]);
    expect(seen.map((r) => [r.url, r.headers.get("X-Acme-Passphrase")])).toEqual([
      ["http://localhost:9999/prefix/v2/find?q=otters", PASSPHRASE],
    ]);
    expect(() => table.open({}, "search", "acme")).toThrow("Acme Search is not configured");
  });

  it("a definition pricing a unit outside its own prefix, or a second provider of a family under one key, is refused", () => {
    expect(() => defineCapabilityProvider({ ...acmeSearch, prices: { "search.brave": 1 } })).toThrow(
      'Acme Search: the price of "search.brave" is not one of its units (search.acme...)',
    );
    expect(() => providerTable([acmeSearch, { ...acmeSearch, name: "Acme again" }])).toThrow(
      'Two search providers are keyed "acme"',
    );
  });
});

describe("the registry", () => {
  it("holds the contract's providers, each family in table order, with their secrets and base-URL vars", () => {
    const families = Object.fromEntries(
      (["search", "image", "video", "audio"] as const).map((family) => [
        family,
        CAPABILITY_PROVIDERS.of(family).map((p) => [p.key, p.config.secrets.join("+"), p.config.baseUrl?.var ?? null]),
      ]),
    );
    expect(families).toEqual({
      search: [
        ["brave", "BRAVE_API_KEY", "BRAVE_BASE_URL"],
        ["tavily", "TAVILY_API_KEY", "TAVILY_BASE_URL"],
      ],
      image: [
        ["openai", "OPENAI_API_KEY", "OPENAI_BASE_URL"],
        ["workers-ai", "", null],
      ],
      video: [
        ["sora", "OPENAI_API_KEY", "OPENAI_BASE_URL"],
        ["veo", "GEMINI_API_KEY", "GEMINI_BASE_URL"],
        ["kling", "KLING_ACCESS_KEY+KLING_SECRET_KEY", "KLING_BASE_URL"],
      ],
      audio: [
        ["stable-audio", "STABILITY_API_KEY", "STABILITY_BASE_URL"],
        ["elevenlabs", "ELEVENLABS_API_KEY", "ELEVENLABS_BASE_URL"],
      ],
    });
  });

  it("configured: every secret set (blank is unset), the binding bound, and OpenAI's only when its picker var names it", () => {
    const sora = CAPABILITY_PROVIDERS.find("video", "sora")!;
    const kling = CAPABILITY_PROVIDERS.find("video", "kling")!;
    const workersAi = CAPABILITY_PROVIDERS.find("image", "workers-ai")!;
    expect(providerAccess(sora, { OPENAI_API_KEY: "k" })).toBeNull();
    expect(providerAccess(sora, { OPENAI_API_KEY: "k", VIDEO_PROVIDER: " sora " })?.secrets).toEqual({
      OPENAI_API_KEY: "k",
    });
    expect(providerAccess(kling, { KLING_ACCESS_KEY: "a", KLING_SECRET_KEY: "  " })).toBeNull();
    expect(providerAccess(kling, { KLING_ACCESS_KEY: " a ", KLING_SECRET_KEY: "s" })?.secrets).toEqual({
      KLING_ACCESS_KEY: "a",
      KLING_SECRET_KEY: "s",
    });
    expect(providerAccess(workersAi, {})).toBeNull();
    expect(providerAccess(workersAi, { AI: { run() {} } })?.binding).toBeDefined();
    // The picker var picks among configured ones only; otherwise the first configured.
    const both = { KLING_ACCESS_KEY: "a", KLING_SECRET_KEY: "s", GEMINI_API_KEY: "g" };
    expect(CAPABILITY_PROVIDERS.configured(both, "video")).toEqual({ provider: "veo", providers: ["veo", "kling"] });
    expect(CAPABILITY_PROVIDERS.configured({ ...both, VIDEO_PROVIDER: "kling" }, "video").provider).toBe("kling");
    expect(CAPABILITY_PROVIDERS.configured({ ...both, VIDEO_PROVIDER: "sora" }, "video").provider).toBe("veo");
  });

  it("<P>_BASE_URL replaces scheme and host of an origin API (its path kept as a prefix), and the whole base of OpenAI's", () => {
    const brave = "https://api.search.brave.com";
    expect(providerUrl(brave, undefined, "/res/v1/web/search").href).toBe(`${brave}/res/v1/web/search`);
    expect(providerUrl(brave, "http://fake.test:8080/kept", "/res/v1/web/search?q=1").href).toBe(
      "http://fake.test:8080/kept/res/v1/web/search?q=1",
    );
    const openai = "https://api.openai.com/v1";
    expect(providerUrl(openai, undefined, "/videos/v%2F1").href).toBe("https://api.openai.com/v1/videos/v%2F1");
    expect(providerUrl(openai, "https://gateway.test/acc/gw/openai/", "/images/generations").href).toBe(
      "https://gateway.test/acc/gw/openai/images/generations",
    );
  });

  it("the price table is every provider's prices (and pages read, which no provider bills)", () => {
    const fromProviders = Object.assign({}, ...CAPABILITY_PROVIDER_LIST.map((p) => p.prices));
    expect(UNIT_PRICES).toEqual({ ...fromProviders, "page.read": 0 });
    expect(UNIT_PRICES).toMatchObject({
      "search.brave": 0.005,
      "search.tavily": 0.008,
      "image.openai.dall-e-3.1024x1024.standard": 0.04,
      "image.workers-ai.flux-1-schnell": 0.000652,
      "audio.stable-audio.generation": 0.2,
      "video.kling.seconds": 0.07,
    });
    // Each provider's unit is one of its priced ones (SDXL and gpt-image-1 at auto have no price).
    for (const provider of CAPABILITY_PROVIDERS.of("search")) expect(provider.prices).toHaveProperty([provider.unit]);
    for (const provider of CAPABILITY_PROVIDERS.of("video")) expect(provider.prices).toHaveProperty([provider.unit]);
  });
});
