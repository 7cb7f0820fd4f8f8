import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorBlobDeletions } from "../../../db/schema";
import { open, seal } from "./sealing";

/**
 * Sealed payloads in R2 (CONTRACT "Sizes"): an execution's `{ input, output }` at
 * `executions/<id>` (up to 1 MiB in and 5 MiB out; a D1 row holds at most 2 MB, so D1 keeps the
 * key), and a queued call's input at `tool-calls/<callId>` until the call settles (a queue message
 * holds 128 KB, so it carries ids). Sealed like credentials, bound to the key they live under.
 */
export const executionKey = (executionId: string) => `executions/${executionId}`;
const toolCallInputKey = (callId: string) => `tool-calls/${callId}`;

export interface ExecutionPayload {
  input: Record<string, unknown>;
  /** Null when the call failed without an output (unreachable, answer too large). */
  output: Record<string, unknown> | null;
}

async function putSealed(env: Env, key: string, value: unknown) {
  const { sealed } = await seal(env.CREDENTIALS_KEY, ["blob", key], JSON.stringify(value));
  await env.BLOBS.put(key, sealed);
}

async function getSealed(env: Env, key: string): Promise<unknown> {
  const object = await env.BLOBS.get(key);
  return object ? JSON.parse(await open(env.CREDENTIALS_KEY, ["blob", key], await object.text())) : null;
}

export const putExecutionPayload = (env: Env, executionId: string, payload: ExecutionPayload) =>
  putSealed(env, executionKey(executionId), payload);
export const getExecutionPayload = (env: Env, key: string) => getSealed(env, key) as Promise<ExecutionPayload | null>;

export const putToolCallInput = (env: Env, callId: string, input: Record<string, unknown>) =>
  putSealed(env, toolCallInputKey(callId), input);
export const getToolCallInput = (env: Env, callId: string) =>
  getSealed(env, toolCallInputKey(callId)) as Promise<Record<string, unknown> | null>;
export const deleteToolCallInput = (env: Env, callId: string) => env.BLOBS.delete(toolCallInputKey(callId));

/** Keys per round: one R2 delete and one D1 statement (D1 binds at most 100 parameters). */
const PURGE_BATCH = 90;
const PURGE_ROUNDS = 20;

/**
 * Deletes the R2 objects whose rows are gone (the triggers of migration 0010 list them, whatever
 * deleted the row: an instance, a definition, an account). Run by the cron; a key is forgotten
 * only after R2 confirmed its delete.
 */
export async function purgeDeletedPayloads(db: Db, env: Env) {
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    const keys = (
      await db.select({ key: connectorBlobDeletions.key }).from(connectorBlobDeletions).limit(PURGE_BATCH)
    ).map((row) => row.key);
    if (keys.length === 0) return;
    await env.BLOBS.delete(keys);
    await db.delete(connectorBlobDeletions).where(inArray(connectorBlobDeletions.key, keys));
  }
}
