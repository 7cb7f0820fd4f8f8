import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { components } from "../../clients/typescript";
import { ORIGIN, type TestUser } from "../helpers/api";

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

/** A PNG header of the given size (signature and IHDR: all a dimension reader looks at), plus `extra` bytes. */
export const png = (width: number, height: number, extra = 32) =>
  new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    ...ascii("IHDR"),
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
    ...new Array(extra).fill(7),
  ]);

export const gif = (width: number, height: number) =>
  new Uint8Array([...ascii("GIF89a"), ...le16(width), ...le16(height), 0, 0, 0, 0, 0, 0, 0, 0]);

/** A JPEG whose frame header comes after an APP0 segment and an APP1 (EXIF) one of `exifBytes`. */
export const jpeg = (width: number, height: number, exifBytes = 100) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...ascii("JFIF"),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xe1,
    (exifBytes + 2) >> 8,
    (exifBytes + 2) & 255,
    ...new Array(exifBytes).fill(0),
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);

export const webpLossy = (width: number, height: number) =>
  new Uint8Array([
    ...ascii("RIFF"),
    0,
    0,
    0,
    0,
    ...ascii("WEBP"),
    ...ascii("VP8 "),
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0x9d,
    0x01,
    0x2a,
    ...le16(width),
    ...le16(height),
  ]);

export const webpExtended = (width: number, height: number) =>
  new Uint8Array([
    ...ascii("RIFF"),
    0,
    0,
    0,
    0,
    ...ascii("WEBP"),
    ...ascii("VP8X"),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...le24(width - 1),
    ...le24(height - 1),
    0,
    0,
  ]);

/** VP8L packs 14-bit width-1 and height-1 after its signature byte 0x2f. */
export const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return new Uint8Array([
    ...ascii("RIFF"),
    0,
    0,
    0,
    0,
    ...ascii("WEBP"),
    ...ascii("VP8L"),
    0,
    0,
    0,
    0,
    0x2f,
    bits & 255,
    (bits >>> 8) & 255,
    (bits >>> 16) & 255,
    (bits >>> 24) & 255,
    0,
    0,
    0,
    0,
    0,
  ]);
};

/** A one-page PDF showing `text` (a real document: objects, a content stream and a correct xref table). */
export function pdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A raw request to the app (bytes in, the Response out, unread). */
export function raw(
  method: string,
  path: string,
  init: { token?: string; body?: BodyInit | null; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": init.ip ?? "203.0.113.9", ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const url = path.startsWith("/api/") ? `${ORIGIN}${path}` : `${ORIGIN}/api/v1${path}`;
  return exports.default.fetch(
    new Request(url, { method, headers, body: init.body ?? null, duplex: "half" } as RequestInit),
  );
}

/** The body as JSON, or null. */
export const jsonOf = async (response: Response) => {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
};

/** Uploads `bytes` as a raw body of `type`; expects 201 and returns the item. */
export async function upload(user: TestUser, bytes: Uint8Array, type: string) {
  const response = await raw("POST", "/files", {
    token: user.accessToken,
    ip: user.ip,
    body: bytes,
    headers: { "Content-Type": type },
  });
  const body = await jsonOf(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  // Raw bytes, which the typed client does not send (the document types a file body as a string);
  // the answer is read as the document's MediaItem, so a renamed field fails `tsc` here too.
  return body.data as components["schemas"]["MediaItem"];
}

/** A stream of `total` bytes of `byte` in `chunk`-sized pieces, of no declared length. */
export function byteStream(total: number, chunk = 64 * 1024, byte = 0x61): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(byte));
    },
  });
}
