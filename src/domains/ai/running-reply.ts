import { conflict, errorText, isUniqueViolation } from "../../lib/errors";

/**
 * The rule "one running reply per session" is the unique index `ai_messages_one_running_idx`
 * (db/schema/ai.ts: `session_id` where `status = 'running'`). D1 names a violated index by its
 * columns: `session_id` alone is this one; the idempotency indexes name `session_id` with more.
 */
export const isRunningReplyConflict = (error: unknown) =>
  isUniqueViolation(error) && /ai_messages\.session_id(?!, ai_messages\.idempotency_key)/.test(errorText(error));

/** The 409 a send or retry answers while the session already has a reply running. */
export const runningReplyConflict = () =>
  conflict("A reply in this session is still being generated; stop it or wait for it to finish");
