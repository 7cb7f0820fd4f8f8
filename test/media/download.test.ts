import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { deleteSessionMedia, signedMediaUrl, storeMedia } from "../../src/domains/media";
import { PART_BYTES } from "../../src/domains/media/blobs";
import { DEFAULT_ENTITLEMENTS } from "../../src/domains/identity/service";
import { admin, call, createUser, expectError, type ApiResponse } from "../helpers/api";
import { signTestToken } from "../helpers/tokens";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { byteStream, jsonOf, png, raw, upload } from "./helpers";

const asApi = async (response: Response): Promise<ApiResponse> => ({
  status: response.status,
  headers: response.headers,
  body: await jsonOf(response),
});
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const pathOf = (id: string) => `/api/v1/media/${id}`;

describe("GET /media/:id", () => {
  it("serves the owner with a token, and anyone with the signed URL, with the headers a <video> needs", async () => {
    const user = await createUser();
    const bytes = png(10, 10, 1000);
    const item = await upload(user, bytes, "image/png");
    for (const response of [
      await raw("GET", pathOf(item.id), { token: user.accessToken }),
      await raw("GET", item.url),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
      expect(response.headers.get("Cache-Control")).toBe("private");
      expect(response.headers.get("Accept-Ranges")).toBe("bytes");
      expect(await bytesOf(response)).toEqual(bytes);
    }
  });

  it("answers 206 for one range (suffix and open-ended too), 416 outside the file, 304 for a matching If-None-Match", async () => {
    const user = await createUser();
    const bytes = png(1, 1, 200);
    const item = await upload(user, bytes, "image/png");
    const size = bytes.length;
    for (const [range, start, end] of [
      ["bytes=0-9", 0, 9],
      ["bytes=100-", 100, size - 1],
      ["bytes=-16", size - 16, size - 1],
      [`bytes=200-${size + 500}`, 200, size - 1],
    ] as const) {
      const response = await raw("GET", item.url, { headers: { Range: range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get("Content-Length")).toBe(String(end - start + 1));
      expect(await bytesOf(response)).toEqual(bytes.slice(start, end + 1));
    }
    // Several ranges at once are not served piecewise: the whole file comes back.
    const multi = await raw("GET", item.url, { headers: { Range: "bytes=0-1,4-5" } });
    expect(multi.status).toBe(200);
    expect((await bytesOf(multi)).length).toBe(size);

    const outside = await raw("GET", item.url, { headers: { Range: `bytes=${size}-` } });
    expectError(await asApi(outside), 416, "range_not_satisfiable");
    expect(outside.headers.get("Content-Range")).toBe(`bytes */${size}`);

    const etag = (await raw("GET", item.url)).headers.get("ETag")!;
    const cached = await raw("GET", item.url, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("ETag")).toBe(etag);
    expect(await cached.text()).toBe("");
    expect((await raw("GET", item.url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    // A stale If-Range gets the whole (current) file rather than a piece.
    const stale = await raw("GET", item.url, { headers: { Range: "bytes=0-1", "If-Range": '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it("answers 404 to everyone else: no token, another user's token, a tampered, foreign or expired signature", async () => {
    const [owner, stranger] = await Promise.all([createUser(), createUser()]);
    const item = await upload(owner, png(1, 1), "image/png");
    const other = await upload(owner, png(2, 2), "image/png");
    const url = new URL(item.url, "http://x");
    const sig = url.searchParams.get("sig")!;
    const expired = await signedMediaUrl(env, item.id, Math.floor(Date.now() / 1000) - 3601);
    for (const [what, path, token] of [
      ["no token", pathOf(item.id), undefined],
      ["another user's token", pathOf(item.id), stranger.accessToken],
      [
        "tampered signature",
        `${pathOf(item.id)}?exp=${url.searchParams.get("exp")}&sig=${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`,
        undefined,
      ],
      ["a later expiry", `${pathOf(item.id)}?exp=${Number(url.searchParams.get("exp")) + 60}&sig=${sig}`, undefined],
      ["another item's signature", `${pathOf(item.id)}?${new URL(other.url, "http://x").searchParams}`, undefined],
      ["expired", expired, undefined],
      ["unknown id", pathOf(crypto.randomUUID()), owner.accessToken],
    ] as const) {
      const res = await asApi(await raw("GET", path, { token }));
      expect(res.status, what).toBe(404);
      expectError(res, 404, "not_found");
    }
  });

  it("answers the same 404 to every token it refuses (bad, expired, under-scoped, without the AI entitlement), for existing and unknown ids", async () => {
    const owner = await createUser();
    const item = await upload(owner, png(1, 1), "image/png");
    const oauth = (scope: string) =>
      signTestToken(
        { sub: owner.id, client_id: crypto.randomUUID(), scope },
        { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
      );
    const withoutAi = await createUser();
    const entitlements = DEFAULT_ENTITLEMENTS.filter((e) => e !== "ai");
    expect((await admin("PATCH", `/admin/users/${withoutAi.id}/account`, { entitlements })).status).toBe(200);
    // Their own item (stored before the plan changed) is refused to them the same way.
    const theirs = await storeMedia(createDb(env.DB), env, {
      ownerId: withoutAi.id,
      kind: "image",
      mimeType: "image/png",
      source: "upload",
      body: png(1, 1).buffer as ArrayBuffer,
    });
    const expired = await signTestToken(
      { sub: owner.id, sid: crypto.randomUUID() },
      { issuedAt: 1_000, expiresAt: 2_000 },
    );
    for (const [what, token] of [
      ["malformed", "not-a-jwt"],
      ["expired", expired],
      ["OAuth without execution:run", await oauth("profile:read")],
      ["a plan without ai", withoutAi.accessToken],
    ] as const) {
      for (const id of [item.id, crypto.randomUUID(), theirs.id]) {
        const res = await raw("GET", pathOf(id), { token });
        expectError(await asApi(res), 404, "not_found");
        expect(res.headers.get("WWW-Authenticate"), what).toBeNull();
        expect(res.headers.get("Content-Security-Policy"), what).toBe("sandbox; default-src 'none'");
      }
    }
    // The owner's token and an OAuth token with execution:run open it.
    expect((await raw("GET", pathOf(item.id), { token: owner.accessToken })).status).toBe(200);
    expect((await raw("GET", pathOf(item.id), { token: await oauth("execution:run") })).status).toBe(200);
  });

  it("carries the sandbox CSP, nosniff and an inline Content-Disposition with a file name on every answer (200, 206, 304, 416, 404)", async () => {
    const user = await createUser();
    const item = await upload(user, png(2, 2), "image/png");
    const etag = (await raw("GET", item.url)).headers.get("ETag")!;
    for (const [what, response, status] of [
      ["whole", await raw("GET", item.url), 200],
      ["range", await raw("GET", item.url, { headers: { Range: "bytes=0-3" } }), 206],
      ["not modified", await raw("GET", item.url, { headers: { "If-None-Match": etag } }), 304],
      ["by token", await raw("GET", pathOf(item.id), { token: user.accessToken }), 200],
    ] as const) {
      expect(response.status, what).toBe(status);
      expect(response.headers.get("Content-Security-Policy"), what).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
      expect(response.headers.get("Content-Disposition"), what).toBe(`inline; filename="${item.id}.png"`);
      await response.body?.cancel();
    }
    for (const [what, response, status] of [
      ["unsatisfiable", await raw("GET", item.url, { headers: { Range: "bytes=9999-" } }), 416],
      ["unknown", await raw("GET", pathOf(crypto.randomUUID())), 404],
    ] as const) {
      expect(response.status, what).toBe(status);
      expect(response.headers.get("Content-Security-Policy"), what).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
      await response.body?.cancel();
    }
  });

  it("serves what its kind does not allow inline (HTML or SVG stored before the allow-list, a PDF) as an attachment, sandboxed", async () => {
    const user = await createUser();
    const db = createDb(env.DB);
    const stored = (mimeType: string, text: string) =>
      storeMedia(db, env, {
        ownerId: user.id,
        kind: "video",
        mimeType,
        source: "generated",
        body: new TextEncoder().encode(text).buffer as ArrayBuffer,
      });
    for (const [mimeType, text, extension] of [
      ["text/html", "<html><script>alert(document.cookie)</script></html>", "bin"],
      ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "bin"],
      ["application/pdf", "%PDF-1.4\n%%EOF", "pdf"],
    ] as const) {
      const row = await stored(mimeType, text);
      const response = await raw("GET", signedMediaUrl(env, row.id));
      expect(response.status, mimeType).toBe(200);
      expect(response.headers.get("Content-Type"), mimeType).toBe(mimeType);
      expect(response.headers.get("Content-Disposition"), mimeType).toBe(
        `attachment; filename="${row.id}.${extension}"`,
      );
      expect(response.headers.get("Content-Security-Policy"), mimeType).toBe("sandbox; default-src 'none'");
      expect(response.headers.get("X-Content-Type-Options"), mimeType).toBe("nosniff");
      expect(await response.text()).toBe(text);
    }
  });

  it("is not rate limited (a <video> sends bursts of ranges)", async () => {
    const user = await createUser();
    const item = await upload(user, png(1, 1), "image/png");
    const responses = await Promise.all(
      Array.from({ length: 125 }, () =>
        raw("GET", pathOf(item.id), { token: user.accessToken, headers: { Range: "bytes=0-3" } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(125).fill(206));
    expect(responses[0]!.headers.get("RateLimit-Limit")).toBeNull();
    await Promise.all(responses.map((r) => r.body?.cancel()));
  });
});

describe("storeMedia", () => {
  it("streams a body of unknown length to R2 as a multipart upload, and one of known length in one put", async () => {
    const user = await createUser();
    const db = createDb(env.DB);
    const total = 2 * PART_BYTES + 12345;
    const unknown = await storeMedia(db, env, {
      ownerId: user.id,
      kind: "video",
      mimeType: "video/mp4",
      source: "generated",
      body: byteStream(total, 256 * 1024, 0x62),
      durationSeconds: 4,
    });
    expect(unknown).toMatchObject({ size: total, kind: "video", durationSeconds: 4 });
    const object = await env.BLOBS.head(`media/${unknown.id}`);
    expect(object!.size).toBe(total);
    // A multipart object's ETag names its part count.
    expect(object!.etag).toMatch(/-3$/);
    expect(object!.httpMetadata?.contentType).toBe("video/mp4");
    const tail = await raw("GET", pathOf(unknown.id), {
      token: user.accessToken,
      headers: { Range: `bytes=${total - 4}-` },
    });
    expect(await bytesOf(tail)).toEqual(new Uint8Array(4).fill(0x62));

    const known = await storeMedia(db, env, {
      ownerId: user.id,
      kind: "audio",
      mimeType: "audio/mpeg",
      source: "generated",
      body: byteStream(1000),
      length: 1000,
    });
    expect((await env.BLOBS.head(`media/${known.id}`))!.size).toBe(1000);
    const small = await storeMedia(db, env, {
      ownerId: user.id,
      kind: "image",
      mimeType: "image/png",
      source: "generated",
      body: png(4, 4).buffer as ArrayBuffer,
      width: 4,
      height: 4,
    });
    expect(small).toMatchObject({ width: 4, height: 4, size: png(4, 4).length });
  });
});

describe("deleting a session", () => {
  it("deletes its generated media (rows and R2 objects) and keeps uploads and other sessions' media", async () => {
    const user = await createUser();
    const db = createDb(env.DB);
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, ip: user.ip, body: {} });
    const other = await call("POST", "/ai/sessions", { token: user.accessToken, ip: user.ip, body: {} });
    const sessionId = session.body.data.id;
    const generated = (sid: string) =>
      storeMedia(db, env, {
        ownerId: user.id,
        kind: "image",
        mimeType: "image/png",
        source: "generated",
        sessionId: sid,
        body: png(1, 1).buffer as ArrayBuffer,
      });
    const [mine, theirs] = await Promise.all([generated(sessionId), generated(other.body.data.id)]);
    const uploaded = await upload(user, png(1, 1), "image/png");

    expect((await call("DELETE", `/ai/sessions/${sessionId}`, { token: user.accessToken, ip: user.ip })).status).toBe(
      200,
    );
    expectError(await call("GET", `/files/${mine.id}`, { token: user.accessToken, ip: user.ip }), 404, "not_found");
    expect(await env.BLOBS.head(`media/${mine.id}`)).toBeNull();
    expect((await call("GET", `/files/${theirs.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    expect((await call("GET", `/files/${uploaded.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    expect(await deleteSessionMedia(db, env, sessionId)).toBe(0);
  });

  it("keeps generated media out of DELETE /files/:id (409)", async () => {
    const user = await createUser();
    const item = await storeMedia(createDb(env.DB), env, {
      ownerId: user.id,
      kind: "audio",
      mimeType: "audio/mpeg",
      source: "generated",
      body: new ArrayBuffer(8),
    });
    expectError(await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip }), 409, "conflict");
    expect(await env.BLOBS.head(`media/${item.id}`)).not.toBeNull();
  });
});
