// Types of provider-fakes.mjs (plain ESM run by node), for the tests and benchmarks that import it.
export interface ProviderFakes {
  origin: string;
  /** [start, end] (performance.now()) of every search answered. */
  searches: [number, number][];
  load: { searching: number; mostAtOnce: number };
  vars: Record<string, string>;
  stop(): Promise<void>;
}
export function startProviderFakes(options?: { searchMs?: number; videoPolls?: number }): Promise<ProviderFakes>;
