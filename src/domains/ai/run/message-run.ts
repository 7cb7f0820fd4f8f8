import type { ToolCallRecord } from "../../../db/schema/ai";
import { isGenerated, isStepRun, signMediaUrls } from "../capabilities";
import { runToolSource } from "../connector-tool-source";
import type { DeliveredToolResult, ToolSource } from "../tool-source";
import { heartbeatMsOf } from "../../../lib/sse";
import { EventLog } from "./event-log";
import { executeRun } from "./executor";
import {
  alarmAction,
  completedRow,
  endEvents,
  failedRow,
  failureOf,
  resumesEarlierWork,
  stopDecision,
  stoppedRow,
  type EndOf,
  type Ending,
  type StopAnswer,
  type Unfinished,
} from "./lifecycle";
import { CallMailbox } from "./mailbox";
import { RunStore } from "./store";
import { decidedCall, endedCallsReason, endToolCalls, retryActivity, toolEventPayload } from "./tool-calls";
import { TERMINAL, type RunContext, type RunOutcome, type RunSpec, type RunState, type StopResult } from "./types";
import { recordRunEnd, recordRunStart, recordToolCalls, type RunEnd } from "./write-back";
import { nowIso } from "../../../lib/clock";
import { describeError, logError } from "../../../lib/log";

/**
 * How often the object checks on its own run. If the instance is evicted or crashes mid-run, this
 * alarm is what finds the orphaned run and resumes or fails it, so nothing stays `running`.
 */
const WATCHDOG_MS = 30_000;

type Started = { runId: string; status: RunState["status"] };

/**
 * How often a running reply's tool calls are written onto it in its conversation at most: a page
 * reloaded meanwhile rebuilds their cards from there (at most this much behind; SSE carries them
 * live), and a deep research's ~60 step reports cost a few writes.
 */
const TOOL_CALLS_WRITE_MS = 250;

/** Whether a call among `calls` waits for its user's decision (its card must be in history at once). */
const awaitsDecision = (calls: ToolCallRecord[] | undefined) =>
  calls?.some((call) => call.status === "pending") ?? false;

/**
 * What the MessageRun object does (its host, durable-objects/message-run.ts, wires RPC and the alarm
 * to this and loads it on the object's first call): runs the
 * model call, keeps the event log and fans events out to SSE listeners. The run executes inside
 * `alarm()`, which keeps the object alive for the run and is retried by the platform if the object
 * dies, so a run is never left `running`.
 */
export class MessageRunCore {
  private readonly log: EventLog;
  private readonly store: RunStore;
  /** Where this object's runs get their tools, fixed when the object is built. */
  private readonly tools: ToolSource;
  private execution: { promise: Promise<void>; abort: AbortController } | undefined;
  /**
   * Set synchronously once the run's end is decided (completion, stop, failure), while that end is
   * written, so nothing else is emitted and no other end starts.
   */
  private ending: Ending | undefined;
  /** The stop being written: a concurrent stop answers with the same stop object. */
  private stopping: Promise<StopAnswer> | undefined;
  /** Results and decisions for the calls the run waits on. */
  private readonly mailbox = new CallMailbox();
  /** The D1 writes of tool calls in flight (the run's end is written after them). */
  private toolCallWrites: Promise<void> = Promise.resolve();
  /** The newest tool calls not yet written; while a write waits or is in flight, newer snapshots replace it. */
  private unwrittenToolCalls: ToolCallRecord[] | undefined;
  /** Ends the wait before the next tool-call write (a call awaiting a decision, or the run's end). */
  private endToolCallPause: (() => void) | undefined;
  /** The run's waits for a later alarm (a capability polling a provider's job), each with its time. */
  private readonly wakers = new Set<{ at: number; wake: () => void }>();
  /** Told when the run starts waiting for an alarm (the alarm that resumed it can then end). */
  private onWait: (() => void) | undefined;

  /** `tools` adds to the deployment's tool source (a test host offers its own tools so). */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    tools: (deployment: ToolSource) => ToolSource,
  ) {
    this.store = new RunStore(ctx.storage.kv);
    const steps = this.store.steps;
    this.log = new EventLog(ctx.storage.sql, {
      heartbeatMs: heartbeatMsOf(env.SSE_HEARTBEAT_MS),
      // Media URLs in events are signed as they leave, only for items this run made (media-urls.ts).
      present: (frame) => signMediaUrls(env, frame, (id) => isGenerated(steps, id)),
    });
    this.tools = tools(runToolSource(env));
  }

  private get finishing() {
    return this.ending !== undefined;
  }

  /**
   * Accepts the run and returns before any model output. The run starts at once, not at the next
   * alarm tick (the first delta waits on nothing it need not); `run` arms the watchdog alarm
   * before this returns, so an instance that dies mid-run still has its run resumed or failed.
   */
  async start(spec: RunSpec, context?: RunContext): Promise<Started> {
    const existing = this.store.state;
    if (existing) return { runId: this.store.spec!.runId, status: existing.status };
    this.store.spec = spec;
    this.store.state = { status: "queued", attempts: 0 };
    this.ctx.waitUntil(this.run(spec, 1, context));
    // The run record shows it `running` (D1); beside the run, never before its provider request.
    this.ctx.waitUntil(
      recordRunStart(this.env.DB, spec.runId).catch((error) =>
        logError(this.env, { messageId: spec.messageId, runId: spec.runId, ...describeError(error) }),
      ),
    );
    return { runId: spec.runId, status: "queued" };
  }

  /**
   * The send could not hand this object its run (`start` failed; the reply is written failed): the
   * object keeps the one terminal event, so every stream of the reply (by message, by run, the
   * operator's tail, which finds replies only through run rows and their objects) answers as for
   * any run. A run this object holds already is left alone.
   */
  refuse(spec: RunSpec, error: { code: string; message: string }): void {
    if (this.store.state) return;
    this.store.spec = spec;
    this.store.state = { status: "failed", attempts: 0, error };
    this.log.append(spec.runId, "run.error", { messageId: spec.messageId, error });
    this.log.close();
  }

  status(): { status: RunState["status"] | null; lastEventId: number; listeners: number } {
    const state = this.store.state;
    return {
      status: state?.status ?? null,
      lastEventId: state ? this.log.lastEventId : 0,
      listeners: this.log.listenerCount,
    };
  }

  /** `GET /stream?after=<eventId>`: the SSE body, or 204 when nothing is left to send. */
  async fetch(request: Request): Promise<Response> {
    const after = Number(new URL(request.url).searchParams.get("after") ?? "0");
    const state = this.store.state;
    if (!state) return new Response(null, { status: 404 });
    const ended = TERMINAL.includes(state.status);
    if (ended && after >= this.log.lastEventId) return new Response(null, { status: 204 });
    // The Worker's sseResponse passes the body on with its own headers.
    return new Response(this.log.subscribe(after, ended));
  }

  async alarm(): Promise<void> {
    const spec = this.store.spec;
    // An ended run, or one whose end is being written right now (which removes the alarm when done), is idle.
    const action = alarmAction(
      spec && this.store.state,
      { ending: this.ending, executing: this.execution !== undefined },
      () => ({ stepRun: isStepRun(spec!), content: this.log.content(), lastEventId: this.log.lastEventId }),
    );
    if (action.kind === "idle" || !spec) return;
    if (action.kind === "wake") {
      // Alive and working: wake what waited for this time, and look again later.
      const now = Date.now();
      for (const waker of this.wakers) if (waker.at <= now) waker.wake();
      await this.armAlarm();
      return;
    }
    if (action.kind === "fail") {
      await this.fail(spec, action.error);
      return;
    }
    // Alarms never overlap: once the resumed run waits for a later alarm (polling a provider's
    // job), this one ends so the next can wake it; the run goes on meanwhile.
    const waiting = new Promise<void>((resolve) => (this.onWait = resolve));
    const running = this.run(spec, action.attempt);
    this.ctx.waitUntil(running);
    await Promise.race([running, waiting]);
    this.onWait = undefined;
  }

  /** The alarm at the earliest wait of the run, or the watchdog's time if that comes first. */
  private armAlarm() {
    const next = Math.min(Date.now() + WATCHDOG_MS, ...[...this.wakers].map((waker) => waker.at));
    return this.ctx.storage.setAlarm(next);
  }

  /**
   * A capability's wait for a provider's job (`CapabilityIo.wait`): resolved by the alarm `ms` from
   * now, so nothing is held open; if the object is evicted meanwhile, that alarm resumes the run,
   * which continues from what its steps stored (the job's id) instead of starting over.
   */
  private wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const waker = {
        at: Date.now() + ms,
        wake: () => {
          this.wakers.delete(waker);
          signal.removeEventListener("abort", abort);
          resolve();
        },
      };
      const abort = () => {
        this.wakers.delete(waker);
        reject(signal.reason);
      };
      signal.addEventListener("abort", abort, { once: true });
      this.wakers.add(waker);
      this.armAlarm().catch((error) => logError(this.env, describeError(error)));
      this.onWait?.();
    });
  }

  /** `context`: what the send read for the first attempt (a later one reads it again). */
  private async run(spec: RunSpec, attempt: number, context?: RunContext) {
    this.store.state = { status: "running", attempts: attempt };
    // Set beside the run's start rather than before it: the provider's request need not wait for it.
    const watchdog = this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    const abort = new AbortController();
    const promise = (async () => {
      try {
        const outcome = await executeRun(
          this.env,
          spec,
          {
            signal: abort.signal,
            context,
            emit: (type, payload, stepId) => {
              if (!this.finishing) this.log.append(spec.runId, type, payload, stepId);
            },
            // After the end is decided these are stale (and would outlive `erase()`): ignored.
            saveToolCalls: (calls, startedAt) => {
              if (this.finishing) return;
              this.store.saveToolCalls(calls, startedAt);
              this.publishToolCalls(spec, calls);
            },
            awaitToolResult: (callId, signal) => this.mailbox.awaitResult(callId, signal),
            awaitDecision: (callId, signal) => this.mailbox.awaitDecision(callId, signal),
            saveUsage: (usage) => {
              if (!this.finishing) this.store.usage = usage;
            },
            capability: {
              store: this.store.steps,
              wait: (ms, signal) => this.wait(ms, signal),
              saveCostUnits: (units) => {
                if (!this.finishing) this.store.costUnits = units;
              },
              // A resumed run continues with what the attempts before it produced.
              restored: resumesEarlierWork(attempt)
                ? {
                    toolCalls: this.store.toolCalls.calls ?? [],
                    usage: this.store.usage,
                    costUnits: this.store.costUnits,
                  }
                : null,
            },
          },
          this.tools,
        );
        if (!this.finishing) await this.complete(spec, outcome);
      } catch (error) {
        if (this.finishing) return;
        const { unexpected, ...failure } = failureOf(error);
        if (unexpected) logError(this.env, { messageId: spec.messageId, runId: spec.runId, ...describeError(error) });
        await this.fail(spec, failure);
      }
    })();
    this.execution = { promise, abort };
    try {
      await Promise.all([watchdog, promise]);
    } finally {
      this.execution = undefined;
    }
  }

  /** A queued call's result, from the tool-executions consumer; false when no call waits for it. */
  deliverToolResult(callId: string, result: DeliveredToolResult): boolean {
    return this.mailbox.deliver(callId, result);
  }

  /**
   * A queued call's retry (the provider answered 429 or 503), shown as `activity` on the call in a
   * `tool.progress` event; false when no call of this run is executing under that queued id.
   */
  reportToolProgress(queuedCallId: string, detail: string): boolean {
    const spec = this.store.spec;
    const call = this.store.toolCalls.calls?.find((candidate) => `${spec?.runId}:${candidate.id}` === queuedCallId);
    if (!spec || call?.status !== "executing" || this.finishing) return false;
    this.log.append(spec.runId, "tool.progress", toolEventPayload(call, retryActivity(call, detail)), call.id);
    return true;
  }

  /**
   * The session owner's decision on a call awaiting approval: the call as it now stands, or null
   * when no such call is pending in this run (a 409 for the caller).
   */
  decideToolCall(callId: string, approve: boolean): ToolCallRecord | null {
    const call = this.store.toolCalls.calls?.find((candidate) => candidate.id === callId);
    if (call?.status !== "pending" || this.finishing || !this.mailbox.decide(callId, approve ? "approve" : "reject"))
      return null;
    return decidedCall(call, approve);
  }

  /**
   * Stops the run: the partial content is kept and every listener gets `message.stopped`.
   * Stopping again, even while the first stop is still being written, answers the same stop
   * object; a run that completed or failed (or is writing that end) answers how it ended.
   */
  async stop(): Promise<StopAnswer> {
    const spec = this.store.spec;
    const decision = stopDecision(spec && this.store.state, { ending: this.ending, stopping: !!this.stopping });
    if (decision.kind === "answer") return decision.answer;
    if (decision.kind === "stopped") return { ok: true, result: this.store.stopResult! };
    if (decision.kind === "join") return this.stopping!;
    this.ending = "stopped";
    // A decision to stop is only made for a stored run, so its spec is there.
    this.stopping = this.writeStop(spec!);
    return this.stopping;
  }

  private async writeStop(spec: RunSpec): Promise<StopAnswer> {
    this.execution?.abort.abort(new DOMException("The run was stopped", "AbortError"));
    const stoppedAt = nowIso();
    const content = this.log.content();
    const result: StopResult = { id: spec.messageId, status: "stopped", content, stoppedAt };
    const tools = this.endedToolCalls(endedCallsReason("stopped"), isStepRun(spec));
    await this.writeMessage(spec, stoppedRow(this.unfinished(content, tools.all), stoppedAt));
    this.store.stopResult = result;
    this.store.state = { ...this.store.state!, status: "stopped", stoppedAt };
    await this.end(spec, { ending: "stopped", content, stoppedAt, endedCalls: tools.ended });
    return { ok: true, result };
  }

  /**
   * Forgets the run because its conversation was deleted: a run still going is stopped first (its
   * listeners get `message.stopped` and the end of the stream), then the event log, state and alarm go.
   */
  async erase(): Promise<void> {
    const state = this.store.state;
    if (state && !TERMINAL.includes(state.status)) await this.stop();
    this.log.close();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  private async complete(spec: RunSpec, outcome: RunOutcome) {
    this.ending = "completed";
    await this.writeMessage(spec, completedRow(outcome));
    this.store.state = { ...this.store.state!, status: "completed" };
    await this.end(spec, { ending: "completed", outcome });
  }

  private async fail(spec: RunSpec, error: { code: string; message: string }) {
    this.ending = "failed";
    this.execution?.abort.abort();
    const tools = this.endedToolCalls(endedCallsReason("failed", error));
    await this.writeMessage(spec, failedRow(this.unfinished(this.log.content(), tools.all), error));
    this.store.state = { ...this.store.state!, status: "failed", error };
    await this.end(spec, { ending: "failed", error, endedCalls: tools.ended });
  }

  /**
   * The run's tool calls as it ends without completing (a call still executing fails with it; a
   * stopped capability's step keeps what it produced).
   */
  private endedToolCalls(
    reason: string,
    stoppedSteps = false,
  ): { all: ToolCallRecord[] | null; ended: ToolCallRecord[] } {
    const { calls, startedAt } = this.store.toolCalls;
    return endToolCalls(calls, startedAt, reason, Date.now(), stoppedSteps);
  }

  /** What a run ending without completing has so far (tokens: reported, or a demo's estimate). */
  private unfinished(content: string, toolCalls: ToolCallRecord[] | null): Unfinished {
    return { content, toolCalls, usage: this.store.usage, costUnits: this.store.costUnits };
  }

  /** The ending's events, in the lifecycle's order in one synchronous step (one flush to every listener), then the end of the log. */
  private async end(spec: RunSpec, end: EndOf) {
    for (const event of endEvents(spec.messageId, end))
      this.log.append(spec.runId, event.type, event.payload, event.stepId);
    this.log.close();
    await this.ctx.storage.deleteAlarm();
  }

  /**
   * The tool calls so far onto the reply in its conversation, one write after another, at most one
   * per `TOOL_CALLS_WRITE_MS`: changes that arrive meanwhile are written together (only the newest
   * snapshot matters), so a capability's dozens of steps cost a few writes, not one per event, and
   * the conversation's object does not take the run's time with each. A call awaiting its user's
   * decision is written at once (a page reloaded then must show its card); the run's end cuts the
   * pause short and writes every call itself.
   */
  private publishToolCalls(spec: RunSpec, calls: ToolCallRecord[]) {
    const idle = this.unwrittenToolCalls === undefined;
    this.unwrittenToolCalls = structuredClone(calls);
    if (awaitsDecision(calls)) this.endToolCallPause?.();
    if (!idle) return;
    this.toolCallWrites = this.toolCallWrites.then(async () => {
      await new Promise<void>((resume) => {
        const timer = setTimeout(resume, TOOL_CALLS_WRITE_MS);
        this.endToolCallPause = () => {
          clearTimeout(timer);
          resume();
        };
        // A call that came to await its decision while the write before was in flight goes at once.
        if (awaitsDecision(this.unwrittenToolCalls)) this.endToolCallPause();
      });
      this.endToolCallPause = undefined;
      const snapshot = this.unwrittenToolCalls;
      this.unwrittenToolCalls = undefined;
      if (!snapshot || this.finishing) return;
      await recordToolCalls(this.env, spec, snapshot).catch((error) =>
        logError(this.env, { messageId: spec.messageId, ...describeError(error) }),
      );
    });
  }

  /** The reply's end through its conversation (the ai domain's write-back), after any tool-call write still in flight. */
  private async writeMessage(spec: RunSpec, values: RunEnd) {
    this.endToolCallPause?.();
    await this.toolCallWrites;
    await recordRunEnd(this.env, spec, values);
  }
}
