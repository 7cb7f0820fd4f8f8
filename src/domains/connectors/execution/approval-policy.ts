import { base64url, fromBase64url, hmacSha256, hmacSha256Matches, sha256Hex } from "../../../lib/crypto";
import type { AuthContext } from "../../identity";

/**
 * The tool-approval policy, written once (CONTRACT "Connector tools for agents"): which calls need
 * approval, who may decide, what a timeout does, and the grant that carries an approval to the
 * tool-executions consumer. The assistant's run (ai), the queue consumer, direct execution and the
 * MCP gateway all ask this module; none of them decides approval on its own.
 */

/**
 * Which calls need approval: those of a tool marked `requiresApproval` (a catalogue tool marked so,
 * an MCP tool its server does not mark `readOnlyHint`). Such a call runs only through the
 * assistant, after its user approved it; direct execution and the gateway never run it.
 */
export const needsApproval = (tool: { requiresApproval: boolean }): boolean => tool.requiresApproval;

/** The tools that may run without a decision: all the MCP gateway serves. */
export const runsDirectly = (tool: { requiresApproval: boolean }): boolean => !needsApproval(tool);

/**
 * Who may decide: the session's owner (the decision verb opens the session, so anyone else finds
 * no call) with a first-party token. An OAuth client never decides, whatever its scopes: the
 * decision is the human check on an agent.
 */
export const mayDecide = (auth: Pick<AuthContext, "token">): boolean => auth.token.kind === "first-party";

/** What a timeout does: a call waits at most 10 minutes for its decision, then it is `skipped`. */
export const APPROVAL_TIMEOUT_MS = 10 * 60_000;
export const TIMED_OUT = {
  status: "skipped",
  error: "No decision within 10 minutes; the call was skipped",
} as const;

/** One queued call of a tool, as an approval grant is bound to it. */
export interface ApprovedCall {
  /** The queued call's id (`<runId>:<the model's call id>`): a grant never covers another call or run. */
  callId: string;
  instanceId: string;
  toolId: string;
  input: Record<string, unknown>;
}

/** Keeps this HMAC apart from the others keyed with JWT_SECRET (tokens, CSRF, recovery codes). */
const APPROVAL_LABEL = "tool-approval";

/**
 * What a grant signs. The input is hashed as JSON text: it reaches the consumer through R2 as JSON
 * and parses back to the same text (key order kept), so a grant holds for exactly the approved input.
 */
const signedText = async (call: ApprovedCall) =>
  `${APPROVAL_LABEL}:${JSON.stringify([call.callId, call.instanceId, call.toolId, await sha256Hex(JSON.stringify(call.input))])}`;

/**
 * The grant a run's object issues once its user approved `call`: an HMAC over the call's id, tool
 * and input. It travels in the queue message; the consumer runs the call only if it holds.
 */
export async function grantApproval(env: Pick<Env, "JWT_SECRET">, call: ApprovedCall): Promise<string> {
  return base64url(await hmacSha256(env.JWT_SECRET, await signedText(call)));
}

/** Whether `grant` was issued for exactly this call, tool and input (absent or malformed: no). */
export async function approvalHolds(
  env: Pick<Env, "JWT_SECRET">,
  grant: string | null | undefined,
  call: ApprovedCall,
): Promise<boolean> {
  if (!grant) return false;
  let mac: Uint8Array;
  try {
    mac = fromBase64url(grant);
  } catch {
    return false;
  }
  return hmacSha256Matches(env.JWT_SECRET, await signedText(call), mac);
}
