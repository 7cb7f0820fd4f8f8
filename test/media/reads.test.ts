import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { media } from "../../src/db/schema";
import { deleteSessionMedia, storeMedia } from "../../src/domains/media";
import { deleteUpload, type MediaRow } from "../../src/domains/media/store";
import worker from "../../src/index";
import { call, createUser, expectError, ORIGIN, type ApiResponse } from "../helpers/api";
import { jsonOf, png, raw, upload } from "./helpers";

// GET /media/:id reads an item stored since issue 38 from its R2 object alone: the object names
// its owner (custom metadata), its type, size and ETag are R2's. These tests count the D1
// statements a read makes, keep the items stored before (no owner on the object) served from their
// rows, and hold deletion to bytes first, so a deleted item's signed URL is 404 without a row read.

const asApi = async (response: Response): Promise<ApiResponse> => ({
  status: response.status,
  headers: response.headers,
  body: await jsonOf(response),
});

/** The test's D1 with every statement's SQL recorded as it is prepared. */
function recordedD1() {
  const statements: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, name) {
      if (name === "prepare")
        return (sql: string) => {
          statements.push(sql);
          return target.prepare(sql);
        };
      if (name === "batch" || name === "exec") statements.push(`(${name})`);
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, statements };
}

/** `GET path` through the Worker with the recorded D1; the answer and the statements it made. */
async function readWithRecordedD1(path: string, init: { token?: string; headers?: Record<string, string> } = {}) {
  const { db, statements } = recordedD1();
  const headers: Record<string, string> = { "CF-Connecting-IP": "203.0.113.9", ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { headers }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, DB: db },
    ctx,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { response, bytes, statements };
}

const readsMediaRow = (statements: string[]) => statements.filter((sql) => /"media"/.test(sql));

/** An item as it was stored before this change: the object has its type but names no owner. */
async function storedBefore(ownerId: string, bytes: Uint8Array, mimeType: string): Promise<MediaRow> {
  const id = crypto.randomUUID();
  const object = await env.BLOBS.put(`media/${id}`, bytes, { httpMetadata: { contentType: mimeType } });
  const row: MediaRow = {
    id,
    userId: ownerId,
    kind: "image",
    mimeType,
    size: bytes.length,
    width: null,
    height: null,
    durationSeconds: null,
    sessionId: null,
    source: "upload",
    etag: object!.httpEtag,
    textOutcome: null,
    createdAt: new Date().toISOString(),
  };
  await createDb(env.DB).insert(media).values(row);
  return row;
}

/** A bucket whose deletes fail, as R2 may. */
const failingDeletes = () =>
  new Proxy(env.BLOBS, {
    get(target, name) {
      if (name === "delete") return async () => Promise.reject(new Error("R2 is unavailable"));
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

describe("GET /media/:id without a row read", () => {
  it("stores the owner on the item's R2 object, and serves a signed URL from the object alone: whole, a range, a 304", async () => {
    const user = await createUser();
    const bytes = png(3, 3, 400);
    const item = await upload(user, bytes, "image/png");
    const object = await env.BLOBS.head(`media/${item.id}`);
    expect(object!.customMetadata).toEqual({ owner: user.id });

    const whole = await readWithRecordedD1(item.url);
    expect(whole.response.status).toBe(200);
    expect(whole.bytes).toEqual(bytes);
    expect(whole.response.headers.get("Content-Type")).toBe("image/png");
    expect(whole.response.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(whole.response.headers.get("ETag")).toBe(object!.httpEtag);
    expect(whole.response.headers.get("Content-Disposition")).toBe(`inline; filename="${item.id}.png"`);
    expect(whole.response.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    expect(whole.statements).toEqual([]);

    const part = await readWithRecordedD1(item.url, { headers: { Range: "bytes=2-9" } });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get("Content-Range")).toBe(`bytes 2-9/${bytes.length}`);
    expect(part.bytes).toEqual(bytes.slice(2, 10));
    expect(part.statements).toEqual([]);

    const cached = await readWithRecordedD1(item.url, { headers: { "If-None-Match": object!.httpEtag } });
    expect(cached.response.status).toBe(304);
    expect(cached.statements).toEqual([]);
  });

  it("admits the owner's token by the object's owner: the caller's read, no row read; another user's token is 404", async () => {
    const [owner, stranger] = await Promise.all([createUser(), createUser()]);
    const bytes = png(2, 2, 100);
    const item = await upload(owner, bytes, "image/png");
    const path = `/api/v1/media/${item.id}`;

    const mine = await readWithRecordedD1(path, { token: owner.accessToken });
    expect(mine.response.status).toBe(200);
    expect(mine.bytes).toEqual(bytes);
    expect(mine.statements.length).toBeGreaterThan(0); // the caller
    expect(readsMediaRow(mine.statements)).toEqual([]);
    const ranged = await readWithRecordedD1(path, { token: owner.accessToken, headers: { Range: "bytes=0-3" } });
    expect(ranged.response.status).toBe(206);
    expect(readsMediaRow(ranged.statements)).toEqual([]);

    for (const headers of [{} as Record<string, string>, { Range: "bytes=0-3" }]) {
      const theirs = await raw("GET", path, { token: stranger.accessToken, headers });
      expectError(await asApi(theirs), 404, "not_found");
      expect(theirs.headers.get("Content-Security-Policy")).toBe("sandbox; default-src 'none'");
    }
  });

  it("answers 404 to a deleted item's signed URL (an upload, a session's generated item), whole or a range", async () => {
    const user = await createUser();
    const item = await upload(user, png(1, 1), "image/png");
    expect((await raw("GET", item.url)).status).toBe(200);
    expect((await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);

    const session = await call("POST", "/ai/sessions", { token: user.accessToken, ip: user.ip, body: {} });
    const generated = await storeMedia(createDb(env.DB), env, {
      ownerId: user.id,
      kind: "image",
      mimeType: "image/png",
      source: "generated",
      sessionId: session.body.data.id,
      body: png(1, 1).buffer as ArrayBuffer,
    });
    const generatedUrl = (await call("GET", `/files/${generated.id}`, { token: user.accessToken, ip: user.ip })).body
      .data.url;
    expect((await raw("GET", generatedUrl)).status).toBe(200);
    expect(
      (await call("DELETE", `/ai/sessions/${session.body.data.id}`, { token: user.accessToken, ip: user.ip })).status,
    ).toBe(200);

    for (const url of [item.url, generatedUrl])
      for (const headers of [{} as Record<string, string>, { Range: "bytes=0-3" }, { "If-None-Match": '"x"' }]) {
        const gone = await raw("GET", url, { headers });
        expectError(await asApi(gone), 404, "not_found");
        expect(gone.headers.get("X-Content-Type-Options")).toBe("nosniff");
      }
  });

  it("serves an item stored before the owner was on its object from its row, to its signed URL and its owner only", async () => {
    const [owner, stranger] = await Promise.all([createUser(), createUser()]);
    const bytes = png(4, 4, 300);
    const row = await storedBefore(owner.id, bytes, "image/png");
    const signedUrl = (await call("GET", `/files/${row.id}`, { token: owner.accessToken, ip: owner.ip })).body.data.url;

    const signed = await readWithRecordedD1(signedUrl);
    expect(signed.response.status).toBe(200);
    expect(signed.bytes).toEqual(bytes);
    expect(signed.response.headers.get("ETag")).toBe(row.etag);
    expect(signed.response.headers.get("Content-Type")).toBe("image/png");
    expect(readsMediaRow(signed.statements)).toHaveLength(1);
    const part = await readWithRecordedD1(signedUrl, { headers: { Range: "bytes=-5" } });
    expect(part.response.status).toBe(206);
    expect(part.bytes).toEqual(bytes.slice(-5));

    const path = `/api/v1/media/${row.id}`;
    const mine = await raw("GET", path, { token: owner.accessToken });
    expect(mine.status).toBe(200);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(bytes);
    expectError(await asApi(await raw("GET", path, { token: stranger.accessToken })), 404, "not_found");

    // Its row gone but not its bytes (a delete before this change whose R2 call failed): 404.
    await createDb(env.DB).delete(media).where(eq(media.id, row.id));
    for (const headers of [{} as Record<string, string>, { Range: "bytes=0-3" }])
      expectError(await asApi(await raw("GET", signedUrl, { headers })), 404, "not_found");
  });
});

describe("deleting media: bytes before the row", () => {
  it("keeps an upload's row when R2's delete fails, so its bytes are never served without it; a retry deletes both", async () => {
    const user = await createUser();
    const item = await upload(user, png(1, 1), "image/png");
    const db = createDb(env.DB);
    const auth = { user: { id: user.id } } as Parameters<typeof deleteUpload>[0]["auth"];
    await expect(deleteUpload({ db, env: { ...env, BLOBS: failingDeletes() }, auth }, item.id)).rejects.toThrow(
      "R2 is unavailable",
    );
    expect((await call("GET", `/files/${item.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    expect((await raw("GET", item.url)).status).toBe(200);

    expect((await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    expectError(await asApi(await raw("GET", item.url)), 404, "not_found");
  });

  it("keeps a session's generated rows when R2's delete fails", async () => {
    const user = await createUser();
    const db = createDb(env.DB);
    const sessionId = crypto.randomUUID();
    const item = await storeMedia(db, env, {
      ownerId: user.id,
      kind: "image",
      mimeType: "image/png",
      source: "generated",
      sessionId,
      body: png(1, 1).buffer as ArrayBuffer,
    });
    await expect(deleteSessionMedia(db, { BLOBS: failingDeletes() }, sessionId)).rejects.toThrow("R2 is unavailable");
    expect(await db.select({ id: media.id }).from(media).where(eq(media.id, item.id))).toEqual([{ id: item.id }]);
    expect(await deleteSessionMedia(db, env, sessionId)).toBe(1);
    expect(await db.select({ id: media.id }).from(media).where(eq(media.id, item.id))).toEqual([]);
    expect(await env.BLOBS.head(`media/${item.id}`)).toBeNull();
  });
});
