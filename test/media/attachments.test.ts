import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { loadAttachments, storeMedia, toDataUrl } from "../../src/domains/media";
import { ApiError } from "../../src/lib/errors";
import { createUser } from "../helpers/api";
import { pdf, png, upload } from "./helpers";

const db = () => createDb(env.DB);
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
    expect(loaded.images).toEqual([{ id: picture.id, mimeType: "image/png", bytes: image }]);
    expect(toDataUrl(loaded.images[0]!)).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...image))}`);
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
      loadAttachments(db(), env, user.id, [mine.id, theirs.id, crypto.randomUUID(), "nope"], { textBudget: 100 }),
    );
    expect(fields).toEqual([
      { field: "attachmentIds.1", message: "is not one of your media items" },
      { field: "attachmentIds.2", message: "is not one of your media items" },
      { field: "attachmentIds.3", message: "is not one of your media items" },
    ]);
    // A retry runs with what remains (CONTRACT).
    const lenient = await loadAttachments(db(), env, user.id, [mine.id, theirs.id], { textBudget: 100, lenient: true });
    expect(lenient.documents.map((d) => d.id)).toEqual([mine.id]);
  });

  it("takes at most 10", async () => {
    const user = await createUser();
    const fields = await refusal(
      loadAttachments(
        db(),
        env,
        user.id,
        Array.from({ length: 11 }, () => crypto.randomUUID()),
        { textBudget: 100 },
      ),
    );
    expect(fields).toEqual([{ field: "attachmentIds", message: "at most 10 attachments" }]);
  });

  it("refuses a PDF whose text cannot be read", async () => {
    const user = await createUser();
    const broken = await upload(user, text("%PDF-1.4 and then nothing a PDF reader can use"), "application/pdf");
    const fields = await refusal(loadAttachments(db(), env, user.id, [broken.id], { textBudget: 100 }));
    expect(fields).toEqual([{ field: "attachmentIds.0", message: "is a PDF whose text cannot be read" }]);
  });
});
