import { describe, expect, it } from "vitest";
import { chunked } from "../../src/lib/chunks";

/** src/lib/chunks.ts: the one way the tree cuts a list into slices (D1 binds, R2 deletes, JSON parameters). */
describe("chunked (src/lib/chunks.ts)", () => {
  it("cuts a list into consecutive slices of at most `size`, in order, the last one shorter", () => {
    expect(chunked([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunked([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunked(["a"], 90)).toEqual([["a"]]);
  });

  it("gives no slice for an empty list", () => {
    expect(chunked([], 30)).toEqual([]);
  });

  it("weighs items by `weight`, keeping each slice's total within `size`", () => {
    const words = ["aaaa", "bb", "cccccc", "d", "ee"];
    expect(chunked(words, 6, (word) => word.length)).toEqual([["aaaa", "bb"], ["cccccc"], ["d", "ee"]]);
  });

  it("gives an item heavier than `size` a slice of its own rather than dropping it", () => {
    expect(chunked(["x", "much-too-long", "y"], 4, (word) => word.length)).toEqual([["x"], ["much-too-long"], ["y"]]);
  });

  it("keeps every item exactly once for a long list (the 90-id slices of a media lookup)", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i);
    const slices = chunked(ids, 90);
    expect(slices.map((slice) => slice.length)).toEqual([...Array(11).fill(90), 10]);
    expect(slices.flat()).toEqual(ids);
  });
});
