/**
 * What a file's first bytes say it is, and an image's dimensions from its header, so an upload
 * is checked by its content rather than its declared type (and no image decoder is needed).
 */

export interface Dimensions {
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = ascii("%PDF-");

/** The image type the bytes start like, by magic number. */
export function sniffImage(head: Uint8Array): "image/png" | "image/jpeg" | "image/gif" | "image/webp" | undefined {
  if (startsWith(head, PNG)) return "image/png";
  if (startsWith(head, JPEG)) return "image/jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

export const looksLikePdf = (head: Uint8Array) => startsWith(head, PDF);

/** ISO BMFF (MP4, QuickTime, M4A): a first box of type `ftyp` (its size, then the type, then the brand). */
const hasFtyp = (head: Uint8Array) => head.length >= 12 && startsWith(head, ascii("ftyp"), 4);
/** Matroska/WebM's EBML header. */
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** The video type the bytes start like: an `ftyp` box (QuickTime by its `qt  ` brand) or an EBML header. */
function sniffVideo(head: Uint8Array): "video/mp4" | "video/quicktime" | "video/webm" | undefined {
  if (hasFtyp(head)) return startsWith(head, ascii("qt  "), 8) ? "video/quicktime" : "video/mp4";
  if (startsWith(head, EBML)) return "video/webm";
  return undefined;
}

/**
 * An MPEG audio frame header: the 11-bit sync, then a version and a layer that are not the
 * reserved values and a bitrate index that is not "bad". ADTS (AAC) shares the sync with layer 0.
 */
function mpegFrame(head: Uint8Array): "audio/mpeg" | "audio/aac" | undefined {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return undefined;
  const version = (head[1]! >> 3) & 3;
  const layer = (head[1]! >> 1) & 3;
  if (layer === 0) return (head[1]! & 0xf6) === 0xf0 ? "audio/aac" : undefined;
  if (version === 1 || head[2]! >> 4 === 15) return undefined;
  return "audio/mpeg";
}

/** The audio type the bytes start like: MPEG (ID3 tag or frame), WAV, Ogg, FLAC, AAC (ADTS) or MP4 audio. */
function sniffAudio(head: Uint8Array): string | undefined {
  if (startsWith(head, ascii("ID3"))) return "audio/mpeg";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WAVE"), 8)) return "audio/wav";
  if (startsWith(head, ascii("OggS"))) return "audio/ogg";
  if (startsWith(head, ascii("fLaC"))) return "audio/flac";
  if (hasFtyp(head)) return "audio/mp4";
  return mpegFrame(head);
}

/** Bytes enough for every signature above (WAV's `WAVE` and an `ftyp` brand end at 12). */
export const SNIFF_BYTES = 16;

/**
 * What a generated file of `kind` is, from its first bytes, when its kind allows it (CONTRACT
 * "Media": images PNG, JPEG, WebP, GIF; video MP4, WebM, QuickTime; audio MPEG, WAV, Ogg, FLAC,
 * AAC/MP4). Anything else (HTML, SVG, JSON, unknown bytes) is undefined: it is never stored.
 */
export function sniffGenerated(kind: "image" | "video" | "audio", head: Uint8Array): string | undefined {
  if (kind === "image") return sniffImage(head);
  if (kind === "video") return sniffVideo(head);
  return sniffAudio(head);
}

/** What each kind accepts, as a failure's reason names it. */
export const GENERATED_TYPES: Record<"image" | "video" | "audio", string> = {
  image: "a PNG, JPEG, WebP or GIF image",
  video: "an MP4, WebM or QuickTime video",
  audio: "MPEG, WAV, Ogg, FLAC or AAC/MP4 audio",
};

/** Width and height from the header of an image of `type`; undefined where the header is cut short. */
export function imageDimensions(type: string, b: Uint8Array): Dimensions | undefined {
  switch (type) {
    case "image/png":
      // The IHDR chunk is always first: width and height big-endian at 16 and 20.
      return b.length >= 24 && startsWith(b, ascii("IHDR"), 12)
        ? { width: be32(b, 16), height: be32(b, 20) }
        : undefined;
    case "image/gif":
      return b.length >= 10 ? { width: le16(b, 6), height: le16(b, 8) } : undefined;
    case "image/webp":
      return webpDimensions(b);
    case "image/jpeg":
      return jpegDimensions(b);
    default:
      return undefined;
  }
}

/** WebP's three formats (lossy `VP8 `, lossless `VP8L`, extended `VP8X`) keep the size differently. */
function webpDimensions(b: Uint8Array): Dimensions | undefined {
  if (b.length < 30) return undefined;
  if (startsWith(b, ascii("VP8 "), 12)) return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  if (startsWith(b, ascii("VP8L"), 12)) {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (startsWith(b, ascii("VP8X"), 12)) return { width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
  return undefined;
}

/** Start-of-frame markers (SOF0-SOF15 but DHT, JPG and DAC, which share the range). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the JPEG's segments to its frame header, which holds height then width. */
function jpegDimensions(b: Uint8Array): Dimensions | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { width: be16(b, i + 7), height: be16(b, i + 5) };
    // Markers without a length (restart, start/end of image, TEM); every other one has one.
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) i += 2;
    else i += 2 + be16(b, i + 2);
  }
  return undefined;
}
