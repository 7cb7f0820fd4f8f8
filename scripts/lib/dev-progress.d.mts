// Types of dev-progress.mjs (plain ESM run by node), for its tests.
import type { Progress } from "./dev-server.mjs";

export const silentProgress: Progress;
export function createProgress(stream?: { isTTY?: boolean; write(text: string): unknown }): Progress;
export function migrationEvent(line: string): { total: number } | { applied: true } | null;
