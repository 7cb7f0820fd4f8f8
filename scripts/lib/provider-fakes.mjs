// Local fakes of the capability providers, speaking their real wire protocols, for tests and
// benchmarks that run `wrangler dev` (node, no workerd fetch mock): Brave Search, OpenAI's chat
// completions (streamed) and images, and Veo's long-running operations with a file to download.
// `startProviderFakes()` listens on 127.0.0.1; `vars` are what the dev server needs to use them
// (its host in ALLOW_PRIVATE_HOSTS, so the SSRF guard lets the video download through).
import { createServer } from "node:http";

/** A 1x1 PNG (IHDR, IDAT, IEND): the smallest file the API's sniffing accepts as an image. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** An MP4's first box (`ftyp`, brand isom) and some bytes after it: enough for the sniffing. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
  Buffer.alloc(4096, 7),
]);

const json = (res, status, body) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ searchMs?: number, videoPolls?: number }} options `searchMs`: how long each search
 * takes; `videoPolls`: how many polls a video job answers "not done" before it is.
 */
export async function startProviderFakes({ searchMs = 0, videoPolls = 3 } = {}) {
  /** [start, end] of every search answered (what a bench subtracts as the provider's own time). */
  const searches = [];
  const load = { searching: 0, mostAtOnce: 0 };
  const polls = new Map();
  let origin = "";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://fake");
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method === "GET" && url.pathname === "/res/v1/web/search") {
      const start = performance.now();
      load.mostAtOnce = Math.max(load.mostAtOnce, ++load.searching);
      if (searchMs) await sleep(searchMs);
      load.searching--;
      const q = url.searchParams.get("q") ?? "";
      const count = Number(url.searchParams.get("count") ?? 5);
      const results = Array.from({ length: count }, (_, i) => ({
        title: `${q} ${i + 1}`,
        url: `https://pages.example.com/${encodeURIComponent(q)}/${i + 1}`,
        description: `About ${q}, part ${i + 1}`,
      }));
      json(res, 200, { type: "search", web: { type: "search", results } });
      searches.push([start, performance.now()]);
      return;
    }
    if (req.method === "POST" && url.pathname === "/v1/chat/completions") {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const content of ["Here is what I found ", "[1]."])
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 6 } })}\n\n`);
      res.end("data: [DONE]\n\n");
      return;
    }
    if (req.method === "POST" && url.pathname === "/v1/images/generations") {
      const n = JSON.parse(body || "{}").n ?? 1;
      json(res, 200, { created: 1, data: Array.from({ length: n }, () => ({ b64_json: PNG.toString("base64") })) });
      return;
    }
    const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
    if (req.method === "POST" && start) {
      const name = `models/${start[1]}/operations/${crypto.randomUUID()}`;
      polls.set(name, 0);
      json(res, 200, { name });
      return;
    }
    const operation = url.pathname.slice("/v1beta/".length);
    if (req.method === "GET" && polls.has(operation)) {
      const seen = polls.get(operation) + 1;
      polls.set(operation, seen);
      if (seen <= videoPolls) return json(res, 200, { name: operation, done: false });
      const uri = `${origin}/files/${operation.split("/").pop()}.mp4`;
      return json(res, 200, {
        name: operation,
        done: true,
        response: { generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
      });
    }
    if (req.method === "GET" && url.pathname.startsWith("/files/")) {
      res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": MP4.length });
      res.end(MP4);
      return;
    }
    json(res, 404, { error: { message: `no fake for ${req.method} ${url.pathname}` } });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    searches,
    /** Searches being answered now, and the most at once so far. */
    load,
    /** The dev server's vars and secrets for these fakes (search, chat, images, video). */
    vars: {
      ALLOW_PRIVATE_HOSTS: `127.0.0.1:${port}`,
      BRAVE_API_KEY: "fake-brave-key",
      BRAVE_BASE_URL: origin,
      OPENAI_API_KEY: "fake-openai-key",
      OPENAI_BASE_URL: `${origin}/v1`,
      OPENAI_MODELS: "fake-chat:basic",
      IMAGE_PROVIDER: "openai",
      GEMINI_API_KEY: "fake-gemini-key",
      GEMINI_BASE_URL: origin,
      VIDEO_PROVIDER: "veo",
      VIDEO_POLL_MS: "100",
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
