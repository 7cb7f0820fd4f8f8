// Types of dev-output.mjs (plain ESM run by node), for its tests.
export interface WranglerOutputFilter {
  line(line: string): void;
  stopping(): void;
  end(): void;
}
export function createWranglerOutputFilter(write: (line: string) => void): WranglerOutputFilter;
