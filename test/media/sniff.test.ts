import { describe, expect, it } from "vitest";
import { matchesEtag, resolveRange } from "../../src/domains/media/ranges";
import { imageDimensions, sniffImage } from "../../src/domains/media/sniff";
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
