import { drizzle } from "drizzle-orm/durable-sqlite";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { aiMessages } from "../../../db/schema/ai";

/**
 * A conversation's own SQLite, in its session's Durable Object (docs/ai.md "Where a conversation
 * lives"). Its one table is D1's `ai_messages`, column for column (the import copies rows as they
 * are, and the queries are the same drizzle table's), and D1's uniqueness rules are unique
 * indexes here: one send per key, one retry per key and turn, one running reply per turn. One
 * running reply per session is the send's rule in code (turns.ts, inside the transaction that
 * writes the turn), because an MCP session runs several turns at once (CONTRACT "Capabilities over
 * MCP"). No foreign key: the session row is D1's.
 */
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS ai_messages (
    id text PRIMARY KEY NOT NULL,
    session_id text NOT NULL,
    seq integer NOT NULL,
    role text NOT NULL,
    content text,
    status text,
    parent_id text,
    is_active integer DEFAULT true NOT NULL,
    run_id text,
    run_status text,
    run_error text,
    tool_calls text,
    suggestions text DEFAULT '[]' NOT NULL,
    model_id text,
    model_name text,
    provider_key text,
    input_tokens integer DEFAULT 0 NOT NULL,
    output_tokens integer DEFAULT 0 NOT NULL,
    request text,
    idempotency_key text,
    stopped_at text,
    cost_units text,
    created_at text NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS ai_messages_session_seq_idx ON ai_messages (session_id, seq, role)",
  "CREATE INDEX IF NOT EXISTS ai_messages_parent_idx ON ai_messages (parent_id)",
  // Objects made before MCP sessions hold one running reply per session as an index: it becomes
  // one per turn (what they hold satisfies it). The old name goes; the new one is built.
  "DROP INDEX IF EXISTS ai_messages_one_running_idx",
  "CREATE UNIQUE INDEX IF NOT EXISTS ai_messages_one_running_per_turn_idx ON ai_messages (parent_id) WHERE status = 'running'",
  "CREATE UNIQUE INDEX IF NOT EXISTS ai_messages_send_idempotency_idx ON ai_messages (session_id, idempotency_key) WHERE role = 'user' AND idempotency_key IS NOT NULL",
  "CREATE UNIQUE INDEX IF NOT EXISTS ai_messages_retry_idempotency_idx ON ai_messages (parent_id, idempotency_key) WHERE role = 'assistant' AND idempotency_key IS NOT NULL",
];

/** The conversation's tables, created if missing (each statement a no-op once they exist). */
export function openConversationDb(storage: DurableObjectStorage): ConversationDb {
  for (const statement of STATEMENTS) storage.sql.exec(statement);
  return drizzle(storage);
}

/** The conversation's database, or a transaction on it (the rules in turns.ts take either). */
export type ConversationDb = BaseSQLiteDatabase<"sync", SqlStorageCursor<Record<string, SqlStorageValue>>>;

export type MessageRow = typeof aiMessages.$inferSelect;

export { aiMessages };
