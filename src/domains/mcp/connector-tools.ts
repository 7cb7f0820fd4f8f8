import { ApiError } from "../../lib/errors";
import { assistantTools, executeTool, runsDirectly, type AssistantTool } from "../connectors";
import type { Ctx } from "../identity";
import { InvalidParams, type McpTool, type ToolResult } from "./tool-types";

/**
 * The connector tools on the gateway (CONTRACT "Connector tools for agents"): those the caller may
 * run in the workspace that may run directly (approval needs the assistant's card), for a
 * first-party token or an OAuth token with `execution:run`, on a plan with `connectors`.
 */
export const mayUseConnectorTools = ({ auth }: Pick<Ctx, "auth">) =>
  (auth.token.kind === "first-party" || auth.token.scopes.includes("execution:run")) &&
  auth.entitlements.includes("connectors");

const connectorTools = async (ctx: Ctx) =>
  mayUseConnectorTools(ctx) ? (await assistantTools(ctx)).filter(runsDirectly) : [];

const describe = (tool: AssistantTool): McpTool => ({
  name: tool.name,
  title: tool.name,
  description: tool.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
});

export const listConnectorTools = async (ctx: Ctx) => (await connectorTools(ctx)).map(describe);

/** Runs a connector tool, or answers undefined when `name` is none of the caller's. */
export async function callConnectorTool(
  ctx: Ctx,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult | undefined> {
  const { auth } = ctx;
  const tool = (await connectorTools(ctx)).find((candidate) => candidate.name === name);
  if (!tool) return undefined;
  // Recorded as the agent: the OAuth client for a third-party token, else the user's own client.
  const actor = { type: "agent" as const, id: auth.token.kind === "oauth" ? auth.token.clientId : auth.user.id };
  try {
    const { result } = await executeTool(ctx, { actor, instanceId: tool.instanceId, toolId: tool.toolId, input: args });
    const text = result.success ? JSON.stringify(result.output) : (result.error ?? "The tool failed");
    return { content: [{ type: "text", text }], structuredContent: result.output, isError: !result.success };
  } catch (error) {
    // The executor's refusals (input, rate limit, provider unreachable) are tool errors the model can read.
    if (error instanceof ApiError && error.status !== 404)
      return { content: [{ type: "text", text: error.message }], isError: true };
    if (error instanceof ApiError) throw new InvalidParams(`Unknown tool: ${name}`);
    throw error;
  }
}
