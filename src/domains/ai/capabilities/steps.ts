import type { ToolCallRecord } from "../../../db/schema/ai";
import { toolEventPayload } from "../run/tool-calls";
import {
  CapabilityError,
  stepRecord,
  type StepActivity,
  type StepDefinition,
  type StepResult,
  type StepRunner,
  type StepStore,
  type StepWork,
} from "./types";

/** Where steps report: the run's event log and its stored tool calls (the run's `RunIo`). */
export interface StepIo {
  emit(type: string, payload: Record<string, unknown>, stepId?: string): void;
  saveToolCalls(calls: ToolCallRecord[], startedAt: Record<string, number>): void;
}

const resultKey = (id: string) => `step:${id}`;

/**
 * Runs a capability's steps as tool calls: `tool.started`, `tool.progress` as often as there is
 * news, `tool.completed`. Each finished step's result is stored before it is reported, so a run
 * resumed after an eviction skips it and gets the same result. A stop aborts the step's signal
 * and leaves the call to the run's end (kept `completed` with its partial output, or `skipped`).
 */
export class Steps implements StepRunner {
  private readonly startedAt: Record<string, number> = {};
  /** The steps this attempt ran (a resumed run may not reach a step an earlier attempt had started). */
  private readonly ran = new Set<string>();

  constructor(
    private readonly io: StepIo,
    private readonly store: StepStore,
    /** The run's tool calls so far (restored on a resume); steps add theirs. */
    readonly calls: ToolCallRecord[],
    private readonly signal: AbortSignal,
  ) {}

  async run<T>(definition: StepDefinition, work: StepWork<T>): Promise<StepResult<T>> {
    this.ran.add(definition.id);
    const finished = this.store.get<StepResult<T>>(resultKey(definition.id));
    if (finished) return finished;
    let record = this.calls.find((call) => call.id === definition.id);
    if (record) Object.assign(record, stepRecord(definition));
    else this.calls.push((record = stepRecord(definition)));
    const started = Date.now();
    this.startedAt[record.id] = started;
    const report = (type: string, activity?: StepActivity) => {
      if (this.signal.aborted) return;
      this.io.saveToolCalls(this.calls, this.startedAt);
      this.io.emit(type, toolEventPayload(record, activity), record.id);
    };
    report("tool.started", definition.activity);

    let result: StepResult<T>;
    let fatal: CapabilityError | null = null;
    try {
      const done = await work({
        signal: this.signal,
        progress: (activity, partialOutput) => {
          if (partialOutput) record.output = partialOutput;
          report("tool.progress", activity);
        },
      });
      result = {
        status: "completed",
        output: done.output,
        error: null,
        ...(done.data !== undefined ? { data: done.data } : {}),
      };
    } catch (error) {
      // A stop: the run's end settles the call (what it produced is kept).
      // Anything but a CapabilityError is a bug: the run fails (run_failed) and ends the call.
      if (this.signal.aborted || !(error instanceof CapabilityError)) throw error;
      if (error.kind === "fatal") fatal = error;
      result = { status: "failed", output: record.output, error: error.message };
    }
    Object.assign(record, {
      status: result.status,
      output: result.output,
      error: result.error,
      executionMs: Date.now() - started,
    });
    delete this.startedAt[record.id];
    this.store.put(resultKey(definition.id), result);
    report("tool.completed");
    if (fatal) throw fatal;
    return result;
  }

  /**
   * Ends the calls an earlier attempt started that this one did not need (its limits were reached
   * first): `skipped`, so no call stays open on a finished reply.
   */
  settleLeftovers() {
    for (const record of this.calls) {
      if (record.status !== "executing" || this.ran.has(record.id)) continue;
      Object.assign(record, { status: "skipped", error: "Not needed after the run resumed" });
      this.io.saveToolCalls(this.calls, this.startedAt);
      this.io.emit("tool.completed", toolEventPayload(record), record.id);
    }
  }
}
