import { createDb } from "../../db/client";
import {
  assistantTools,
  enqueueToolCall,
  grantApproval,
  needsApproval,
  outputMatchesSchema,
  type AssistantTool,
} from "../connectors";
import type { ToolActivity, ToolContext, ToolDefinition, ToolSource } from "./tool-source";

/** How much of a call's input the approval card shows. */
const ACTIVITY_DETAIL_CHARS = 200;

/** The approval card of a connector call: which tool, on which connector, with what. */
const activityOf = (tool: AssistantTool, input: Record<string, unknown>): ToolActivity => {
  const detail = JSON.stringify(input);
  return {
    title: `Run ${tool.name}`,
    detail: detail.length > ACTIVITY_DETAIL_CHARS ? `${detail.slice(0, ACTIVITY_DETAIL_CHARS)}…` : detail,
    subject: tool.connectorKey,
  };
};

/**
 * A connector tool as the run offers it. Its calls go through the tool-executions queue (CONTRACT
 * "Connector tools for agents"): the consumer runs them with the connectors' executor as this run's
 * agent, and the result comes back to the run's object, which `awaitResult` waits on. The queued
 * call id is the run's id with the model's call id, unique across runs.
 */
function connectorTool(tool: AssistantTool): ToolDefinition {
  return {
    key: tool.name,
    instanceId: tool.instanceId,
    description: tool.description,
    inputSchema: tool.inputSchema,
    requiresApproval: needsApproval(tool),
    outputMatches: (output, context) => outputMatchesSchema(context.env.JSON_SCHEMA, tool.outputSchema, output),
    activity: (input) => activityOf(tool, input),
    async execute(input, context, signal, callId, approved) {
      const queuedId = `${context.runId}:${callId}`;
      // The owner's approval travels as a grant over this call and this input, which the consumer checks.
      const call = { callId: queuedId, instanceId: tool.instanceId, toolId: tool.toolId, input };
      const approval = approved ? await grantApproval(context.env, call) : null;
      const result = context.awaitResult(queuedId, signal);
      // Awaited below; a rejection before then (stop, timeout) must not go unhandled meanwhile.
      result.catch(() => {});
      await enqueueToolCall(context.env, {
        ...call,
        claims: context.caller!.token,
        workspaceId: context.workspaceId,
        runId: context.runId,
        messageId: context.messageId,
        approval,
      });
      const delivered = await result;
      if (!delivered.success) throw new Error(delivered.error ?? "The tool failed");
      return delivered.output;
    },
  };
}

/**
 * Every connector tool the sender can execute in the session's workspace, as the send read them in
 * its batch, or (a resumed run) as of now: one D1 batch (the sender was authenticated by the send
 * request; each call is checked again when the queue runs it).
 */
const connectorToolSource: ToolSource = {
  async tools(context: ToolContext) {
    const caller = context.caller;
    if (!caller?.entitlements.includes("connectors")) return [];
    const tools =
      context.connectorTools ??
      (await assistantTools({ db: createDb(context.env.DB), env: context.env, auth: caller }));
    return tools.map(connectorTool);
  },
};

/** The tool source a message run is built with in this deployment. */
export const runToolSource = (_env: Env): ToolSource => connectorToolSource;
