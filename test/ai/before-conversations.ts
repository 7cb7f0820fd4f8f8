import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { modelId } from "../../src/domains/ai/models";
import { upgradeToRunRecord } from "./before-run-record";

/**
 * Rows as the tree before issue 36 wrote them: every message in D1's `ai_messages` (every column,
 * JSON columns as text), run rows as migration 0017 left them. For the upgrade and erasure tests.
 */
export interface OldRow {
  id: string;
  session_id: string;
  seq: number;
  role: "user" | "assistant";
  content: string | null;
  status: string | null;
  parent_id: string | null;
  is_active: number;
  run_id: string | null;
  run_status: string | null;
  run_error: string | null;
  tool_calls: string | null;
  suggestions: string;
  model_id: string | null;
  model_name: string | null;
  provider_key: string | null;
  input_tokens: number;
  output_tokens: number;
  request: string | null;
  idempotency_key: string | null;
  stopped_at: string | null;
  cost_units: string | null;
  created_at: string;
}

/** A user message as the old send wrote it: `request` holds the options it was sent with. */
export function oldUser(sessionId: string, seq: number, fields: Partial<OldRow> = {}): OldRow {
  return {
    id: crypto.randomUUID(),
    session_id: sessionId,
    seq,
    role: "user",
    content: `question ${seq}`,
    status: null,
    parent_id: null,
    is_active: 1,
    run_id: null,
    run_status: null,
    run_error: null,
    tool_calls: null,
    suggestions: "[]",
    model_id: null,
    model_name: null,
    provider_key: null,
    input_tokens: 0,
    output_tokens: 0,
    request: JSON.stringify({
      modelKey: "fake-basic",
      effortMode: "basic",
      capability: null,
      attachmentIds: [],
      memoryIds: [],
      structuredBlocks: [],
    }),
    idempotency_key: null,
    stopped_at: null,
    cost_units: null,
    created_at: `2026-10-20T10:${String(seq).padStart(2, "0")}:00.000Z`,
    ...fields,
  };
}

/** An assistant reply (a version of the turn of `user`) that ran and completed, unless `fields` say otherwise. */
export function oldReply(user: OldRow, fields: Partial<OldRow> = {}): OldRow {
  return {
    ...oldUser(user.session_id, user.seq),
    role: "assistant",
    content: `answer ${user.seq}`,
    status: "completed",
    parent_id: user.id,
    run_id: crypto.randomUUID(),
    run_status: "completed",
    model_name: "Fake Basic",
    provider_key: "openai",
    request: null,
    created_at: user.created_at.replace(":00.000Z", ":01.000Z"),
    ...fields,
  };
}

/** Writes the rows into D1 as the old tree did (one statement each: D1 binds at most 100 values). */
export async function writeOld(rows: OldRow[]) {
  const statements = rows.map((row) => {
    const columns = Object.keys(row);
    return env.DB.prepare(
      `INSERT INTO ai_messages (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    ).bind(...Object.values(row));
  });
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
}

/** A session's history of `count` rows in D1 (turns of a question and its answer), as the old tree left it. */
export function oldHistory(sessionId: string, count: number): OldRow[] {
  const rows: OldRow[] = [];
  for (let seq = 1; rows.length < count; seq++) {
    const at = Date.UTC(2026, 9, 20, 10) + seq * 1000;
    const user = oldUser(sessionId, seq, { created_at: new Date(at).toISOString() });
    rows.push(user);
    if (rows.length < count) rows.push(oldReply(user, { created_at: new Date(at + 500).toISOString() }));
  }
  return rows;
}

/** The session's messages still in D1, by id. */
export async function d1MessageIds(sessionId: string) {
  const { results } = await env.DB.prepare("SELECT id FROM ai_messages WHERE session_id = ? ORDER BY id")
    .bind(sessionId)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

/** What a Durable Object stores: its KV keys and its own SQL tables (not the runtime's `_cf_` ones). */
export function storedIn(stub: DurableObjectStub) {
  return runInDurableObject(stub, async (_instance, state) => ({
    keys: [...(await state.storage.list()).keys()],
    tables: state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((row) => row.name),
  }));
}

/**
 * Paces the first import of a session's object from the test: its pass stops after the first page
 * (between two `blockConcurrencyWhile` pages, where other calls are delivered) until `resume()`.
 * `secondCaller`: another call has come to wait for the import (`open`). Reaches the object's
 * private pass (`importPass`, `importPage`), running each page as the object does.
 */
export function pacedImport(sessionId: string) {
  let resume!: () => void;
  let reachedSecondPage!: () => void;
  let secondArrived!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  const betweenPages = new Promise<void>((resolve) => (reachedSecondPage = resolve));
  const secondCaller = new Promise<void>((resolve) => (secondArrived = resolve));
  const ready = runInDurableObject(env.CONVERSATION.getByName(sessionId), async (instance) => {
    const core = (await (instance as unknown as { core(): Promise<unknown> }).core()) as any;
    const open = core.open.bind(core);
    let opens = 0;
    core.open = (ref: unknown) => {
      if (++opens === 2) secondArrived();
      return open(ref);
    };
    core.importPass = async (id: string) => {
      for (let page = 1; ; page++) {
        if (page === 2) {
          reachedSecondPage();
          await resumed;
        }
        const step = await core.ctx.blockConcurrencyWhile(() => core.importPage(id));
        if (step !== "more") return step === "done";
      }
    };
  });
  return { ready, betweenPages, secondCaller, resume };
}

/**
 * A turn whose reply was running (gpt-4o-mini) when the tree before stopped, as it left D1: its
 * rows, and its run row open as migration 0017 made it.
 */
export async function oldRunningTurn(sessionId: string) {
  const question = oldUser(sessionId, 1);
  const reply = oldReply(question, {
    status: "running",
    run_status: "running",
    content: null,
    model_id: await modelId("gpt-4o-mini"),
  });
  await writeOld([question, reply]);
  await upgradeToRunRecord(sessionId);
  return { question, reply };
}
