import { describe, expect, it } from "vitest";
import { call, expectError, expectShape } from "../helpers/api";
import { responseSchemas } from "../../src/domains/ai/response-schemas";
import { aiUser, finished, history, newSession, send, sendInvalid } from "./helpers";

const { sendResultSchema } = responseSchemas();

type Field = { field: string; message: string; capabilityKey?: string };

async function fieldsOf(body: unknown) {
  const user = await aiUser();
  const session = await newSession(user);
  const res = await sendInvalid(user, session.id, body);
  expectError(res, 400, "bad_request");
  return res.body.error.details.fields as Field[];
}

const V4 = "3f2b7c1e-9a4d-4e2f-8b1c-2d3e4f5a6b7c";

describe("POST messages: validation", () => {
  it.each([
    [{}, "content", "is required"],
    [{ content: "" }, "content", "must not be empty"],
    [{ content: "   \n " }, "content", "must not be empty"],
    [{ content: "x".repeat(20_001) }, "content", "must be at most 20000 characters"],
    [{ content: 5 }, "content", "must be a string"],
    [{ content: "hi", effortMode: "max" }, "effortMode", "must be one of: basic, thinking, pro"],
    [{ content: "hi", provider: "OpenAI" }, "provider", "must be a lowercase provider key"],
    [{ content: "hi", capabilityKey: "ai.fly" }, "capabilityKey", "must be one of"],
    [{ content: "hi", attachmentIds: ["not-a-uuid"] }, "attachmentIds.0", "must be a UUID v4"],
    // A valid UUID of another version is still not a v4.
    [{ content: "hi", memoryIds: [V4, "3f2b7c1e-9a4d-1e2f-8b1c-2d3e4f5a6b7c"] }, "memoryIds.1", "must be a UUID v4"],
    [{ content: "hi", memoryIds: "x" }, "memoryIds", "must be an array"],
    [{ content: "hi", idempotencyKey: "  " }, "idempotencyKey", "must not be blank"],
    [{ content: "hi", idempotencyKey: "k".repeat(201) }, "idempotencyKey", "at most 200"],
    [{ content: "hi", parameters: [] }, "parameters", "must be an object"],
    [{ content: "hi", structuredBlocks: ["x"] }, "structuredBlocks.0", ""],
  ])("invalid body #%# -> %s", async (body, field, message) => {
    const fields = await fieldsOf(body);
    const match = fields.find((f) => f.field === field);
    expect(match, JSON.stringify(fields)).toBeDefined();
    expect(match!.message).toContain(message);
  });

  it("counts characters, not UTF-16 units: 20,000 emoji are accepted", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const res = await send(user, session.id, { content: "😀".repeat(20_000), model: "demo" });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    await finished(user, session.id, res.body.data.assistantMessage.id);
  });

  it("plain chat rejects extra fields, top level and nested, with `unknown property <name>`", async () => {
    const fields = await fieldsOf({ content: "hi", maxResults: 3, colour: "red", parameters: { depth: "deep" } });
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: "maxResults", message: "unknown property maxResults" },
        { field: "colour", message: "unknown property colour" },
        { field: "parameters.depth", message: "unknown property depth" },
      ]),
    );
    expect(fields).toHaveLength(3);
  });

  it("a parameter of another capability is named precisely, with capabilityKey", async () => {
    const fields = await fieldsOf({
      content: "hi",
      capabilityKey: "ai.search.web",
      depth: "deep",
      parameters: { bpm: 100 },
    });
    expect(fields).toEqual([
      {
        field: "depth",
        message: "depth is a parameter of ai.research.deep, not of ai.search.web",
        capabilityKey: "ai.search.web",
      },
      {
        field: "parameters.bpm",
        message: "bpm is a parameter of ai.audio.generate, not of ai.search.web",
        capabilityKey: "ai.search.web",
      },
    ]);
  });

  it("unknown fields under a capability get `unknown property <name>` with capabilityKey", async () => {
    const fields = await fieldsOf({
      content: "hi",
      capabilityKey: "ai.research.deep",
      parameters: { speed: 1 },
      loud: true,
    });
    expect(fields).toEqual([
      { field: "loud", message: "unknown property loud", capabilityKey: "ai.research.deep" },
      { field: "parameters.speed", message: "unknown property speed", capabilityKey: "ai.research.deep" },
    ]);
  });

  it("reports message-field and capability problems together", async () => {
    const fields = await fieldsOf({ content: "", capabilityKey: "ai.search.web", maxResults: 0 });
    expect(fields.map((f) => f.field).sort()).toEqual(["content", "maxResults"]);
  });

  const capability = (capabilityKey: string, parameters: Record<string, unknown>) => ({
    content: "make it",
    capabilityKey,
    parameters,
  });
  it.each([
    ["ai.audio.generate", { durationSeconds: 4 }, "parameters.durationSeconds", "between 5 and 30"],
    ["ai.audio.generate", { durationSeconds: 31 }, "parameters.durationSeconds", "between 5 and 30"],
    ["ai.audio.generate", { bpm: 39 }, "parameters.bpm", "between 40 and 220"],
    ["ai.audio.generate", { bpm: 221 }, "parameters.bpm", "between 40 and 220"],
    ["ai.audio.generate", { styleTokens: Array(17).fill("a") }, "parameters.styleTokens", "at most 16 items"],
    ["ai.audio.generate", { styleTokens: ["x".repeat(65)] }, "parameters.styleTokens.0", "at most 64 characters"],
    ["ai.image.generate", { aspectRatio: "wide" }, "parameters.aspectRatio", "W:H"],
    ["ai.image.generate", { quality: "ultra" }, "parameters.quality", "standard, hd, auto"],
    ["ai.image.generate", { numImages: 5 }, "parameters.numImages", "between 1 and 4"],
    ["ai.image.generate", { numberOfImages: 0 }, "parameters.numberOfImages", "between 1 and 4"],
    ["ai.image.generate", { numImages: 2, numberOfImages: 3 }, "numberOfImages", "alias of numImages"],
    ["ai.image.generate", { seed: 1.5 }, "parameters.seed", "integer"],
    ["ai.image.generate", { negativePrompt: "n".repeat(4001) }, "parameters.negativePrompt", "4000"],
    ["ai.image.generate", { size: "800x600" }, "parameters.size", "1024x1024"],
    ["ai.image.generate", { style: "bold" }, "parameters.style", "vivid, natural"],
    ["ai.video.generate", { aspectRatio: "2:1" }, "parameters.aspectRatio", "16:9"],
    ["ai.video.generate", { duration: 61 }, "parameters.duration", "between 1 and 60"],
    ["ai.video.generate", { duration: "0" }, "parameters.duration", "between 1 and 60"],
    ["ai.video.generate", { duration: "ten" }, "parameters.duration", "must be a number"],
    ["ai.video.generate", { resolution: "8k" }, "parameters.resolution", "480p"],
    ["ai.video.generate", { size: "big" }, "parameters.size", "WxH"],
    ["ai.video.generate", { generateAudio: "yes" }, "parameters.generateAudio", "boolean"],
    ["ai.video.generate", { provider: "runway" }, "parameters.provider", "kling, veo, sora"],
    ["ai.video.generate", { inputImageUrl: "not a url" }, "parameters.inputImageUrl", "URL"],
    ["ai.video.generate", { referenceImages: ["nope"] }, "parameters.referenceImages.0", "URL"],
    ["ai.search.web", { maxResults: 21 }, "parameters.maxResults", "between 1 and 20"],
    ["ai.search.web", { maxResults: 0 }, "parameters.maxResults", "between 1 and 20"],
    ["ai.research.deep", { depth: "shallow" }, "parameters.depth", "standard, deep"],
  ])("%s #%# -> %s", async (key, parameters, field, message) => {
    const fields = await fieldsOf(capability(key, parameters));
    const match = fields.find((f) => f.field === field);
    expect(match, JSON.stringify(fields)).toBeDefined();
    expect(match!.message).toContain(message);
    expect(match!.capabilityKey).toBe(key);
  });

  it("top-level parameters are accepted; nested values win on collision", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const res = await send(user, session.id, {
      content: "find otters",
      capabilityKey: "ai.search.web",
      maxResults: 20,
      parameters: { maxResults: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const message = await finished(user, session.id, res.body.data.assistantMessage.id);
    expect(message.status).toBe("completed");
    // Web search is configured (Brave's fake): the nested maxResults reached the provider.
    expect(message.toolCalls[0]).toMatchObject({
      toolKey: "web.search",
      input: { query: "find otters", maxResults: 3 },
    });
    expect(message.toolCalls[0].output.results).toHaveLength(3);
    expect(message.suggestions).toEqual([]);

    const video = await send(user, session.id, {
      content: "a cat",
      capabilityKey: "ai.video.generate",
      duration: "12",
      parameters: { aspectRatio: "9:16" },
    });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    const done = await finished(user, session.id, video.body.data.assistantMessage.id);
    expect(done.content).toContain('{"duration":12,"aspectRatio":"9:16"}');
  });

  it("model and provider choices: unknown model 400, provider needs a paid plan with its entitlement", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const unknown = await send(user, session.id, { content: "hi", model: "gpt-99" });
    expectError(unknown, 400, "bad_request");
    expect(unknown.body.error.details.fields).toEqual([{ field: "model", message: '"gpt-99" is not an active model' }]);
    expectError(await send(user, session.id, { content: "hi", provider: "openai" }), 403, "forbidden");

    const free = await aiUser({ entitlements: ["ai", "provider:demo"] });
    const freeSession = await newSession(free);
    expectError(await send(free, freeSession.id, { content: "hi", provider: "demo" }), 403, "forbidden");

    const pro = await aiUser({ plan: "pro", entitlements: ["ai", "provider:demo", "provider:nowhere"] });
    const proSession = await newSession(pro);
    const nowhere = await send(pro, proSession.id, { content: "hi", provider: "nowhere" });
    expect(nowhere.body.error.details.fields).toEqual([
      { field: "provider", message: '"nowhere" is not an available provider' },
    ]);
    const mismatch = await send(pro, proSession.id, { content: "hi", provider: "demo", model: "fake-basic" });
    expect(mismatch.body.error.details.fields[0].field).toBe("model");
    const ok = await send(pro, proSession.id, { content: "hi", provider: "demo" });
    expect(ok.status).toBe(201);
    const message = await finished(pro, proSession.id, ok.body.data.assistantMessage.id);
    expect(message).toMatchObject({ providerKey: "demo", modelName: expect.stringContaining("Demo") });
  });

  it("effortMode picks the provider's model for that mode (message overrides session)", async () => {
    const user = await aiUser();
    const session = await newSession(user, { effortMode: "pro" });
    const a = await send(user, session.id, { content: "hi" });
    const first = await finished(user, session.id, a.body.data.assistantMessage.id);
    expect(first.modelName).toBe("fake-pro");
    const b = await send(user, session.id, { content: "hi", effortMode: "basic" });
    const second = await finished(user, session.id, b.body.data.assistantMessage.id);
    expect(second.modelName).toBe("fake-basic");
  });

  it("answers the send-message object before any output; idempotencyKey dedupes", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const body = { content: "once only #scenario=hang", idempotencyKey: "abc-1" };
    const res = await send(user, session.id, body);
    expect(res.status).toBe(201);
    const data = expectShape(sendResultSchema, res.body.data);
    expect(data).toMatchObject({
      sessionId: session.id,
      userMessage: { role: "user", content: "once only #scenario=hang" },
      assistantMessage: { role: "assistant", content: "", suggestions: [] },
      run: { status: "queued" },
    });
    // History while running: the reply's content is null, its runId is there for a listener.
    const during = await history(user, session.id);
    expect(during.data[1]).toMatchObject({
      id: data.assistantMessage.id,
      status: "running",
      content: null,
      runId: data.run.id,
    });

    const again = await send(user, session.id, body);
    expect(again.status).toBe(200);
    expect(again.body.data.userMessage.id).toBe(data.userMessage.id);
    expect(again.body.data.assistantMessage.id).toBe(data.assistantMessage.id);
    expect(again.body.data.run.id).toBe(data.run.id);
    expect((await history(user, session.id)).meta.total).toBe(2);

    // Another message while this one runs: 409.
    expectError(await send(user, session.id, { content: "second" }), 409, "conflict");
    await call("POST", `/ai/sessions/${session.id}/messages/${data.assistantMessage.id}/stop`, {
      token: user.accessToken,
      ip: user.ip,
    });
  });

  it("an unknown session is 404", async () => {
    const user = await aiUser();
    expectError(await send(user, "3f2b7c1e-9a4d-4e2f-8b1c-000000000000", { content: "hi" }), 404, "not_found");
  });
});

describe("POST messages: a capability's own `provider` and `model` at top level", () => {
  const demoModel = async (user: Awaited<ReturnType<typeof aiUser>>) => {
    const models = await call("GET", "/ai/models", { token: user.accessToken, ip: user.ip });
    return (models.body.data as { id: string; key: string; displayName: string; providerKey: string }[]).find(
      (m) => m.key === "demo",
    )!;
  };

  it("are the capability's parameters: a value the table allows is accepted on a free plan, and the reply is the runner's model", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const res = await send(user, session.id, {
      content: "a fox",
      capabilityKey: "ai.video.generate",
      provider: "kling",
      model: "kling-2.1",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const message = await finished(user, session.id, res.body.data.assistantMessage.id);
    expect(message.content).toContain('with {"provider":"kling","model":"kling-2.1"}');
    // The demo capability runner wrote the reply, not the session's default model (fake-basic).
    const demo = await demoModel(user);
    expect(message).toMatchObject({ modelId: demo.id, modelName: demo.displayName, providerKey: "demo" });
    // Priced as the demo (0), not as a model without a price (which would make the cost null).
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data).toMatchObject({ runCount: 1, estimatedCostUsd: 0, totalTokens: message.tokensUsed });
    expect(message.tokensUsed).toBeGreaterThan(0);

    // An image's provider is free text: not held to the message's lowercase provider-key rule.
    const image = await send(user, session.id, {
      content: "a fox",
      capabilityKey: "ai.image.generate",
      provider: "OpenAI Images",
    });
    expect(image.status, JSON.stringify(image.body)).toBe(201);
    expect((await finished(user, session.id, image.body.data.assistantMessage.id)).content).toContain(
      '{"provider":"OpenAI Images"}',
    );
  });

  it("are validated against the capability's table, with capabilityKey in the error", async () => {
    const fields = await fieldsOf({
      content: "a fox",
      capabilityKey: "ai.video.generate",
      provider: "runway",
      model: "",
    });
    expect(fields).toEqual([
      { field: "provider", message: "must be one of: kling, veo, sora", capabilityKey: "ai.video.generate" },
      { field: "model", message: "must not be empty", capabilityKey: "ai.video.generate" },
    ]);
  });

  it("nested `parameters` win over top-level values", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const res = await send(user, session.id, {
      content: "a fox",
      capabilityKey: "ai.video.generate",
      provider: "kling",
      parameters: { provider: "veo" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const message = await finished(user, session.id, res.body.data.assistantMessage.id);
    expect(message.content).toContain('with {"provider":"veo"}');
  });

  it("stay the message's model choice in plain chat and under a capability whose table lacks them", async () => {
    const fields = await fieldsOf({ content: "hi", provider: "Kling", model: "" });
    expect(fields).toEqual([
      { field: "model", message: "must not be empty" },
      { field: "provider", message: "must be a lowercase provider key" },
    ]);
    const user = await aiUser();
    const session = await newSession(user);
    // A free plan may not choose a provider, whatever its name.
    expectError(await send(user, session.id, { content: "hi", provider: "kling" }), 403, "forbidden");
    expectError(
      await send(user, session.id, { content: "hi", capabilityKey: "ai.search.web", provider: "kling" }),
      403,
      "forbidden",
    );
    const unknown = await send(user, session.id, { content: "hi", capabilityKey: "ai.search.web", model: "kling-2.1" });
    expectError(unknown, 400, "bad_request");
    expect(unknown.body.error.details.fields).toEqual([
      { field: "model", message: '"kling-2.1" is not an active model' },
    ]);
  });
});
