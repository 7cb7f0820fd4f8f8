/**
 * One byte range of a `Range` header (RFC 9110 §14), resolved against the file's size. Only a
 * single range is served (a `<video>` asks for one at a time); a multi-range or malformed header
 * is ignored, which RFC 9110 allows, and the whole file is sent.
 */
export type RangeAnswer =
  | { kind: "whole" }
  | { kind: "part"; offset: number; length: number }
  | { kind: "unsatisfiable" };

export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "") {
    // A suffix: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffix, size);
    return { kind: "part", offset: size - length, length };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "part", offset: start, length: end - start + 1 };
}

/** `If-None-Match` against the item's ETag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
