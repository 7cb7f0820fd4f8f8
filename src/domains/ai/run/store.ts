import type { ToolCallRecord } from "../../../db/schema/ai";
import type { StepStore } from "../capabilities";
import type { TokenUsage } from "../providers/types";
import type { RunSpec, RunState, StopResult } from "./types";

/**
 * Every key a message run keeps in its object's synchronous KV storage, in one place (the event
 * log is `EventLog`'s SQLite table). docs/storage.md lists them.
 */
const KEY = {
  spec: "spec",
  state: "state",
  toolCalls: "toolCalls",
  toolStartedAt: "toolStartedAt",
  usage: "usage",
  stopResult: "stopResult",
  costUnits: "costUnits",
  /** Prefix of a capability's own keys (its steps' results, a research plan). */
  step: "cap:",
} as const;

/** The run's own state, as its object stores it; it survives eviction, memory does not. */
export class RunStore {
  constructor(private readonly kv: SyncKvStorage) {}

  /** What the run was started with (fixed when the message was sent). */
  get spec(): RunSpec | undefined {
    return this.kv.get<RunSpec>(KEY.spec);
  }

  set spec(spec: RunSpec) {
    this.kv.put(KEY.spec, spec);
  }

  /** Where the run is: queued, running (with its attempts) or how it ended. */
  get state(): RunState | undefined {
    return this.kv.get<RunState>(KEY.state);
  }

  set state(state: RunState) {
    this.kv.put(KEY.state, state);
  }

  /** The run's tool calls so far, and when each call still executing began (epoch ms by call id). */
  get toolCalls(): { calls: ToolCallRecord[] | undefined; startedAt: Record<string, number> } {
    return {
      calls: this.kv.get<ToolCallRecord[]>(KEY.toolCalls),
      startedAt: this.kv.get<Record<string, number>>(KEY.toolStartedAt) ?? {},
    };
  }

  saveToolCalls(calls: ToolCallRecord[], startedAt: Record<string, number>) {
    this.kv.put(KEY.toolCalls, calls);
    this.kv.put(KEY.toolStartedAt, startedAt);
  }

  /** Tokens used so far (finished model calls, plus an estimate of one still streaming). */
  get usage(): TokenUsage {
    return this.kv.get<TokenUsage>(KEY.usage) ?? { inputTokens: 0, outputTokens: 0 };
  }

  set usage(usage: TokenUsage) {
    this.kv.put(KEY.usage, usage);
  }

  /** The stop object, so stopping again answers the same one. */
  get stopResult(): StopResult | undefined {
    return this.kv.get<StopResult>(KEY.stopResult);
  }

  set stopResult(result: StopResult) {
    this.kv.put(KEY.stopResult, result);
  }

  /** Cost units so far (search queries, pages read). */
  get costUnits(): Record<string, number> {
    return this.kv.get<Record<string, number>>(KEY.costUnits) ?? {};
  }

  set costUnits(units: Record<string, number>) {
    this.kv.put(KEY.costUnits, units);
  }

  /** Where a capability keeps its steps' state, so a resumed run continues from its last finished step. */
  get steps(): StepStore {
    return {
      get: <T>(key: string) => this.kv.get<T>(KEY.step + key),
      put: (key, value) => this.kv.put(KEY.step + key, value),
    };
  }
}
