import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { checkAttachmentRows, loadAttachments, MAX_RUN_ATTACHMENT_BYTES, storeMedia } from "../../src/domains/media";
import { ApiError } from "../../src/lib/errors";
import { newSession, send } from "../ai/helpers";
import { createUser } from "../helpers/api";
import { pdf, png, upload } from "./helpers";

const db = () => createDb(env.DB);
const outcomeOf = async (id: string) =>
  (await env.DB.prepare("SELECT text_outcome FROM media WHERE id = ?").bind(id).first<{ text_outcome: string }>())
    ?.text_outcome;
const text = (value: string) => new TextEncoder().encode(value);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).details?.fields as { field: string; message: string }[];
}

describe("loadAttachments", () => {
  it("gives images' bytes, text files' text and a PDF's extracted text, in the order sent", async () => {
    const user = await createUser();
    const image = png(2, 3);
    const [picture, notes, report, video] = await Promise.all([
      upload(user, image, "image/png"),
      upload(user, text("# Notes\nline two"), "text/markdown"),
      upload(user, pdf("Quarterly revenue grew"), "application/pdf"),
      storeMedia(db(), env, {
        ownerId: user.id,
        kind: "video",
        mimeType: "video/mp4",
        source: "generated",
        body: new ArrayBuffer(16),
      }),
    ]);
    const loaded = await loadAttachments(db(), env, user.id, [report.id, picture.id, notes.id, video.id], {
      textBudget: 10_000,
    });
    expect(loaded.images).toEqual([
      {
        id: picture.id,
        mimeType: "image/png",
        dataUrl: `data:image/png;base64,${btoa(String.fromCharCode(...image))}`,
      },
    ]);
    expect(loaded.documents.map((d) => d.id)).toEqual([report.id, notes.id]);
    expect(loaded.documents[0]!.text).toContain("Quarterly revenue grew");
    expect(loaded.documents[1]).toEqual({
      id: notes.id,
      mimeType: "text/markdown",
      text: "# Notes\nline two",
      truncated: false,
    });
    expect(loaded.others).toEqual([{ id: video.id, kind: "video", mimeType: "video/mp4" }]);
  });

  it("shares the character budget among documents in order", async () => {
    const user = await createUser();
    const first = await upload(user, text("a".repeat(30)), "text/plain");
    const second = await upload(user, text("b".repeat(30)), "text/plain");
    const third = await upload(user, text("c".repeat(30)), "text/plain");
    const { documents } = await loadAttachments(db(), env, user.id, [first.id, second.id, third.id], {
      textBudget: 40,
    });
    expect(documents.map((d) => [d.text, d.truncated])).toEqual([
      ["a".repeat(30), false],
      ["b".repeat(10), true],
      ["", true],
    ]);
  });

  it("refuses another user's item, an unknown or malformed id with a field error per index", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    const mine = await upload(user, text("mine"), "text/plain");
    const theirs = await upload(other, text("theirs"), "text/plain");
    const fields = await refusal(
      checkAttachmentRows(db(), env, user.id, [mine.id, theirs.id, crypto.randomUUID(), "nope"], {
        textBudget: 100,
        images: true,
      }),
    );
    expect(fields).toEqual([
      { field: "attachmentIds.1", message: "is not one of your media items" },
      { field: "attachmentIds.2", message: "is not one of your media items" },
      { field: "attachmentIds.3", message: "is not one of your media items" },
    ]);
    // A retry runs with what remains (CONTRACT).
    const lenient = await loadAttachments(db(), env, user.id, [mine.id, theirs.id], { textBudget: 100 });
    expect(lenient.documents.map((d) => d.id)).toEqual([mine.id]);
  });

  it("takes at most 10", async () => {
    const user = await createUser();
    const fields = await refusal(
      checkAttachmentRows(
        db(),
        env,
        user.id,
        Array.from({ length: 11 }, () => crypto.randomUUID()),
        { textBudget: 100, images: true },
      ),
    );
    expect(fields).toEqual([{ field: "attachmentIds", message: "at most 10 attachments" }]);
  });

  it("refuses a PDF whose text cannot be read, recorded `unreadable` at upload", async () => {
    const user = await createUser();
    const broken = await upload(user, text("%PDF-1.4 and then nothing a PDF reader can use"), "application/pdf");
    expect(await outcomeOf(broken.id)).toBe("unreadable");
    const fields = await refusal(
      checkAttachmentRows(db(), env, user.id, [broken.id], { textBudget: 100, images: true }),
    );
    expect(fields).toEqual([{ field: "attachmentIds.0", message: "is a PDF whose text cannot be read within limits" }]);
  });

  it("checks attachments by their rows at send: no bytes are read", async () => {
    const user = await createUser();
    const [picture, notes, report] = await Promise.all([
      upload(user, png(2, 2), "image/png"),
      upload(user, text("notes"), "text/plain"),
      upload(user, pdf("Readable"), "application/pdf"),
    ]);
    const reads: string[] = [];
    const watched = {
      ...env,
      BLOBS: new Proxy(env.BLOBS, {
        get: (bucket, name) =>
          name === "get"
            ? (key: string, ...rest: unknown[]) => {
                reads.push(key);
                return (bucket.get as (...args: unknown[]) => unknown)(key, ...rest);
              }
            : Reflect.get(bucket, name).bind(bucket),
      }),
    } as Env;
    const found = await checkAttachmentRows(db(), watched, user.id, [picture.id, notes.id, report.id], {
      textBudget: 100,
      images: true,
    });
    expect(found.map(({ row, index }) => [row.id, index])).toEqual([
      [picture.id, 0],
      [notes.id, 1],
      [report.id, 2],
    ]);
    expect(reads).toEqual([]);
  });

  it("images past the 20 MiB a run holds, counted as base64 data URLs, are a 400 at send and left out at run start", async () => {
    const user = await createUser();
    // Two 8 MiB images: 10.7 MiB each as base64, 21.3 MiB together.
    const big = () => {
      const bytes = new Uint8Array(8 * 1024 * 1024);
      bytes.set(png(8, 8));
      return storeMedia(db(), env, {
        ownerId: user.id,
        kind: "image",
        mimeType: "image/png",
        source: "upload",
        body: bytes.buffer,
      });
    };
    const first = await big();
    const second = await big();
    const small = await upload(user, png(3, 3), "image/png");
    const fields = await refusal(
      checkAttachmentRows(db(), env, user.id, [small.id, first.id, second.id], { textBudget: 100, images: true }),
    );
    expect(fields).toEqual([
      {
        field: "attachmentIds.2",
        message: "takes the attached images past the 20 MiB a message may carry (counted as base64)",
      },
    ]);
    // Through the API: a 400 at send, before any allowance is spent.
    const session = await newSession(user);
    const answer = await send(user, session.id, {
      content: "look",
      model: "demo",
      attachmentIds: [small.id, first.id, second.id],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("bad_request");
    expect(answer.body.error.details.fields).toEqual(fields);
    // A capability run reads no attachments' bytes: the same set passes.
    await expect(
      checkAttachmentRows(db(), env, user.id, [small.id, first.id, second.id], { textBudget: 100, images: false }),
    ).resolves.toHaveLength(3);
    // At run start (a retry, say) the images past the bound are left out; those within are whole.
    const loaded = await loadAttachments(db(), env, user.id, [small.id, first.id, second.id], { textBudget: 100 });
    expect(loaded.images.map((image) => image.id)).toEqual([small.id, first.id]);
    const held = loaded.images.reduce((sum, image) => sum + image.dataUrl.length, 0);
    expect(held).toBeLessThanOrEqual(MAX_RUN_ATTACHMENT_BYTES);
    expect(loaded.images[1]!.dataUrl.length).toBe(
      "data:image/png;base64,".length + 4 * Math.ceil((8 * 1024 * 1024) / 3),
    );
  });

  it("encodes an image read in many chunks to the same data URL as the whole file", async () => {
    const user = await createUser();
    const bytes = new Uint8Array(300_001);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    bytes.set(png(5, 5));
    const item = await upload(user, bytes, "image/png");
    const [image] = (await loadAttachments(db(), env, user.id, [item.id], { textBudget: 0 })).images;
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    expect(image!.dataUrl).toBe(`data:image/png;base64,${btoa(binary)}`);
  });

  it("reads a text file's first characters only, as far as the budget goes", async () => {
    const user = await createUser();
    // Multi-byte characters: the byte range read may end inside one, which is dropped.
    const notes = await upload(user, text("é".repeat(50_000)), "text/plain");
    const { documents } = await loadAttachments(db(), env, user.id, [notes.id], { textBudget: 1_001 });
    expect(documents).toEqual([{ id: notes.id, mimeType: "text/plain", text: "é".repeat(1_001), truncated: true }]);
  });
});
