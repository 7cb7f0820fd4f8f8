import { existsSync } from "node:fs";

/**
 * Puts the dev servers' throw-away state folders (D1, Durable Objects, KV, R2: made in the temporary
 * directory by this tree's and a base tree's own scripts) on tmpfs: BENCH_STATE_DIR, default
 * /dev/shm when the machine has it; set it to a disk folder to measure the disk. Local workerd
 * commits every Durable Object and D1 write to this VM's disk with a flush before the answer or
 * the next outgoing request, which production storage does not put there, so on disk a figure
 * measures the VM's disk (docs/performance.md). Returns the line the bench prints about it.
 */
export function stateOnTmpfs() {
  const dir = process.env.BENCH_STATE_DIR ?? (existsSync("/dev/shm") ? "/dev/shm" : undefined);
  if (dir) process.env.TMPDIR = dir;
  return `local state (D1, Durable Objects) in ${dir ?? "the default temporary directory"}`;
}
