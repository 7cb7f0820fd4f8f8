import type { Ctx } from "../identity";
import { admitSpend, dropSpendHold, spendStateOf, spendStateQueries, type SpendState, usdToMicros } from "../wallet";
import { capabilityModelCalls, maxCapabilityUnits } from "./capabilities";
import type { ChatMessage } from "./providers/types";
import { estimateTokens } from "./providers/demo";
import { priceParts } from "./run/cost";
import { MAX_TOOL_ROUNDS } from "./run/executor";
import type { RunSpec, SpendCapOfRun } from "./run/types";
import type { ModelEntry } from "./models";

/**
 * The monthly spend cap on the turn path (CONTRACT Wallet "Spend cap"; docs/wallet.md): every turn
 * that goes through `answerTurn` (a send, a retry, an MCP capability call) is admitted here, after
 * replay detection and before the allowance is required, so a refusal reaches no provider.
 */

/**
 * Output tokens one model call is assumed to write at most: no call here sets `max_tokens`, so
 * this is an estimate (a long answer of the chat models listed), not a bound the provider keeps.
 */
export const OUTPUT_TOKENS_PER_CALL = 4_096;
/**
 * Input tokens a call beyond the conversation is assumed to carry: tool results, search results
 * or pages read, which a capability or a tool round adds to the model's context.
 */
export const STEP_CONTEXT_TOKENS = 8_000;

/** What the estimate reads of a turn. */
export interface RunCostInput {
  model: Pick<ModelEntry, "id">;
  capability: RunSpec["capability"];
  /** What the first model call reads: instructions, pinned memories, history and the prompt. */
  context: { instructions: string | null; memories: string[]; history: ChatMessage[]; prompt: string };
  /** Whether the run offers tools (each tool round is one more model call). */
  tools: boolean;
}

const textOf = (message: ChatMessage) => message.content ?? "";

/**
 * A run's maximum estimated cost in micro-USD, or null when a part of it has no price. Model
 * calls: a chat run one, plus `MAX_TOOL_ROUNDS` when it offers tools; a capability run as its
 * runner makes them (`capabilityModelCalls`). Each call reads the turn's context (estimated at
 * four characters a token), plus `STEP_CONTEXT_TOKENS` when it follows a step or carries a
 * capability's results, and writes `OUTPUT_TOKENS_PER_CALL`. Capability units: the most the run
 * can bill (`maxCapabilityUnits`). Priced as the debit prices them (`priceParts`).
 */
export async function maxRunCostMicros(input: RunCostInput): Promise<number | null> {
  const { context, capability } = input;
  const contextTokens = estimateTokens(
    [context.instructions ?? "", ...context.memories, ...context.history.map(textOf), context.prompt].join("\n"),
  );
  const calls = capability ? capabilityModelCalls(capability) : 1 + (input.tools ? MAX_TOOL_ROUNDS : 0);
  const stepCalls = capability ? calls : calls - 1;
  const priced = await priceParts({
    tokens: [
      {
        modelId: input.model.id,
        input: calls * contextTokens + stepCalls * STEP_CONTEXT_TOKENS,
        output: calls * OUTPUT_TOKENS_PER_CALL,
        runs: 1,
      },
    ],
    units: maxCapabilityUnits(capability),
  });
  return priced.unpriced.length ? null : usdToMicros(priced.pricedUsd);
}

/**
 * One turn's spend cap: the account's cap and month spend, read in the turn's own D1 batch
 * (`queries`, then `answered`: no round trip of their own); the decision taken once the
 * conversation has written the turn; the hold dropped when the run does not start.
 */
export class SpendCapCheck {
  private state: SpendState | undefined;
  private readAt = 0;
  private held: string | null = null;
  /** Whether the account has a cap: set by `admit`. */
  private capped = false;

  constructor(private readonly ctx: Ctx) {}

  /** The reads of the cap and the month's spend, for the turn's D1 batch; hand their rows to `answered`. */
  queries() {
    this.readAt = Date.now();
    return spendStateQueries(this.ctx.db, this.ctx.auth.accountId, this.readAt);
  }

  /** The batch's rows of `queries()`, in order. */
  answered(...rows: Parameters<typeof spendStateOf>[2]) {
    this.state = spendStateOf(this.ctx.auth.accountId, this.readAt, rows);
  }

  /** Admits the run of reply `messageId` or throws the 402 (`admitSpend`). */
  async admit(messageId: string, cost: RunCostInput): Promise<void> {
    const state = this.state;
    // Every turn reads the state in its batch (messages.ts); a turn that did not is a fault here.
    if (!state) throw new Error("SpendCapCheck: admit() before answered()");
    if (state.capMicros === null) return;
    this.capped = true;
    const maxCostMicros = await maxRunCostMicros(cost);
    if (await admitSpend(this.ctx.env, state, { key: messageId, maxCostMicros })) this.held = messageId;
  }

  /**
   * What the admitted run's spec names of the cap (`RunSpec.spendCap`): whether it holds part of
   * it, for an account with a cap (its end then settles the hold and checks the notices); none else.
   */
  get ofRun(): SpendCapOfRun | undefined {
    return this.capped ? { held: this.held !== null } : undefined;
  }

  /** Drops the hold of a run that did not start (the allowance refused it, or its object did). */
  async release(): Promise<void> {
    if (this.held === null) return;
    const key = this.held;
    this.held = null;
    await dropSpendHold(this.ctx.env, this.ctx.auth.accountId, key);
  }
}
