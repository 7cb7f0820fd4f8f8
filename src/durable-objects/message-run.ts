import { DurableObject } from "cloudflare:workers";
import type { MessageRunCore, ToolSource } from "../domains/ai";

type Core = MessageRunCore;

/**
 * One object per assistant message: runs the model call, keeps the event log and fans events out
 * to SSE listeners. Its workings are the ai domain's `MessageRunCore` (run/message-run.ts); this
 * host wires RPC and the alarm to them, and is all the Worker's module evaluates of it at startup:
 * the object loads its workings on its first call (docs/performance.md).
 */
export class MessageRun extends DurableObject<Env> {
  #core: Promise<Core> | undefined;

  /** The object's workings, built on its first call (tests reach its internals through it). */
  core(): Promise<Core> {
    this.#core ??= import("../domains/ai").then(
      ({ MessageRunCore }) => new MessageRunCore(this.ctx, this.env, (deployment) => this.toolSource(deployment)),
    );
    return this.#core;
  }

  /** The tool source runs are built with: the deployment's (a test host adds its own). */
  protected toolSource(deployment: ToolSource): ToolSource {
    return deployment;
  }

  async start(...args: Parameters<Core["start"]>) {
    return (await this.core()).start(...args);
  }

  async refuse(...args: Parameters<Core["refuse"]>) {
    return (await this.core()).refuse(...args);
  }

  async status() {
    return (await this.core()).status();
  }

  override async fetch(request: Request) {
    return (await this.core()).fetch(request);
  }

  override async alarm() {
    return (await this.core()).alarm();
  }

  async deliverToolResult(...args: Parameters<Core["deliverToolResult"]>) {
    return (await this.core()).deliverToolResult(...args);
  }

  async reportToolProgress(...args: Parameters<Core["reportToolProgress"]>) {
    return (await this.core()).reportToolProgress(...args);
  }

  async decideToolCall(...args: Parameters<Core["decideToolCall"]>) {
    return (await this.core()).decideToolCall(...args);
  }

  async stop() {
    return (await this.core()).stop();
  }

  async erase() {
    return (await this.core()).erase();
  }
}
