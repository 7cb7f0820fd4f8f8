import { describe, expect, it } from "vitest";
import { matchesEtag, resolveRange } from "../../src/domains/media/ranges";
import { imageDimensions, sniffGenerated, sniffImage } from "../../src/domains/media/sniff";
import { gif, jpeg, png, webpExtended, webpLossless, webpLossy } from "./helpers";

describe("image headers", () => {
  it("names the type by magic number and reads width and height of each format", () => {
    for (const [bytes, type, width, height] of [
      [png(4000, 3000), "image/png", 4000, 3000],
      [gif(320, 240), "image/gif", 320, 240],
      [jpeg(1024, 768, 20_000), "image/jpeg", 1024, 768],
      [webpLossy(800, 600), "image/webp", 800, 600],
      [webpLossless(1000, 16000), "image/webp", 1000, 16000],
      [webpExtended(16_000_000, 9), "image/webp", 16_000_000, 9],
    ] as const) {
      expect(sniffImage(bytes), type).toBe(type);
      expect(imageDimensions(type, bytes), type).toEqual({ width, height });
    }
    expect(sniffImage(new TextEncoder().encode("hello"))).toBeUndefined();
    // Cut short before the dimensions: unknown rather than wrong.
    expect(imageDimensions("image/png", png(1, 1).subarray(0, 20))).toBeUndefined();
    expect(imageDimensions("image/jpeg", jpeg(5, 5, 100).subarray(0, 60))).toBeUndefined();
  });
});

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("generated media: the types each kind allows, by their bytes", () => {
  it("video: MP4 and QuickTime by their ftyp box, WebM by its EBML header", () => {
    expect(sniffGenerated("video", bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0]))).toBe("video/mp4");
    expect(sniffGenerated("video", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]))).toBe("video/quicktime");
    expect(sniffGenerated("video", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81], "webm"))).toBe("video/webm");
  });

  it("audio: MPEG (ID3 or a frame), WAV, Ogg, FLAC, AAC (ADTS) and MP4 audio", () => {
    expect(sniffGenerated("audio", bytes("ID3", [4, 0, 0, 0, 0, 0, 0]))).toBe("audio/mpeg");
    expect(sniffGenerated("audio", bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg");
    expect(sniffGenerated("audio", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBe("audio/wav");
    expect(sniffGenerated("audio", bytes("OggS", [0, 2]))).toBe("audio/ogg");
    expect(sniffGenerated("audio", bytes("fLaC", [0, 0, 0, 34]))).toBe("audio/flac");
    expect(sniffGenerated("audio", bytes([0xff, 0xf1, 0x50, 0x80]))).toBe("audio/aac");
    expect(sniffGenerated("audio", bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]))).toBe("audio/mp4");
  });

  it("refuses HTML, SVG, JSON, another kind's bytes and what is too short to tell", () => {
    const text = (t: string) => new TextEncoder().encode(t);
    for (const kind of ["image", "video", "audio"] as const) {
      for (const hostile of [
        text("<!doctype html><script>alert(1)</script>"),
        text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
        text('{"error":"nope"}'),
        new Uint8Array(0),
        bytes([0, 0, 0]),
      ]) {
        expect(sniffGenerated(kind, hostile), kind).toBeUndefined();
      }
    }
    // A WebP (RIFF) is not WAV; a PNG is not a video; a video is not an image.
    expect(sniffGenerated("audio", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBeUndefined();
    expect(sniffGenerated("video", png(1, 1))).toBeUndefined();
    expect(sniffGenerated("image", bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0]))).toBeUndefined();
    // An MPEG frame with reserved version or layer bits, or a bad bitrate, is not audio.
    expect(sniffGenerated("audio", bytes([0xff, 0xeb, 0x90, 0x64]))).toBeUndefined();
    expect(sniffGenerated("audio", bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeUndefined();
  });
});

describe("ranges", () => {
  it("resolves one range against the size, ignoring what it does not serve", () => {
    expect(resolveRange(undefined, 100)).toEqual({ kind: "whole" });
    expect(resolveRange("bytes=0-0", 100)).toEqual({ kind: "part", offset: 0, length: 1 });
    expect(resolveRange("bytes=90-", 100)).toEqual({ kind: "part", offset: 90, length: 10 });
    expect(resolveRange("bytes=-500", 100)).toEqual({ kind: "part", offset: 0, length: 100 });
    expect(resolveRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(resolveRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(resolveRange("bytes=0-1,5-6", 100)).toEqual({ kind: "whole" });
    expect(resolveRange("items=0-1", 100)).toEqual({ kind: "whole" });
    expect(resolveRange("bytes=9-3", 100)).toEqual({ kind: "whole" });
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag("*", '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
