import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { aiMessages, type ToolCallRecord } from "../db/schema/ai";
import { ProviderError, type TokenUsage } from "../domains/ai/providers/types";
import { nowIso } from "../lib/clock";
import { EventLog, heartbeatMsOf } from "./run/event-log";
import { executeRun, toolEventPayload } from "./run/executor";
import { TERMINAL, type RunOutcome, type RunSpec, type RunState, type StopResult } from "./run/types";
import { describeError, logError } from "../lib/log";

/**
 * How often the object checks on its own run. If the instance is evicted or crashes mid-run, this
 * alarm is what finds the orphaned run and resumes or fails it, so nothing stays `running`.
 */
const WATCHDOG_MS = 30_000;
/** A run interrupted before it produced any output is started again at most this many times. */
const MAX_ATTEMPTS = 2;

type Started = { runId: string; status: RunState["status"] };
type Ending = "completed" | "stopped" | "failed";
/** A stop's answer: the stop object, or the way the run ended instead (a 409 for the caller). */
type StopAnswer = { ok: true; result: StopResult } | { ok: false; status: Ending };

/**
 * One object per assistant message: runs the model call, keeps the event log and fans events out
 * to SSE listeners. The run executes inside `alarm()`, which keeps the object alive for the run
 * and is retried by the platform if the object dies, so a run is never left `running`.
 */
export class MessageRun extends DurableObject<Env> {
  private readonly log: EventLog;
  private execution: { promise: Promise<void>; abort: AbortController } | undefined;
  /**
   * Set synchronously once the run's end is decided (completion, stop, failure), while that end is
   * written, so nothing else is emitted and no other end starts.
   */
  private ending: Ending | undefined;
  /** The stop being written: a concurrent stop answers with the same stop object. */
  private stopping: Promise<StopAnswer> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.log = new EventLog(ctx.storage.sql, heartbeatMsOf(env.SSE_HEARTBEAT_MS));
  }

  private get finishing() {
    return this.ending !== undefined;
  }

  private get spec() {
    return this.ctx.storage.kv.get<RunSpec>("spec");
  }

  private get state() {
    return this.ctx.storage.kv.get<RunState>("state");
  }

  private set state(state: RunState | undefined) {
    this.ctx.storage.kv.put("state", state);
  }

  /** Accepts the run and returns before any model output; the alarm starts it right away. */
  async start(spec: RunSpec): Promise<Started> {
    const existing = this.state;
    if (existing) return { runId: this.spec!.runId, status: existing.status };
    this.ctx.storage.kv.put("spec", spec);
    this.state = { status: "queued", attempts: 0 };
    await this.ctx.storage.setAlarm(Date.now());
    return { runId: spec.runId, status: "queued" };
  }

  status(): { status: RunState["status"] | null; lastEventId: number; listeners: number } {
    const state = this.state;
    return { status: state?.status ?? null, lastEventId: state ? this.log.lastEventId : 0, listeners: this.log.listenerCount };
  }

  /** `GET /stream?after=<eventId>`: the SSE body, or 204 when nothing is left to send. */
  override async fetch(request: Request): Promise<Response> {
    const after = Number(new URL(request.url).searchParams.get("after") ?? "0");
    const state = this.state;
    if (!state) return new Response(null, { status: 404 });
    const ended = TERMINAL.includes(state.status);
    if (ended && after >= this.log.lastEventId) return new Response(null, { status: 204 });
    // The Worker's sseResponse passes the body on with its own headers.
    return new Response(this.log.subscribe(after, ended));
  }

  override async alarm(): Promise<void> {
    const state = this.state;
    const spec = this.spec;
    // Ended, or an end is being written right now (which removes the alarm when done).
    if (!state || !spec || TERMINAL.includes(state.status) || this.finishing) return;
    if (this.execution) {
      // Alive and working: look again later.
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      return;
    }
    if (state.status === "running") {
      // Running in storage but not in memory: the instance that ran it is gone.
      const producedOutput = this.log.lastEventId > 0;
      if (producedOutput || state.attempts >= MAX_ATTEMPTS) {
        await this.fail(spec, { code: "run_interrupted", message: "The run was interrupted and could not be resumed" });
        return;
      }
    }
    await this.run(spec, state.attempts + 1);
  }

  private async run(spec: RunSpec, attempt: number) {
    this.state = { status: "running", attempts: attempt };
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    const abort = new AbortController();
    const promise = (async () => {
      try {
        const outcome = await executeRun(this.env, spec, {
          signal: abort.signal,
          emit: (type, payload, stepId) => {
            if (!this.finishing) this.log.append(spec.runId, type, payload, stepId);
          },
          // After the end is decided these are stale (and would outlive `erase()`): ignored.
          saveToolCalls: (calls, startedAt) => {
            if (this.finishing) return;
            this.ctx.storage.kv.put("toolCalls", calls);
            this.ctx.storage.kv.put("toolStartedAt", startedAt);
          },
          saveUsage: (usage) => {
            if (!this.finishing) this.ctx.storage.kv.put("usage", usage);
          },
        });
        if (!this.finishing) await this.complete(spec, outcome);
      } catch (error) {
        if (this.finishing) return;
        const known = error instanceof ProviderError;
        if (!known) logError(this.env, { messageId: spec.messageId, runId: spec.runId, ...describeError(error) });
        await this.fail(spec, {
          code: known ? error.code : "run_failed",
          message: known ? error.message : "The run failed unexpectedly",
        });
      }
    })();
    this.execution = { promise, abort };
    try {
      await promise;
    } finally {
      this.execution = undefined;
    }
  }

  /**
   * Stops the run: the partial content is kept and every listener gets `message.stopped`.
   * Stopping again, even while the first stop is still being written, answers the same stop
   * object; a run that completed or failed (or is writing that end) answers how it ended.
   */
  async stop(): Promise<StopAnswer> {
    const state = this.state;
    const spec = this.spec;
    if (!state || !spec) return { ok: false, status: "failed" };
    if (state.status === "stopped") return { ok: true, result: this.ctx.storage.kv.get<StopResult>("stopResult")! };
    if (this.stopping) return this.stopping;
    if (this.ending) return { ok: false, status: this.ending };
    if (TERMINAL.includes(state.status)) return { ok: false, status: state.status as Ending };
    this.ending = "stopped";
    this.stopping = this.writeStop(spec);
    return this.stopping;
  }

  private async writeStop(spec: RunSpec): Promise<StopAnswer> {
    this.execution?.abort.abort(new DOMException("The run was stopped", "AbortError"));
    const stoppedAt = nowIso();
    const content = this.log.content();
    const result: StopResult = { id: spec.messageId, status: "stopped", content, stoppedAt };
    const tools = this.endedToolCalls("The run was stopped before the tool finished");
    await this.writeMessage(spec, { content, status: "stopped", stoppedAt, toolCalls: tools.all, ...this.usageSoFar() });
    this.ctx.storage.kv.put("stopResult", result);
    this.state = { ...this.state!, status: "stopped", stoppedAt };
    this.appendEndedToolCalls(spec, tools.ended);
    this.log.append(spec.runId, "message.stopped", { messageId: spec.messageId, content, stoppedAt });
    await this.end();
    return { ok: true, result };
  }

  /**
   * Forgets the run because its conversation was deleted: a run still going is stopped first (its
   * listeners get `message.stopped` and the end of the stream), then the event log, state and alarm go.
   */
  async erase(): Promise<void> {
    const state = this.state;
    if (state && !TERMINAL.includes(state.status)) await this.stop();
    this.log.close();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  private async complete(spec: RunSpec, outcome: RunOutcome) {
    this.ending = "completed";
    await this.writeMessage(spec, {
      content: outcome.content,
      status: "completed",
      toolCalls: outcome.toolCalls.length ? outcome.toolCalls : null,
      suggestions: outcome.suggestions,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
    });
    this.state = { ...this.state!, status: "completed" };
    // Both in one synchronous step: the same tick, and one flush to every listener.
    this.log.append(spec.runId, "message.completed", { messageId: spec.messageId, content: outcome.content });
    this.log.append(spec.runId, "message.suggestions", { messageId: spec.messageId, suggestions: outcome.suggestions });
    await this.end();
  }

  private async fail(spec: RunSpec, error: { code: string; message: string }) {
    this.ending = "failed";
    this.execution?.abort.abort();
    const tools = this.endedToolCalls(`The run failed before the tool finished (${error.code})`);
    await this.writeMessage(spec, {
      content: this.log.content(),
      status: "failed",
      runError: JSON.stringify(error),
      toolCalls: tools.all,
      ...this.usageSoFar(),
    });
    this.state = { ...this.state!, status: "failed", error };
    this.appendEndedToolCalls(spec, tools.ended);
    this.log.append(spec.runId, "run.error", { messageId: spec.messageId, error });
    await this.end();
  }

  /**
   * Tokens of a run that did not complete: the provider's reports for its finished model calls,
   * plus, for a provider that estimates (the demo), its estimate of what it streamed.
   */
  private usageSoFar(): TokenUsage {
    return this.ctx.storage.kv.get<TokenUsage>("usage") ?? { inputTokens: 0, outputTokens: 0 };
  }

  /**
   * The tool calls as a run ends without completing. A call still executing ends with it: it is
   * recorded `failed` (its result never reached the model) with `reason` as its error and the
   * time it ran, so no call stays `executing`.
   */
  private endedToolCalls(reason: string): { all: ToolCallRecord[] | null; ended: ToolCallRecord[] } {
    const calls = this.ctx.storage.kv.get<ToolCallRecord[]>("toolCalls");
    if (!calls) return { all: null, ended: [] };
    const startedAt = this.ctx.storage.kv.get<Record<string, number>>("toolStartedAt") ?? {};
    const now = Date.now();
    const ended: ToolCallRecord[] = [];
    const all = calls.map((call) => {
      if (call.status !== "executing") return call;
      const start = startedAt[call.id];
      const record: ToolCallRecord = { ...call, status: "failed", error: reason, executionMs: start === undefined ? null : now - start };
      ended.push(record);
      return record;
    });
    return { all, ended };
  }

  /** Listeners see those calls end too (`tool.completed`), just before the terminal event. */
  private appendEndedToolCalls(spec: RunSpec, ended: ToolCallRecord[]) {
    for (const call of ended) this.log.append(spec.runId, "tool.completed", toolEventPayload(call), call.id);
  }

  private async end() {
    this.log.close();
    await this.ctx.storage.deleteAlarm();
  }

  /** The final message row in D1; only a row still `running` is written (a deleted session stays deleted). */
  private async writeMessage(
    spec: RunSpec,
    values: Partial<typeof aiMessages.$inferInsert> & { status: "completed" | "stopped" | "failed" },
  ) {
    const db = createDb(this.env.DB);
    await db
      .update(aiMessages)
      .set({ ...values, runStatus: values.status })
      .where(and(eq(aiMessages.id, spec.messageId), eq(aiMessages.status, "running")));
  }
}
