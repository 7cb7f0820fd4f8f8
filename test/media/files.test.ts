import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mediaItemSchema } from "../../src/domains/media/schemas";
import { MAX_UPLOAD_BYTES } from "../../src/limits";
import { call, createUser, expectError, expectFieldError, expectShape, type ApiResponse } from "../helpers/api";
import { byteStream, gif, jpeg, jsonOf, pdf, png, raw, upload, webpExtended } from "./helpers";
import { awaitRoomInWindow } from "../helpers/rate-window";

const asApi = async (response: Response): Promise<ApiResponse> => ({
  status: response.status,
  headers: response.headers,
  body: await jsonOf(response),
});

describe("POST /files", () => {
  it("stores a raw PNG as an upload, with its dimensions from the header, and GET /files/:id shows it", async () => {
    const user = await createUser();
    const bytes = png(640, 480);
    const item = await upload(user, bytes, "image/png");
    expectShape(mediaItemSchema, item);
    expect(item).toMatchObject({
      kind: "image",
      mimeType: "image/png",
      size: bytes.length,
      width: 640,
      height: 480,
      source: "upload",
    });
    expect(item).not.toHaveProperty("sessionId");
    expect(item.url).toMatch(new RegExp(`^/api/v1/media/${item.id}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const stored = await env.BLOBS.get(`media/${item.id}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);

    const shown = await call("GET", `/files/${item.id}`, { token: user.accessToken, ip: user.ip });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ ...item, url: expect.any(String) });
  });

  it("takes multipart/form-data with one `file`", async () => {
    const user = await createUser();
    const form = new FormData();
    form.set("file", new File([gif(3, 2)], "dot.gif", { type: "image/gif" }));
    const res = await asApi(await raw("POST", "/files", { token: user.accessToken, ip: user.ip, body: form }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: "image",
      mimeType: "image/gif",
      width: 3,
      height: 2,
      source: "upload",
    });

    const none = new FormData();
    none.set("other", "x");
    expectFieldError(
      await asApi(await raw("POST", "/files", { token: user.accessToken, ip: user.ip, body: none })),
      "file",
      /exactly one file/,
    );
  });

  it("reads JPEG (past its EXIF) and WebP dimensions; text, CSV, Markdown, JSON and PDF are documents", async () => {
    const user = await createUser();
    expect(await upload(user, jpeg(1920, 1080, 4000), "image/jpeg")).toMatchObject({ width: 1920, height: 1080 });
    expect(await upload(user, webpExtended(300, 200), "image/webp")).toMatchObject({ width: 300, height: 200 });
    for (const [type, content] of [
      ["text/plain; charset=utf-8", new TextEncoder().encode("héllo")],
      ["text/markdown", new TextEncoder().encode("# Title")],
      ["text/csv", new TextEncoder().encode("a,b\n1,2\n")],
      ["application/json", new TextEncoder().encode('{"a":[1,2]}')],
      ["application/pdf", pdf("Hello PDF")],
    ] as const) {
      const item = await upload(user, content, type);
      expect(item).toMatchObject({ kind: "document", mimeType: type.split(";")[0], size: content.length });
      expect(item).not.toHaveProperty("width");
    }
  });

  it("answers 415 to another type, or none", async () => {
    const user = await createUser();
    for (const headers of [{ "Content-Type": "text/html" }, { "Content-Type": "image/svg+xml" }, {}] as Record<
      string,
      string
    >[]) {
      expectError(
        await asApi(
          await raw("POST", "/files", {
            token: user.accessToken,
            ip: user.ip,
            body: new TextEncoder().encode("<b>x</b>"),
            headers,
          }),
        ),
        415,
        "unsupported_media_type",
      );
    }
  });

  it("answers 400 when the content does not match its declared type, and stores nothing", async () => {
    const user = await createUser();
    const cases: [string, Uint8Array][] = [
      ["image/png", new TextEncoder().encode("definitely not a png image")],
      ["image/jpeg", png(1, 1)],
      ["application/pdf", new TextEncoder().encode("plain text pretending")],
      ["text/plain", new Uint8Array([0x68, 0x69, 0xff, 0xfe, 0x00])],
      ["application/json", new TextEncoder().encode("{not json")],
    ];
    const before = (await env.BLOBS.list({ prefix: "media/" })).objects.length;
    for (const [type, bytes] of cases) {
      expectFieldError(
        await asApi(
          await raw("POST", "/files", {
            token: user.accessToken,
            ip: user.ip,
            body: bytes,
            headers: { "Content-Type": type },
          }),
        ),
        "file",
      );
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM media WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await env.BLOBS.list({ prefix: "media/" })).objects.length).toBe(before);
  });

  it("answers 400 to an empty file", async () => {
    const user = await createUser();
    expectFieldError(
      await asApi(
        await raw("POST", "/files", {
          token: user.accessToken,
          ip: user.ip,
          body: new Uint8Array(0),
          headers: { "Content-Type": "text/plain" },
        }),
      ),
      "file",
      /empty/,
    );
  });

  it("takes up to 20 MiB past the API's 1 MiB body limit, and answers 413 above (declared or streamed)", async () => {
    const user = await createUser();
    const big = new Uint8Array(2 * 1024 * 1024).fill(0x61);
    expect((await upload(user, big, "text/plain")).size).toBe(big.length);

    const declared = await raw("POST", "/files", {
      token: user.accessToken,
      ip: user.ip,
      body: byteStream(16),
      headers: { "Content-Type": "text/plain", "Content-Length": String(MAX_UPLOAD_BYTES + 1) },
    });
    expectError(await asApi(declared), 413, "payload_too_large");
    const streamed = await raw("POST", "/files", {
      token: user.accessToken,
      ip: user.ip,
      body: byteStream(MAX_UPLOAD_BYTES + 1, 1024 * 1024),
      headers: { "Content-Type": "text/plain" },
    });
    expectError(await asApi(streamed), 413, "payload_too_large");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM media WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("allows 30 uploads a minute per user", async () => {
    // The 31 uploads must fall in one fixed one-minute window, or the count starts over midway.
    await awaitRoomInWindow(60, 15_000);
    const user = await createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await raw("POST", "/files", {
        token: user.accessToken,
        ip: user.ip,
        body: `note ${i}`,
        headers: { "Content-Type": "text/plain" },
      });
      statuses.push(res.status);
      if (i === 30) {
        expectError(await asApi(res), 429, "RATE_LIMIT_EXCEEDED");
        expect(res.headers.get("RateLimit-Limit")).toBe("30");
      } else await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
  });
});

describe("DELETE /files/:id", () => {
  it("deletes an upload: row and bytes", async () => {
    const user = await createUser();
    const item = await upload(user, png(2, 2), "image/png");
    const res = await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: item.id, deleted: true });
    expectError(await call("GET", `/files/${item.id}`, { token: user.accessToken, ip: user.ip }), 404, "not_found");
    expect(await env.BLOBS.head(`media/${item.id}`)).toBeNull();
    expectError(await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip }), 404, "not_found");
  });
});
