// Types of dev-server.mjs (plain ESM run by node), for the tests and benchmarks that import it.
import type { ChildProcess } from "node:child_process";

export interface DevServerOptions {
  port?: number;
  persistTo?: string;
  seed?: boolean;
  seedBeforeServing?: boolean;
  secrets?: Record<string, string> | null;
  envFile?: string;
  adminToken?: string;
  vars?: Record<string, string>;
  inheritOutput?: boolean;
  /** More arguments for `wrangler dev` (a profile's `--minify=false`). */
  devArgs?: string[];
  /** npm run dev's progress reporter (dev-progress.mjs); none: silent. */
  progress?: Progress;
}

export interface ProgressStep {
  total(n: number): void;
  advance(detail?: string): void;
  note(detail: string): void;
  finish(verb?: string): void;
}

export interface Progress {
  line(text: string): void;
  step(label: string, total?: number): ProgressStep;
}

export interface LaunchedServer {
  origin: string;
  stop: () => Promise<void>;
  process: ChildProcess;
}

export interface DevServer extends LaunchedServer {
  /** The operator token: the ephemeral one, or `options.adminToken` when secrets come from an env file. */
  adminToken: string;
  persistTo: string;
}

export const EPHEMERAL_SECRETS: Record<string, string>;
export function applyMigrations(persistTo: string, onLine?: (line: string) => void): Promise<void>;
export function portProblem(port: number): Promise<string | null>;
export function nextFreePort(port: number): Promise<number>;
export function freePort(): Promise<number>;
export function launch(options: {
  port: number;
  persistTo: string;
  vars?: Record<string, string>;
  envFile?: string;
  inheritOutput?: boolean;
}): Promise<LaunchedServer>;
export function startDevServer(options?: DevServerOptions): Promise<DevServer>;
export function workerdProcesses(server: LaunchedServer): number[];
export function workerOrigin(server: LaunchedServer): Promise<string>;
