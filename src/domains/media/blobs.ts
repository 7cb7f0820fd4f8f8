/**
 * Bytes into R2 without ever holding a whole file: a stream of known length goes through a
 * `FixedLengthStream` (R2's `put` needs the length up front); one of unknown length goes up as an
 * R2 multipart upload, one part at a time. A `Tap` watches the bytes on their way (size, the first
 * bytes for sniffing, a cap, a content check) and can refuse them, which aborts the write.
 */

/** R2's minimum part size (every part but the last); parts are all this size, as R2 requires equal parts. */
export const PART_BYTES = 5 * 1024 * 1024;

/** Enough of a file's start to read an image's dimensions (a JPEG's frame header follows its EXIF). */
const HEAD_BYTES = 256 * 1024;

/** Sees every chunk in order, and the end; throws to refuse the bytes. */
export interface ByteCheck {
  chunk(bytes: Uint8Array): void;
  end(): void;
}

export interface Tap {
  stream: TransformStream<Uint8Array, Uint8Array>;
  /** Bytes seen so far, and the file's first `HEAD_BYTES` (all of it when shorter). */
  seen(): { size: number; head: Uint8Array };
}

export function tap(options: { maxBytes?: number; tooLarge?: () => Error; check?: ByteCheck } = {}): Tap {
  let size = 0;
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (options.maxBytes !== undefined && size > options.maxBytes)
        throw options.tooLarge?.() ?? new RangeError("too large");
      if (headLength < HEAD_BYTES) {
        const take = Math.min(HEAD_BYTES - headLength, chunk.byteLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
      }
      options.check?.chunk(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      options.check?.end();
    },
  });
  return { stream, seen: () => ({ size, head: head.subarray(0, headLength) }) };
}

/**
 * Writes `body` to `key`. A failure of the source (a refusal by the tap included) is what the
 * caller sees, rather than R2's consequent "stream errored".
 */
export async function putStream(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  options: { length?: number; contentType: string; customMetadata?: Record<string, string> },
): Promise<R2Object> {
  const httpMetadata = { contentType: options.contentType };
  const customMetadata = options.customMetadata;
  if (options.length !== undefined) {
    const fixed = new FixedLengthStream(options.length);
    const [piped, put] = await Promise.allSettled([
      body.pipeTo(fixed.writable),
      bucket.put(key, fixed.readable, { httpMetadata, customMetadata }),
    ]);
    if (piped.status === "rejected") {
      // A refusal at the very end (a JSON parse at flush) comes after R2 has every byte it was
      // promised, and the object may then exist even though the put reports the failure: it goes.
      await bucket.delete(key);
      throw piped.reason;
    }
    if (put.status === "rejected") throw put.reason;
    return put.value!;
  }
  return putMultipart(bucket, key, body, { httpMetadata, customMetadata });
}

/**
 * Fills one part-sized buffer at a time and uploads it; a file smaller than one part is a plain
 * `put` (no multipart upload is begun). On any failure the upload is aborted, so no parts linger.
 */
async function putMultipart(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array>,
  metadata: { httpMetadata: R2HTTPMetadata; customMetadata?: Record<string, string> },
) {
  const reader = body.getReader();
  const buffer = new Uint8Array(PART_BYTES);
  let filled = 0;
  let upload: R2MultipartUpload | undefined;
  const parts: R2UploadedPart[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      while (offset < value.byteLength) {
        const take = Math.min(PART_BYTES - filled, value.byteLength - offset);
        buffer.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === PART_BYTES) {
          upload ??= await bucket.createMultipartUpload(key, metadata);
          // Once `uploadPart` resolves R2 has the part, so the one buffer is refilled for the next.
          parts.push(await upload.uploadPart(parts.length + 1, buffer));
          filled = 0;
        }
      }
    }
    if (!upload) return await bucket.put(key, buffer.subarray(0, filled), metadata);
    if (filled > 0) parts.push(await upload.uploadPart(parts.length + 1, buffer.subarray(0, filled)));
    return await upload.complete(parts);
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    await upload?.abort().catch(() => undefined);
    throw error;
  }
}
