import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { inWorkspace, ownedByUser } from "./identity";

/** A persona: standing instructions a session's runs are given. Owned by one user. */
export const aiPersonas = sqliteTable(
  "ai_personas",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    name: text("name").notNull(),
    instructions: text("instructions").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_personas_user_idx").on(t.userId, t.createdAt)],
);

/** A conversation. Owned by the user who created it; `workspace_id` records where it was created. */
export const aiSessions = sqliteTable(
  "ai_sessions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    workspaceId: inWorkspace(),
    title: text("title"),
    personaId: text("persona_id").references(() => aiPersonas.id, { onDelete: "set null" }),
    effortMode: text("effort_mode", { enum: ["basic", "thinking", "pro"] }).notNull(),
    createdAt: createdAt(),
    /**
     * Written by the session's object (its messages live there, docs/ai.md "Where a conversation
     * lives"): how many it holds, and when one last changed. Null until the object has counted.
     */
    messageCount: integer("message_count"),
    lastActivityAt: text("last_activity_at"),
    updatedAt: text("updated_at"),
    /**
     * The MCP client whose capability calls this session records (CONTRACT "Capabilities over
     * MCP"): its OAuth client id, or `first-party`; null for every other session. One per user
     * and client (the unique index, which the find-or-create's conditional insert relies on).
     */
    mcpClient: text("mcp_client"),
  },
  (t) => [
    index("ai_sessions_user_created_idx").on(t.userId, t.createdAt, t.id),
    uniqueIndex("ai_sessions_user_mcp_client_idx").on(t.userId, t.mcpClient).where(sql`${t.mcpClient} IS NOT NULL`),
  ],
);

/**
 * Conversation objects to erase (docs/ai.md "Deleting a conversation"): every removal of an
 * `ai_sessions` row, cascades included, lands here by trigger (migration 0018) with the replies
 * whose `MessageRun` objects go with it (`message_id`; '' for the session itself). The cron works
 * the rows off; the delete endpoint works off its own at once.
 */
export const aiSessionErasures = sqliteTable(
  "ai_session_erasures",
  {
    sessionId: text("session_id").notNull(),
    messageId: text("message_id").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.messageId] })],
);

export interface ToolCallRecord {
  id: string;
  toolKey: string;
  input: Record<string, unknown>;
  status: "pending" | "executing" | "completed" | "failed" | "degraded" | "rejected" | "skipped";
  output: Record<string, unknown> | null;
  error: string | null;
  executionMs: number | null;
}

export interface SuggestionRecord {
  suggestion: string;
  priority: number;
}

/**
 * Messages of a session. A turn is one user message and its assistant versions, all sharing
 * `seq` (the turn's position); exactly one version per turn is active, and history shows it.
 * An assistant message's `content` stays null while its run is going.
 */
export const aiMessages = sqliteTable(
  "ai_messages",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => aiSessions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content"),
    /** Assistant messages only. */
    status: text("status", { enum: ["running", "completed", "stopped", "failed"] }),
    /** Assistant versions point at the user message they answer. */
    parentId: text("parent_id"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    runId: text("run_id"),
    runStatus: text("run_status"),
    runError: text("run_error"),
    toolCalls: text("tool_calls", { mode: "json" }).$type<ToolCallRecord[]>(),
    suggestions: text("suggestions", { mode: "json" }).$type<SuggestionRecord[]>().notNull().default(sql`'[]'`),
    modelId: text("model_id"),
    modelName: text("model_name"),
    providerKey: text("provider_key"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    /** The request's options (model, capability and its parameters, attachments), kept for retries. */
    request: text("request", { mode: "json" }).$type<Record<string, unknown>>(),
    /** Send dedupe key on user messages, retry dedupe key on assistant versions. */
    idempotencyKey: text("idempotency_key"),
    stoppedAt: text("stopped_at"),
    /** Cost units beside tokens (`search.<provider>` queries, `page.read`), priced by the usage table. */
    costUnits: text("cost_units", { mode: "json" }).$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ai_messages_session_seq_idx").on(t.sessionId, t.seq, t.role),
    index("ai_messages_parent_idx").on(t.parentId),
    // At most one run per session at a time: the database, not a read-then-write, enforces it.
    uniqueIndex("ai_messages_one_running_idx").on(t.sessionId).where(sql`status = 'running'`),
    uniqueIndex("ai_messages_send_idempotency_idx")
      .on(t.sessionId, t.idempotencyKey)
      .where(sql`role = 'user' AND idempotency_key IS NOT NULL`),
    uniqueIndex("ai_messages_retry_idempotency_idx")
      .on(t.parentId, t.idempotencyKey)
      .where(sql`role = 'assistant' AND idempotency_key IS NOT NULL`),
  ],
);

/** A memory a user pins into runs with `memoryIds` (CONTRACT "Memories"). Owned by one user. */
export const aiMemories = sqliteTable(
  "ai_memories",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_memories_user_created_idx").on(t.userId, t.createdAt, t.id)],
);

/**
 * The run record (CONTRACT "The run record and the run-level stream"): one row per run, written in
 * the send's (or retry's) batch as `queued`, `running` once its object takes it, and completed once
 * at its end with its usage, in the same D1 batch as its wallet entry (`debited_at`), so a run is
 * debited exactly once. A run its object refused (`run_not_started`) has none.
 */
export const aiRuns = sqliteTable(
  "ai_runs",
  {
    runId: text("run_id").primaryKey(),
    /** The assistant message the run writes (no foreign key: issue 36 moves messages out of D1). */
    messageId: text("message_id").notNull(),
    sessionId: text("session_id")
      .notNull()
      .references(() => aiSessions.id, { onDelete: "cascade" }),
    /** The session's owner, whose wallet pays. */
    userId: text("user_id").notNull(),
    status: text("status", { enum: ["queued", "running", "completed", "stopped", "failed"] }).notNull(),
    createdAt: createdAt(),
    endedAt: text("ended_at"),
    modelId: text("model_id"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    costUnits: text("cost_units", { mode: "json" }).$type<Record<string, number>>(),
    /** When the run's end and its wallet entry (if it cost anything) committed; null while it is open. */
    debitedAt: text("debited_at"),
  },
  (t) => [
    uniqueIndex("ai_runs_message_idx").on(t.messageId),
    index("ai_runs_session_idx").on(t.sessionId, t.createdAt),
  ],
);
