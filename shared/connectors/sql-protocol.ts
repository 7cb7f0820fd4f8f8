import type { AdapterErrorKind, HealthResult, ToolResult } from "./adapter-port";

/**
 * What the API and the SQL Worker (workers/sql) say to each other over the service binding `SQL`:
 * one `POST` per tool call or health check, JSON both ways. The request carries what the adapter
 * needs as plain values: the opened connection string (secret: the Worker never echoes or logs it)
 * and `ALLOW_PRIVATE_HOSTS` parsed, which the API keeps owning. Answers:
 * - 200 `{ result }`: the `ToolResult` (PostgreSQL's own errors are results with `success` false)
 *   or the `HealthResult`;
 * - 422 `{ error: { code, message, httpStatus } }`: an `AdapterError`, rebuilt by the API as is;
 * - 400 for a request that is not this protocol, 500 for a fault inside the Worker (no detail).
 */
export type SqlRequest =
  | { call: "execute"; toolKey: string; input: Record<string, unknown>; connectionString?: string; allowList: string[] }
  | { call: "health"; connectionString?: string; allowList: string[] };

export interface SqlAdapterErrorAnswer {
  error: { code: AdapterErrorKind; message: string; httpStatus: number | null };
}

export type SqlAnswer = { result: ToolResult | HealthResult } | SqlAdapterErrorAnswer;

/** The codes an error answer may carry (adapter-port.ts `AdapterErrorKind`). */
export const ADAPTER_ERROR_KINDS: readonly AdapterErrorKind[] = [
  "unreachable",
  "bad_response",
  "invalid_input",
  "blocked_destination",
  "unknown_tool",
];

/** The binding's URL: any absolute URL reaches the bound Worker; this one says where it goes. */
export const SQL_WORKER_URL = "https://sql.internal/";
