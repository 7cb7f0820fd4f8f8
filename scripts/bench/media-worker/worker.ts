// A bench-only entry (`npm run bench:media`): the API's own Worker, unchanged, plus two routes the
// benchmark needs and the API has not: storing a body of any size through the media domain's
// `storeMedia` (uploads stop at 20 MiB; the benchmark sends 50 MiB, as a provider's video would
// arrive), and a plain R2 read of an item's object, the baseline for GET /media/:id. It runs under
// `wrangler dev` with the project's wrangler.toml (same bindings) and is never deployed.
import worker from "../../../src/index";
import { createDb } from "../../../src/db/client";
import { mediaKey, storeMedia } from "../../../src/domains/media";

export { Conversation, MessageRun, RateLimiter } from "../../../src/index";

export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    // PUT /bench/store?owner=<userId>[&length=<n>]: a streamed body into R2 (multipart without a length).
    if (request.method === "PUT" && url.pathname === "/bench/store" && request.body) {
      const length = url.searchParams.get("length");
      const row = await storeMedia(createDb(env.DB), env, {
        ownerId: url.searchParams.get("owner")!,
        kind: "video",
        mimeType: "video/mp4",
        source: "generated",
        body: request.body,
        length: length ? Number(length) : undefined,
      });
      return Response.json({ id: row.id, size: row.size });
    }
    // GET /bench/r2/<id>: the object straight from R2, nothing else.
    const plain = url.pathname.match(/^\/bench\/r2\/([\w-]+)$/);
    if (request.method === "GET" && plain) {
      const object = await env.BLOBS.get(mediaKey(plain[1]!));
      if (!object) return new Response(null, { status: 404 });
      // The headers the media endpoint sends, so the two differ only in the work before the bytes.
      return new Response(object.body, {
        headers: { "Content-Type": object.httpMetadata?.contentType ?? "", "Content-Length": String(object.size) },
      });
    }
    return worker.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
