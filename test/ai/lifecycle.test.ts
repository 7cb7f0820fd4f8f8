import { describe, expect, it } from "vitest";
import type { ToolCallRecord } from "../../src/db/schema/ai";
import { ProviderError } from "../../src/domains/ai/providers/types";
import {
  alarmAction,
  canResume,
  completedRow,
  endEvents,
  failedRow,
  failureOf,
  INTERRUPTED,
  MAX_ATTEMPTS,
  MAX_STEP_ATTEMPTS,
  resumesEarlierWork,
  stopDecision,
  stoppedRow,
} from "../../src/domains/ai/run/lifecycle";
import { endedCallsReason } from "../../src/domains/ai/run/tool-calls";
import type { RunOutcome, RunState } from "../../src/domains/ai/run/types";

const chat = (lastEventId: number) => ({ stepRun: false, content: "", lastEventId });
const steps = (content: string) => ({ stepRun: true, content, lastEventId: 7 });
const state = (status: RunState["status"], attempts = 1): RunState => ({ status, attempts });
const here = { ending: undefined, executing: false };

describe("run lifecycle: attempts, resume or fail", () => {
  it("a chat run resumes only if it emitted nothing, within its attempts", () => {
    expect(canResume(chat(0), 1)).toBe(true);
    expect(canResume(chat(0), MAX_ATTEMPTS - 1)).toBe(true);
    expect(canResume(chat(0), MAX_ATTEMPTS)).toBe(false);
    expect(canResume(chat(1), 1)).toBe(false);
  });

  it("a step run resumes until it has written text, within its (larger) attempts", () => {
    expect(canResume(steps(""), MAX_ATTEMPTS)).toBe(true);
    expect(canResume(steps(""), MAX_STEP_ATTEMPTS - 1)).toBe(true);
    expect(canResume(steps(""), MAX_STEP_ATTEMPTS)).toBe(false);
    expect(canResume(steps("Here is"), 1)).toBe(false);
  });

  it("the alarm leaves an absent, ended or ending run alone", () => {
    const never = () => {
      throw new Error("progress is read only for an orphaned run");
    };
    expect(alarmAction(undefined, here, never)).toEqual({ kind: "idle" });
    for (const status of ["completed", "stopped", "failed"] as const) {
      expect(alarmAction(state(status), here, never)).toEqual({ kind: "idle" });
    }
    expect(alarmAction(state("running"), { ending: "stopped", executing: true }, never)).toEqual({ kind: "idle" });
  });

  it("the alarm wakes a run executing here, resumes an orphan that may, fails one that may not", () => {
    expect(alarmAction(state("running"), { ending: undefined, executing: true }, () => chat(5))).toEqual({
      kind: "wake",
    });
    expect(alarmAction(state("running", 1), here, () => chat(0))).toEqual({ kind: "run", attempt: 2 });
    expect(alarmAction(state("running", 1), here, () => chat(3))).toEqual({ kind: "fail", error: INTERRUPTED });
    expect(alarmAction(state("running", MAX_ATTEMPTS), here, () => chat(0))).toEqual({
      kind: "fail",
      error: INTERRUPTED,
    });
    // Queued (accepted, never begun): started as the next attempt whatever the log says.
    expect(alarmAction(state("queued", 0), here, () => chat(3))).toEqual({ kind: "run", attempt: 1 });
  });

  it("only attempts after the first continue earlier work", () => {
    expect(resumesEarlierWork(1)).toBe(false);
    expect(resumesEarlierWork(2)).toBe(true);
  });
});

describe("run lifecycle: stop", () => {
  const idle = { ending: undefined, stopping: false };

  it("answers a run that is not there as failed, and a stopped one with its stop object", () => {
    expect(stopDecision(undefined, idle)).toEqual({ kind: "answer", answer: { ok: false, status: "failed" } });
    expect(stopDecision(state("stopped"), idle)).toEqual({ kind: "stopped" });
  });

  it("joins a stop being written, before any other answer", () => {
    expect(stopDecision(state("running"), { ending: "stopped", stopping: true })).toEqual({ kind: "join" });
  });

  it("answers how the run ended, or is ending, instead of stopping it", () => {
    expect(stopDecision(state("running"), { ending: "completed", stopping: false })).toEqual({
      kind: "answer",
      answer: { ok: false, status: "completed" },
    });
    expect(stopDecision(state("completed"), idle)).toEqual({
      kind: "answer",
      answer: { ok: false, status: "completed" },
    });
    expect(stopDecision(state("failed"), idle)).toEqual({ kind: "answer", answer: { ok: false, status: "failed" } });
  });

  it("stops a queued or running run", () => {
    expect(stopDecision(state("running"), idle)).toEqual({ kind: "stop" });
    expect(stopDecision(state("queued", 0), idle)).toEqual({ kind: "stop" });
  });
});

describe("run lifecycle: failures and what each ending writes", () => {
  it("a provider's error is the run's; anything else is an unexpected run_failed", () => {
    expect(failureOf(new ProviderError("Rate limited", "provider_rate_limited"))).toEqual({
      code: "provider_rate_limited",
      message: "Rate limited",
      unexpected: false,
    });
    expect(failureOf(new TypeError("x is undefined"))).toEqual({
      code: "run_failed",
      message: "The run failed unexpectedly",
      unexpected: true,
    });
  });

  it("says why open calls end with the run", () => {
    expect(endedCallsReason("stopped")).toBe("The run was stopped before the tool finished");
    expect(endedCallsReason("failed", { code: "run_interrupted", message: "" })).toBe(
      "The run failed before the tool finished (run_interrupted)",
    );
  });

  const outcome: RunOutcome = {
    content: "Done",
    toolCalls: [],
    suggestions: [],
    inputTokens: 3,
    outputTokens: 4,
  };

  it("a completion writes its outcome; no tool calls is null, no cost units is nothing", () => {
    expect(completedRow(outcome)).toEqual({
      content: "Done",
      status: "completed",
      toolCalls: null,
      suggestions: [],
      inputTokens: 3,
      outputTokens: 4,
    });
    expect(completedRow({ ...outcome, costUnits: {} })).not.toHaveProperty("costUnits");
    expect(completedRow({ ...outcome, costUnits: { "page.read": 2 } }).costUnits).toEqual({ "page.read": 2 });
  });

  const unfinished = {
    content: "Part",
    toolCalls: null,
    usage: { inputTokens: 1, outputTokens: 2 },
    costUnits: {},
  };

  it("a stop and a failure keep the partial text, usage and counted units", () => {
    expect(stoppedRow(unfinished, "2026-01-01T00:00:00.000Z")).toEqual({
      content: "Part",
      status: "stopped",
      stoppedAt: "2026-01-01T00:00:00.000Z",
      toolCalls: null,
      inputTokens: 1,
      outputTokens: 2,
    });
    const error = { code: "run_failed", message: "boom" };
    expect(failedRow({ ...unfinished, costUnits: { "search.demo": 1 } }, error)).toEqual({
      content: "Part",
      status: "failed",
      runError: JSON.stringify(error),
      toolCalls: null,
      inputTokens: 1,
      outputTokens: 2,
      costUnits: { "search.demo": 1 },
    });
  });
});

describe("run lifecycle: the order listeners see an ending in", () => {
  const call = {
    id: "call-1",
    toolKey: "web.search",
    status: "failed",
    error: "The run was stopped before the tool finished",
  } as unknown as ToolCallRecord;

  it("a completion: its text, then its suggestions", () => {
    const events = endEvents("m1", {
      ending: "completed",
      outcome: { content: "Done", toolCalls: [], suggestions: [], inputTokens: 0, outputTokens: 0 },
    });
    expect(events.map((event) => event.type)).toEqual(["message.completed", "message.suggestions"]);
    expect(events[0]!.payload).toEqual({ messageId: "m1", content: "Done" });
  });

  it("a stop: the calls that end with it, then message.stopped", () => {
    const events = endEvents("m1", { ending: "stopped", content: "Part", stoppedAt: "t", endedCalls: [call] });
    expect(events.map((event) => event.type)).toEqual(["tool.completed", "message.stopped"]);
    expect(events[0]!.stepId).toBe("call-1");
    expect(events[1]!.payload).toEqual({ messageId: "m1", content: "Part", stoppedAt: "t" });
  });

  it("a failure: the calls that end with it, then run.error", () => {
    const error = { code: "run_failed", message: "boom" };
    const events = endEvents("m1", { ending: "failed", error, endedCalls: [call, { ...call, id: "call-2" }] });
    expect(events.map((event) => [event.type, event.stepId])).toEqual([
      ["tool.completed", "call-1"],
      ["tool.completed", "call-2"],
      ["run.error", undefined],
    ]);
    expect(events[2]!.payload).toEqual({ messageId: "m1", error });
  });
});
