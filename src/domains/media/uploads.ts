import type { Ctx } from "../identity";
import { ApiError, badRequest } from "../../lib/errors";
import { MAX_UPLOAD_BYTES } from "../../limits";
import { tap, type ByteCheck } from "./blobs";
import { imageDimensions, looksLikePdf, SNIFF_BYTES, sniffImage } from "./sniff";
import { extractPdfText } from "./pdf-text";
import { presentMedia, storeMedia } from "./store";

/** The types `POST /files` accepts (CONTRACT "Media"), each with how its content is checked. */
const UPLOAD_TYPES = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/webp": "image",
  "image/gif": "image",
  "application/pdf": "pdf",
  "text/plain": "text",
  "text/markdown": "text",
  "text/csv": "text",
  "application/json": "json",
} as const;

type UploadType = keyof typeof UPLOAD_TYPES;

export const UPLOAD_MIME_TYPES = Object.keys(UPLOAD_TYPES) as UploadType[];

/** The media type of a `Content-Type` (parameters dropped, lower case), if it is one we accept; else 415. */
function uploadType(contentType: string | undefined | null): UploadType {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(type in UPLOAD_TYPES)) {
    throw new ApiError(
      "unsupported_media_type",
      `Uploads must be one of ${UPLOAD_MIME_TYPES.join(", ")}${type ? `, not ${type}` : ""}`,
    );
  }
  return type as UploadType;
}

const uploadTooLarge = () => new ApiError("payload_too_large", `Uploads are at most ${MAX_UPLOAD_BYTES} bytes`);

const mismatch = (type: string, why: string) => badRequest([{ field: "file", message: `is not ${type}: ${why}` }]);

/**
 * Checks text as it streams: valid UTF-8 throughout (a fatal decoder, fed chunk by chunk), and for
 * JSON a parse of the whole text at the end (bounded by the upload cap).
 */
function textCheck(type: UploadType, json: boolean): ByteCheck {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let text = "";
  const decode = (bytes?: Uint8Array) => {
    try {
      const piece = bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
      if (json) text += piece;
    } catch {
      throw mismatch(type, "not valid UTF-8");
    }
  };
  return {
    chunk: (bytes) => decode(bytes),
    end: () => {
      decode();
      if (!json) return;
      try {
        JSON.parse(text);
      } catch {
        throw mismatch(type, "not valid JSON");
      }
    },
  };
}

/** Checks the file's magic number against its declared type on the first chunk (which always holds it). */
function magicCheck(type: UploadType, matches: (head: Uint8Array) => boolean): ByteCheck {
  let head = new Uint8Array(0);
  let decided = false;
  return {
    chunk(bytes) {
      if (decided) return;
      // Chunks may be tiny (a slow client): gather the few bytes a signature needs.
      const joined = new Uint8Array(head.length + bytes.length);
      joined.set(head);
      joined.set(bytes, head.length);
      head = joined.subarray(0, Math.min(joined.length, SNIFF_BYTES));
      if (head.length < SNIFF_BYTES) return;
      decided = true;
      if (!matches(head)) throw mismatch(type, "its content does not match its type");
    },
    end() {
      if (!decided && !matches(head)) throw mismatch(type, "its content does not match its type");
    },
  };
}

function checkFor(type: UploadType): ByteCheck {
  switch (UPLOAD_TYPES[type]) {
    case "image":
      return magicCheck(type, (head) => sniffImage(head) === type);
    case "pdf":
      return magicCheck(type, looksLikePdf);
    case "text":
      return textCheck(type, false);
    case "json":
      return textCheck(type, true);
  }
}

/** Refuses an empty file (whatever its type would make of no bytes), then defers to `check`. */
function nonEmpty(check: ByteCheck): ByteCheck {
  let empty = true;
  return {
    chunk(bytes) {
      if (bytes.byteLength) empty = false;
      check.chunk(bytes);
    },
    end() {
      if (empty) throw badRequest([{ field: "file", message: "is empty" }]);
      check.end();
    },
  };
}

/**
 * Stores an upload of the user's: checked by its content as it streams into R2 (a refusal aborts
 * the write, so nothing is kept), with an image's dimensions read from its header. A PDF's text is
 * extracted before the answer, within the bounds (CONTRACT "Media"), and its outcome recorded.
 * Answers the item as the API shows it.
 */
export async function storeUpload(
  { db, env, auth }: Pick<Ctx, "db" | "env" | "auth">,
  file: { type: UploadType; body: ReadableStream<Uint8Array>; length?: number },
) {
  const userId = auth.user.id;
  if (file.length !== undefined && file.length > MAX_UPLOAD_BYTES) throw uploadTooLarge();
  const isImage = UPLOAD_TYPES[file.type] === "image";
  const row = await storeMedia(
    db,
    env,
    {
      ownerId: userId,
      kind: isImage ? "image" : "document",
      mimeType: file.type,
      source: "upload",
      body: file.body,
      length: file.length,
    },
    {
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: uploadTooLarge,
      check: nonEmpty(checkFor(file.type)),
      describe: isImage ? (head) => imageDimensions(file.type, head) : undefined,
    },
  );
  if (UPLOAD_TYPES[file.type] === "pdf") await extractPdfText(db, env, row);
  return presentMedia(env, row);
}

export interface UploadedFile {
  type: UploadType;
  body: ReadableStream<Uint8Array>;
  length?: number;
}

/**
 * The file of a `POST /files` request: its raw body with its `Content-Type` (streamed), or the one
 * `file` field of a `multipart/form-data` body. workerd's form parser holds the parts in memory,
 * so the multipart body is capped while it is read; a raw body is never held whole.
 */
export async function uploadedFile(request: Request): Promise<UploadedFile> {
  const declared = request.headers.get("Content-Length");
  const length = declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (length !== undefined && length > MAX_UPLOAD_BYTES) throw uploadTooLarge();
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    const type = uploadType(contentType);
    if (!request.body || length === 0) throw badRequest([{ field: "file", message: "is empty" }]);
    return { type, body: request.body, length };
  }
  const capped =
    request.body?.pipeThrough(tap({ maxBytes: MAX_UPLOAD_BYTES, tooLarge: uploadTooLarge }).stream) ?? null;
  const form = await new Response(capped, { headers: { "Content-Type": contentType } })
    .formData()
    .catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      throw badRequest([{ field: "(root)", message: "is not a valid multipart/form-data body" }]);
    });
  const files = form.getAll("file");
  const [file] = files;
  if (files.length !== 1 || !(file instanceof File))
    throw badRequest([{ field: "file", message: "must be exactly one file" }]);
  return { type: uploadType(file.type), body: file.stream(), length: file.size };
}
