// Provider traffic through Cloudflare AI Gateway (CONTRACT "Capabilities over MCP", docs/ai.md "AI
// Gateway"): `<P>_BASE_URL` kept as the prefix of every URL, `AI_GATEWAY_TOKEN` only to the gateway's
// host, Workers AI by `AI_GATEWAY_ID`, and a provider's download link without any credential.
import { describe, expect, it } from "vitest";
import { providerUrl } from "../../src/domains/ai/capabilities/provider-http";
import { brave } from "../../src/domains/ai/capabilities/search/providers/brave";
import { kling } from "../../src/domains/ai/capabilities/video/providers/kling";
import type { VideoCall } from "../../src/domains/ai/capabilities/video/port";
import { resultFetch } from "../../src/domains/ai/capabilities/video/results";
import { workersAiImages } from "../../src/domains/ai/capabilities/image/providers/workers-ai";
import { providerFor } from "../../src/domains/ai/providers";
import { installFakeHost, json, record, type RecordedRequest } from "../connectors/fakes/fake-host";
import { providerCall } from "./provider-call";
import { BRAVE, installFakeSearch } from "./fakes/search";
import { installFakeVideo, KLING, KLING_CDN } from "./fakes/video";

installFakeSearch();
installFakeVideo();

const GATEWAY = "https://gateway.ai.cloudflare.com";
const PREFIX = "/v1/acct-1/gw-1";
const TOKEN = "test-gateway-token";
/** A gateway's routes to the providers behind it (custom providers in AI Gateway's terms). */
const ROUTES: Record<string, string> = { [`${PREFIX}/custom-brave`]: BRAVE, [`${PREFIX}/custom-kling`]: KLING };

/** What reached the gateway, and what reached the video's CDN link. */
const atGateway: RecordedRequest[] = [];
const atCdn: RecordedRequest[] = [];

// The gateway: records each request, then passes it on to the provider behind its route.
installFakeHost(GATEWAY, async (request) => {
  const seen = await record(request.clone(), atGateway);
  const route = Object.keys(ROUTES).find((prefix) => seen.url.pathname.startsWith(`${prefix}/`));
  if (!route) return json({ error: "no such route" }, 404);
  const headers = new Headers(request.headers);
  headers.delete("cf-aig-authorization");
  return fetch(`${ROUTES[route]}${seen.url.pathname.slice(route.length)}${seen.url.search}`, {
    method: request.method,
    headers,
    ...(seen.body ? { body: seen.body } : {}),
  });
});
// The CDN a finished Kling task links to: records what it was sent.
installFakeHost(KLING_CDN, async (request) => {
  await record(request, atCdn);
  return new Response(new Uint8Array([0, 0, 0, 24]), { headers: { "Content-Type": "video/mp4" } });
});

const searchThrough = (base: string, bindings: Record<string, string>) =>
  brave.search(
    { query: "otters", maxResults: 2 },
    providerCall(brave, { BRAVE_API_KEY: "test-brave-key", ...bindings }, base),
  );

describe("AI Gateway", () => {
  it("<P>_BASE_URL replaces scheme and host and is kept as the prefix of every URL of the provider", () => {
    const api = "https://api.search.brave.com";
    expect(providerUrl(api, `${GATEWAY}${PREFIX}/custom-brave`, "/res/v1/web/search?q=1").href).toBe(
      `${GATEWAY}${PREFIX}/custom-brave/res/v1/web/search?q=1`,
    );
    expect(providerUrl(api, `${GATEWAY}${PREFIX}/custom-brave/`, "/res/v1/web/search").href).toBe(
      `${GATEWAY}${PREFIX}/custom-brave/res/v1/web/search`,
    );
    expect(providerUrl(api, "http://127.0.0.1:9100", "/res/v1/web/search").href).toBe(
      "http://127.0.0.1:9100/res/v1/web/search",
    );
    // OpenAI's base is an API base with its path: the var replaces it whole, as ever.
    expect(providerUrl("https://api.openai.com/v1", `${GATEWAY}${PREFIX}/openai`, "/images/generations").href).toBe(
      `${GATEWAY}${PREFIX}/openai/images/generations`,
    );
  });

  it("a search through the gateway: its path under the prefix, the token as cf-aig-authorization beside the provider's key", async () => {
    const before = atGateway.length;
    const results = await searchThrough(`${GATEWAY}${PREFIX}/custom-brave`, { AI_GATEWAY_TOKEN: TOKEN });
    expect(results).toHaveLength(2);
    const [sent] = atGateway.slice(before);
    expect(sent!.url.pathname).toBe(`${PREFIX}/custom-brave/res/v1/web/search`);
    expect(sent!.url.searchParams.get("q")).toBe("otters");
    expect(sent!.headers.get("cf-aig-authorization")).toBe(`Bearer ${TOKEN}`);
    expect(sent!.headers.get("X-Subscription-Token")).toBe("test-brave-key");
  });

  it("the token goes to gateway hosts only: none without it, none to a provider's own host, one to a host AI_GATEWAY_HOSTS lists", async () => {
    let before = atGateway.length;
    await searchThrough(`${GATEWAY}${PREFIX}/custom-brave`, {});
    expect(atGateway.slice(before).map((r) => r.headers.get("cf-aig-authorization"))).toEqual([null]);

    // The provider's own host (here its fake) with the token set: it never sees the token.
    const seen: Request[] = [];
    const call = providerCall(brave, { BRAVE_API_KEY: "test-brave-key", AI_GATEWAY_TOKEN: TOKEN }, BRAVE);
    await brave.search(
      { query: "otters", maxResults: 1 },
      { ...call, fetch: (input, init) => (seen.push(new Request(input, init)), fetch(input, init)) },
    );
    expect(seen.map((r) => [new URL(r.url).origin, r.headers.get("cf-aig-authorization")])).toEqual([[BRAVE, null]]);

    // A self-hosted gateway named in AI_GATEWAY_HOSTS is a gateway.
    before = atGateway.length;
    const listed = providerCall(
      brave,
      { BRAVE_API_KEY: "k", AI_GATEWAY_TOKEN: TOKEN, AI_GATEWAY_HOSTS: " other.example , GATEWAY.example.net" },
      "https://gateway.example.net/brave",
    );
    expect(listed.gateway).toEqual({ base: "https://gateway.example.net/brave", authorization: `Bearer ${TOKEN}` });
    expect(atGateway.length).toBe(before);
  });

  it("Kling through the gateway: its API calls carry the token; the video's CDN link gets neither the token nor Kling's JWT", async () => {
    const base = `${GATEWAY}${PREFIX}/custom-kling`;
    const access = providerCall(
      kling,
      {
        KLING_ACCESS_KEY: "test-kling-access",
        KLING_SECRET_KEY: "test-kling-secret-0123456789",
        AI_GATEWAY_TOKEN: TOKEN,
      },
      base,
    );
    const call: VideoCall = {
      ...access,
      fetchResult: resultFetch({} as Env, base, (input, init) => fetch(input, init)),
    };
    const before = atGateway.length;
    const jobId = await kling.create({ prompt: "otters at dusk", duration: 5 }, call);
    let status = await kling.status(jobId, call);
    for (let polls = 0; status.state !== "succeeded" && polls < 20; polls++) status = await kling.status(jobId, call);
    expect(status.state).toBe("succeeded");
    const sent = atGateway.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const request of sent) {
      expect(request.url.pathname.startsWith(`${PREFIX}/custom-kling/v1/videos/text2video`)).toBe(true);
      expect(request.headers.get("cf-aig-authorization")).toBe(`Bearer ${TOKEN}`);
    }

    const cdnBefore = atCdn.length;
    const file = await kling.download(jobId, (status as { resultUrl?: string }).resultUrl, call);
    expect(file.status).toBe(200);
    const [download] = atCdn.slice(cdnBefore);
    expect(download!.url.origin).toBe(KLING_CDN);
    expect(download!.headers.get("cf-aig-authorization")).toBeNull();
    expect(download!.headers.get("Authorization")).toBeNull();
  });

  it("the OpenAI-compatible chat model at a gateway's OPENAI_BASE_URL sends the token with its key", async () => {
    const before = atGateway.length;
    const env = {
      OPENAI_BASE_URL: `${GATEWAY}${PREFIX}/openai`,
      OPENAI_API_KEY: "test-openai-key",
      OPENAI_PROVIDER_KEY: "openai",
      AI_GATEWAY_TOKEN: TOKEN,
    } as unknown as Env;
    const stream = providerFor("openai", env).stream({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
      tools: [],
      signal: new AbortController().signal,
    });
    // The fake gateway has no route to a chat server: the answer is an error; what was sent is the point.
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toThrow();
    const [sent] = atGateway.slice(before);
    expect(sent!.url.pathname).toBe(`${PREFIX}/openai/chat/completions`);
    expect(sent!.headers.get("cf-aig-authorization")).toBe(`Bearer ${TOKEN}`);
    expect(sent!.headers.get("Authorization")).toBe("Bearer test-openai-key");
  });

  it("Workers AI runs through AI_GATEWAY_ID (chat and images); without it, no gateway option", async () => {
    const options: unknown[] = [];
    const ai = {
      async run(_model: string, inputs: Record<string, unknown>, runOptions?: Record<string, unknown>) {
        options.push(runOptions ?? null);
        if (inputs.stream) return new Response('data: {"response":"hi"}\n\ndata: [DONE]\n\n').body;
        return { image: btoa("not really a png") };
      },
    };
    const env = { AI: ai, AI_GATEWAY_ID: "gw-1" } as unknown as Env;
    const chat = providerFor("workers-ai", env).stream({
      model: "@cf/meta/llama-3.1-8b-instruct",
      messages: [{ role: "user", content: "hi" }],
      tools: [],
      signal: new AbortController().signal,
    });
    for await (const _ of chat);
    await workersAiImages.generate(
      {
        request: { prompt: "an otter", providerModel: "@cf/black-forest-labs/flux-1-schnell" },
        maxBytes: 1 << 20,
      } as never,
      providerCall(workersAiImages, { AI: ai, AI_GATEWAY_ID: " gw-1 " }),
    );
    expect(options).toEqual([
      { gateway: { id: "gw-1" } },
      { signal: expect.any(AbortSignal), gateway: { id: "gw-1" } },
    ]);

    options.length = 0;
    for await (const _ of providerFor("workers-ai", { AI: ai } as unknown as Env).stream({
      model: "@cf/meta/llama-3.1-8b-instruct",
      messages: [{ role: "user", content: "hi" }],
      tools: [],
      signal: new AbortController().signal,
    }));
    expect(options).toEqual([null]);
  });
});
