import { DurableObject } from "cloudflare:workers";
import type { ConversationCore, ReplyEnd, SessionRef, SpendCapOfRun } from "../domains/ai";

type Core = ConversationCore;
/** The answer of a call on a session that is gone (erased, or no index row in D1). */
const GONE = { gone: true } as const;

/**
 * One object per AI session (named by its id): the conversation's messages in the object's own
 * SQLite. This host wires RPC and the alarm to the domain's `ConversationCore`, which it loads on
 * the first call (as MessageRun does, so the Worker's startup evaluates none of it). Every call
 * names its session and waits for the first import (`open`); a session that is gone answers GONE.
 */
export class Conversation extends DurableObject<Env> {
  #core: Promise<Core> | undefined;

  core(): Promise<Core> {
    this.#core ??= import("../domains/ai").then(
      ({ ConversationCore }) => new ConversationCore(this.ctx, this.env, pageRowsOf(this.env)),
    );
    return this.#core;
  }

  /** Runs `work` on the open conversation, or answers GONE. */
  private async on<T>(ref: SessionRef, work: (core: Core) => T | Promise<T>): Promise<T | typeof GONE> {
    const core = await this.core();
    return (await core.open(ref)) ? work(core) : GONE;
  }

  send(ref: SessionRef, ...args: Parameters<Core["send"]>) {
    return this.on(ref, (core) => core.send(...args));
  }

  retryReading(ref: SessionRef, ...args: Parameters<Core["retryReading"]>) {
    return this.on(ref, (core) => core.retryReading(...args));
  }

  retry(ref: SessionRef, ...args: Parameters<Core["retry"]>) {
    return this.on(ref, (core) => core.retry(...args));
  }

  abandon(ref: SessionRef, ...args: Parameters<Core["abandon"]>) {
    return this.on(ref, (core) => core.abandon(...args));
  }

  reply(ref: SessionRef, ...args: Parameters<Core["reply"]>) {
    return this.on(ref, (core) => core.reply(...args));
  }

  select(ref: SessionRef, ...args: Parameters<Core["select"]>) {
    return this.on(ref, (core) => core.select(...args));
  }

  list(ref: SessionRef, ...args: Parameters<Core["list"]>) {
    return this.on(ref, (core) => core.list(...args));
  }

  history(ref: SessionRef, ...args: Parameters<Core["history"]>) {
    return this.on(ref, (core) => core.history(...args));
  }

  saveToolCalls(ref: SessionRef, ...args: Parameters<Core["saveToolCalls"]>) {
    return this.on(ref, (core) => core.saveToolCalls(...args));
  }

  endRun(ref: SessionRef, messageId: string, end: ReplyEnd, spendCap?: SpendCapOfRun) {
    return this.on(ref, (core) => core.endRun(ref, messageId, end, spendCap));
  }

  failUnstarted(ref: SessionRef, ...args: Parameters<Core["failUnstarted"]>) {
    return this.on(ref, (core) => core.failUnstarted(...args));
  }

  async warm() {
    (await this.core()).warm();
  }

  async drain(sessionId: string) {
    return (await this.core()).drain(sessionId);
  }

  async erase(messageIds: string[]) {
    return (await this.core()).erase(messageIds);
  }

  override async alarm() {
    return (await this.core()).alarm();
  }
}

/** `AI_IMPORT_PAGE_ROWS` (tests make pages small to import a session over several), else the default. */
function pageRowsOf(env: Env): number | undefined {
  const rows = Number(env.AI_IMPORT_PAGE_ROWS);
  return Number.isInteger(rows) && rows > 0 ? rows : undefined;
}
