import { DurableObject } from "cloudflare:workers";

/**
 * One object per assistant message: runs the model call, keeps the event log and fans events out
 * to SSE listeners. Built by the AI messages work; declared here so the binding exists.
 */
export class MessageRun extends DurableObject<Env> {}
