/**
 * A local fake of OpenAI's Images API, speaking its documented wire format:
 * `POST /v1/images/generations` (JSON) and `POST /v1/images/edits` (multipart), both answering
 * `{ created, data: [{ b64_json }] }`; errors `{ error: { message, type, code } }` (a content
 * policy refusal is a 400 with code `content_policy_violation`). It replaces `fetch` for the images
 * paths of the fake OpenAI host only (chat completions stay with test/ai/fakes/openai.ts). Scenarios
 * are tags in the prompt: `#policy`, `#429x<n>`, `#500-always`, `#slow` (each image takes 300 ms);
 * hostile images `#svg` (an SVG with a script, base64) and `#huge` (a PNG of HUGE_IMAGE_BYTES).
 * Also a Workers AI binding double that records `run` calls, answering FLUX's `{ image }` and
 * SDXL's PNG stream.
 */
import { jpeg, png } from "../../media/helpers";

export const IMAGES_BASE = "https://fake-openai.test/v1/images/";

export interface ImagesRequest {
  path: string;
  authorization: string | null;
  contentType: string;
  /** The JSON body, or the multipart fields (the file as `{ type, size, bytes }`). */
  body: Record<string, any>;
}
export const imagesRequests: ImagesRequest[] = [];

/** What `#huge` answers: past the image cap the media-capabilities tests set (64 KiB), decoded. */
export const HUGE_IMAGE_BYTES = 100 * 1024;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

const failed = new Map<string, number>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const b64 = (bytes: Uint8Array) => {
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and argument lists are bounded.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const error = (status: number, message: string, type: string, code: string | null) =>
  json({ error: { message, type, param: null, code } }, status);

async function respond(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const contentType = request.headers.get("Content-Type") ?? "";
  let body: Record<string, any>;
  if (contentType.startsWith("multipart/form-data")) {
    body = {};
    for (const [name, value] of await request.formData()) {
      body[name] =
        typeof value === "string"
          ? value
          : { type: value.type, size: value.size, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  } else {
    body = (await request.json()) as Record<string, any>;
  }
  imagesRequests.push({ path, authorization: request.headers.get("Authorization"), contentType, body });
  if (request.headers.get("Authorization") !== "Bearer test-openai-key")
    return error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
  if (path !== "/v1/images/generations" && path !== "/v1/images/edits")
    return error(404, "Invalid URL", "invalid_request_error", null);
  const prompt = String(body.prompt ?? "");
  if (prompt.includes("#policy")) {
    return error(
      400,
      "Your request was rejected as a result of our safety system.",
      "image_generation_user_error",
      "content_policy_violation",
    );
  }
  if (prompt.includes("#500-always"))
    return error(500, "The server had an error while processing your request.", "server_error", null);
  const times = /#429x(\d)/.exec(prompt);
  if (times) {
    const count = failed.get(prompt) ?? 0;
    if (count < Number(times[1])) {
      failed.set(prompt, count + 1);
      return error(429, "Rate limit reached for images per minute.", "requests", "rate_limit_exceeded");
    }
  }
  if (prompt.includes("#slow")) await new Promise((resolve) => setTimeout(resolve, 300));
  const [width, height] = String(body.size ?? "1024x1024")
    .split("x")
    .map(Number) as [number, number];
  const n = Number(body.n ?? 1);
  const hostile = prompt.includes("#svg")
    ? new TextEncoder().encode(SVG)
    : prompt.includes("#huge")
      ? png(width, height, HUGE_IMAGE_BYTES)
      : null;
  if (hostile) return json({ created: 1_764_000_000, data: [{ b64_json: b64(hostile) }] });
  return json({
    created: 1_764_000_000,
    data: Array.from({ length: n }, () => ({ b64_json: b64(png(width, height)), revised_prompt: prompt })),
  });
}

let installed = false;
export function installFakeImages() {
  if (installed) return;
  installed = true;
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(IMAGES_BASE) ? respond(request) : previous(input, init);
  }) as typeof fetch;
}

/** A Workers AI binding double: records each `run`; FLUX answers `{ image }` (base64 JPEG), SDXL a PNG stream. */
export function fakeWorkersAi(behaviour: (model: string, inputs: Record<string, any>) => unknown = () => undefined) {
  const calls: { model: string; inputs: Record<string, any> }[] = [];
  return {
    calls,
    async run(model: string, inputs: Record<string, any>) {
      calls.push({ model, inputs });
      const custom = await behaviour(model, inputs);
      if (custom !== undefined) return custom;
      if (model.includes("flux")) return { image: b64(jpeg(1024, 1024)) };
      const bytes = png(inputs.width ?? 1024, inputs.height ?? 1024);
      return new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) });
    },
  };
}
