/**
 * `items` in consecutive slices, in order, each weighing at most `size` (D1 binds at most 100 values
 * per statement, R2 deletes at most 1,000 keys a call). Each item weighs 1 unless `weight` says
 * otherwise (a JSON parameter's characters, against D1's value limit); an item heavier than `size`
 * on its own still gets a slice of its own, so nothing is dropped and the loop always advances.
 */
export function chunked<T>(items: readonly T[], size: number, weight: (item: T) => number = () => 1): T[][] {
  const slices: T[][] = [];
  let slice: T[] = [];
  let load = 0;
  for (const item of items) {
    const heft = weight(item);
    if (slice.length > 0 && load + heft > size) {
      slices.push(slice);
      slice = [];
      load = 0;
    }
    slice.push(item);
    load += heft;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}
