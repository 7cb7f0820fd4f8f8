import { describe, expect, it } from "vitest";
import { FLUX_MODEL, SDXL_MODEL } from "../../src/domains/ai/capabilities/image/providers/workers-ai";
import { MEDIA_CAPS } from "../../src/domains/ai/capabilities/media-caps";
import { withRetries } from "../../src/domains/ai/capabilities/retry";
import { CapabilityError } from "../../src/domains/ai/capabilities/types";
import { png } from "../media/helpers";
import { imageParameterErrors, imageRequestFor, openAiImagesAt, workersAiImagesOn } from "./provider-call";
import { fakeWorkersAi, imagesRequests, installFakeImages } from "./fakes/images";

installFakeImages();

const OPENAI_BASE = "https://fake-openai.test/v1";
const call = (parameters: Record<string, unknown>, prompt: string, provider: "openai" | "workers-ai" = "openai") => ({
  request: imageRequestFor(provider, parameters, prompt),
  maxBytes: MEDIA_CAPS.image,
});
const fast = { signal: new AbortController().signal, sleep: () => Promise.resolve(), baseMs: 1 };
const ihdrSize = (bytes: Uint8Array) => [
  new DataView(bytes.buffer, bytes.byteOffset).getUint32(16),
  new DataView(bytes.buffer, bytes.byteOffset).getUint32(20),
];

describe("OpenAI Images, against its fake", () => {
  it("generations: dall-e-3 with size, quality, style, n=1 and response_format b64_json; the image is the decoded b64_json", async () => {
    const before = imagesRequests.length;
    const image = await openAiImagesAt(OPENAI_BASE).generate(
      call({ size: "1792x1024", quality: "hd", style: "natural" }, "a lighthouse"),
    );
    const sent = imagesRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: "/v1/images/generations", authorization: "Bearer test-openai-key" });
    expect(sent[0]!.body).toEqual({
      model: "dall-e-3",
      prompt: "a lighthouse",
      n: 1,
      size: "1792x1024",
      quality: "hd",
      style: "natural",
      response_format: "b64_json",
    });
    expect(ihdrSize(image.bytes)).toEqual([1792, 1024]);
  });

  it("aspectRatio becomes the size that has it; quality auto is left to OpenAI's default", async () => {
    const before = imagesRequests.length;
    await openAiImagesAt(OPENAI_BASE).generate(call({ aspectRatio: "4:7", quality: "auto" }, "a tower"));
    expect(imagesRequests[before]!.body).toEqual({
      model: "dall-e-3",
      prompt: "a tower",
      n: 1,
      size: "1024x1792",
      response_format: "b64_json",
    });
  });

  it("edits: multipart with the image file, gpt-image-1 and its quality names (hd is high), no response_format", async () => {
    const before = imagesRequests.length;
    const source = { bytes: png(64, 64), mimeType: "image/png" };
    await openAiImagesAt(OPENAI_BASE).generate({
      ...call({ activeImageId: crypto.randomUUID(), quality: "hd" }, "add a boat"),
      source,
    });
    const sent = imagesRequests[before]!;
    expect(sent.path).toBe("/v1/images/edits");
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toMatchObject({
      prompt: "add a boat",
      model: "gpt-image-1",
      n: "1",
      size: "1024x1024",
      quality: "high",
    });
    expect(sent.body.image).toMatchObject({ type: "image/png", size: source.bytes.length });
    expect(sent.body).not.toHaveProperty("response_format");
  });

  it("a content-policy refusal is a non-retryable error with OpenAI's reason; 429 and 5xx are retryable", async () => {
    const refused = await openAiImagesAt(OPENAI_BASE)
      .generate(call({}, "forbidden #policy"))
      .catch((e) => e);
    expect(refused).toBeInstanceOf(CapabilityError);
    expect(refused).toMatchObject({
      kind: "fatal",
      retryable: false,
      message: "OpenAI Images answered 400: Your request was rejected as a result of our safety system.",
    });
    const down = await openAiImagesAt(OPENAI_BASE)
      .generate(call({}, "down #500-always"))
      .catch((e) => e);
    expect(down).toMatchObject({
      retryable: true,
      message: "OpenAI Images answered 500: The server had an error while processing your request.",
    });
    const key = await openAiImagesAt(OPENAI_BASE, "wrong")
      .generate(call({}, "x"))
      .catch((e) => e);
    expect(key).toMatchObject({ retryable: false, message: "OpenAI Images answered 401: Incorrect API key provided." });
  });

  it("a 429 is retried with backoff and then succeeds", async () => {
    const before = imagesRequests.length;
    const image = await withRetries(() => openAiImagesAt(OPENAI_BASE).generate(call({}, "busy #429x2")), fast);
    expect(imagesRequests.length - before).toBe(3);
    expect(ihdrSize(image.bytes)).toEqual([1024, 1024]);
  });
});

describe("Workers AI images, through a binding double", () => {
  it("FLUX schnell by default (prompt and steps), its base64 image decoded", async () => {
    const ai = fakeWorkersAi();
    const image = await workersAiImagesOn(ai).generate(call({}, "a fox", "workers-ai"));
    expect(ai.calls).toEqual([{ model: FLUX_MODEL, inputs: { prompt: "a fox", steps: 4 } }]);
    expect([...image.bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("SDXL where negativePrompt, seed or a size is asked: mapped to negative_prompt, seed, width and height; its PNG stream read whole", async () => {
    const ai = fakeWorkersAi();
    const image = await workersAiImagesOn(ai).generate(
      call({ negativePrompt: "blur", seed: 7, aspectRatio: "16:9" }, "a fox", "workers-ai"),
    );
    expect(ai.calls).toEqual([
      { model: SDXL_MODEL, inputs: { prompt: "a fox", negative_prompt: "blur", seed: 7, width: 1024, height: 576 } },
    ]);
    expect(ihdrSize(image.bytes)).toEqual([1024, 576]);
    const edit = fakeWorkersAi();
    await workersAiImagesOn(edit).generate({
      ...call({ activeImageId: crypto.randomUUID(), size: "1024x1024" }, "edit", "workers-ai"),
      source: { bytes: png(8, 8), mimeType: "image/png" },
    });
    expect(edit.calls[0]!.inputs).toMatchObject({
      width: 1024,
      height: 1024,
      strength: 0.6,
      image_b64: expect.any(String),
    });
  });

  it("a capacity error is retryable, any other error is not", async () => {
    const busy = fakeWorkersAi(() =>
      Promise.reject(new Error("3040: Capacity temporarily exceeded, please try again.")),
    );
    expect(
      await workersAiImagesOn(busy)
        .generate(call({}, "x", "workers-ai"))
        .catch((e) => e),
    ).toMatchObject({ retryable: true });
    const bad = fakeWorkersAi(() => Promise.reject(new Error("5006: Input is not valid: NSFW content")));
    const error = await workersAiImagesOn(bad)
      .generate(call({}, "x", "workers-ai"))
      .catch((e) => e);
    expect(error).toMatchObject({
      retryable: false,
      message: "Workers AI failed: 5006: Input is not valid: NSFW content",
    });
  });
});

describe("parameters a provider cannot honour", () => {
  it("name the provider, one field error each", () => {
    expect(imageParameterErrors("openai", { seed: 1, negativePrompt: "x", resolution: "4k" })).toEqual([
      { field: "resolution", message: "OpenAI Images takes no resolution; use size or aspectRatio" },
      { field: "seed", message: "OpenAI Images takes no seed" },
      { field: "negativePrompt", message: "OpenAI Images takes no negative prompt" },
    ]);
    expect(imageParameterErrors("openai", { activeImageId: "x", style: "vivid" })).toEqual([
      { field: "style", message: "OpenAI Images takes a style only with dall-e-3, not gpt-image-1" },
    ]);
    expect(imageParameterErrors("openai", { model: "dall-e-3", activeImageId: "x" })).toEqual([
      { field: "activeImageId", message: "OpenAI Images cannot edit images with dall-e-3" },
    ]);
    expect(imageParameterErrors("workers-ai", { quality: "hd", style: "vivid" })).toEqual([
      { field: "quality", message: "Workers AI takes no quality" },
      { field: "style", message: "Workers AI takes no style" },
    ]);
    expect(imageParameterErrors("workers-ai", { model: FLUX_MODEL, seed: 3 })[0]!.message).toMatch(
      /^Workers AI @cf\/black-forest-labs\/flux-1-schnell takes no negativePrompt, seed/,
    );
    expect(imageParameterErrors("workers-ai", { seed: 3, numImages: 4 })).toEqual([]);
  });
});
