import { describe, expect, it } from "vitest";
import { OpenAiCompatibleProvider } from "../../src/domains/ai/providers/openai";
import { FAKE_API_KEY, FAKE_HOST, installFakeOpenAi } from "./fakes/openai";

installFakeOpenAi();

// The chat fake answers as OpenAI does before it reads a body: its one path with its one key, or
// OpenAI's 404 and 401 errors, so a provider that sent the wrong key or path would not pass.
const provider = (apiKey: string, baseUrl = `${FAKE_HOST}/v1`) =>
  new OpenAiCompatibleProvider({ baseUrl, apiKey, providerKey: "openai", firstByteMs: 5_000, idleMs: 5_000 });

async function reply(chat: OpenAiCompatibleProvider) {
  let text = "";
  for await (const event of chat.stream({
    model: "fake-basic",
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    signal: new AbortController().signal,
  })) {
    if (event.type === "delta") text += event.text;
  }
  return text;
}

describe("the OpenAI chat fake is strict", () => {
  it("the right key on POST /v1/chat/completions streams the reply", async () => {
    expect(await reply(provider(FAKE_API_KEY))).toBe("Hello from the fake model.");
  });

  it("a wrong key is 401 invalid_api_key, the key masked; no key is 401 too", async () => {
    await expect(reply(provider("wrong-key"))).rejects.toMatchObject({
      code: "provider_error",
      message:
        "The model provider answered 401: Incorrect API key provided: wro**-key. You can find your API key at https://platform.openai.com/account/api-keys.",
    });
    await expect(reply(provider(""))).rejects.toMatchObject({
      message: expect.stringMatching(/^The model provider answered 401: You didn't provide an API key\./),
    });
  });

  it("another path is 404 Invalid URL", async () => {
    await expect(reply(provider(FAKE_API_KEY, FAKE_HOST))).rejects.toMatchObject({
      message: "The model provider answered 404: Invalid URL (POST /chat/completions)",
    });
    const wrongMethod = await fetch(`${FAKE_HOST}/v1/chat/completions`, {
      headers: { Authorization: `Bearer ${FAKE_API_KEY}` },
    });
    expect(wrongMethod.status).toBe(404);
    expect(((await wrongMethod.json()) as any).error).toEqual({
      message: "Invalid URL (GET /v1/chat/completions)",
      type: "invalid_request_error",
      param: null,
      code: null,
    });
  });
});
