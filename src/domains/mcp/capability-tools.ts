import { ApiError } from "../../lib/errors";
import {
  activeModels,
  callOutcome,
  clientsRun,
  followRun,
  listCapabilities,
  startCapabilityCall,
  type CapabilityKey,
  type RunEvent,
  type StartedCall,
} from "../ai";
import type { Ctx } from "../identity";
import { callResult, refusal, stillRunning } from "./results";
import type { McpTool, RunningCall, ToolResult } from "./tool-types";

/**
 * The assistant's capabilities as MCP tools (CONTRACT "Capabilities over MCP"): listed when this
 * deployment can run them and the token may call them; each call is a turn of the caller's MCP
 * session (the ai domain's `startCapabilityCall`), followed here until it ends or the wait is over.
 */

/** Each tool: its capability, the argument that is the user's request, and what it does. */
const CAPABILITY_TOOLS: Record<string, { key: CapabilityKey; ask: string; title: string; description: string }> = {
  web_search: {
    key: "ai.search.web",
    ask: "query",
    title: "Web search",
    description: "Searches the web and answers with a short summary that cites its sources, then the sources list.",
  },
  deep_research: {
    key: "ai.research.deep",
    ask: "question",
    title: "Deep research",
    description:
      "Researches a question over several rounds of searching and reading pages; answers with a cited report. Takes minutes: the result may come from get_result.",
  },
  generate_image: {
    key: "ai.image.generate",
    ask: "prompt",
    title: "Generate an image",
    description: "Generates images from a prompt; answers with links to them (and the image itself when small).",
  },
  generate_video: {
    key: "ai.video.generate",
    ask: "prompt",
    title: "Generate a video",
    description:
      "Generates a video from a prompt; answers with a link to it. Takes minutes: the result may come from get_result.",
  },
  generate_music: {
    key: "ai.audio.generate",
    ask: "prompt",
    title: "Generate music",
    description: "Generates a piece of music from a prompt; answers with a link to it.",
  },
};
const GET_RESULT = "get_result";

/** A call not finished within this long answers with its run's id (the SDK client gives up at 60 s). */
const CALL_WAIT_MS = 50_000;
/** Images smaller than this also come as `image` content (CONTRACT), the others as links only. */
const INLINE_IMAGE_BYTES = 1024 * 1024;

/** The wait, or its var's override (`MCP_CALL_WAIT_MS`: tests make it small). */
const callWaitMs = (env: Env) => {
  const value = Number((env as unknown as Record<string, unknown>).MCP_CALL_WAIT_MS);
  return Number.isFinite(value) && value > 0 ? value : CALL_WAIT_MS;
};

/** A first-party token, or an OAuth token with `ai:capabilities`, on a plan with `ai`. */
export const mayUseCapabilityTools = ({ auth }: Pick<Ctx, "auth">) =>
  (auth.token.kind === "first-party" || auth.token.scopes.includes("ai:capabilities")) &&
  auth.entitlements.includes("ai");

/**
 * A capability's parameters as a tool's input schema: the request's argument first, then each
 * parameter's JSON Schema, narrowed to the values the default provider accepts where it accepts fewer.
 */
function inputSchema(ask: string, capability: ReturnType<typeof listCapabilities>[number]) {
  const properties: Record<string, unknown> = {
    [ask]: { type: "string", minLength: 1, description: "What to do, in the user's words" },
  };
  for (const [name, described] of Object.entries(capability.parameters)) {
    const { providerValues, ...schema } = described as { providerValues?: Record<string, unknown[]> };
    const accepted = capability.provider ? providerValues?.[capability.provider] : undefined;
    properties[name] = accepted ? { ...schema, enum: accepted } : schema;
  }
  return { type: "object", properties, required: [ask], additionalProperties: false };
}

/** The capability tools this caller may call here (none without the scope or the entitlement). */
async function offered(ctx: Ctx) {
  if (!mayUseCapabilityTools(ctx)) return [];
  const capabilities = listCapabilities(ctx.env, await activeModels(ctx.env));
  return Object.entries(CAPABILITY_TOOLS).flatMap(([name, tool]) => {
    const capability = capabilities.find((c) => c.key === tool.key);
    return capability?.available ? [{ name, ...tool, capability }] : [];
  });
}

export async function listCapabilityTools(ctx: Ctx): Promise<McpTool[]> {
  const tools = await offered(ctx);
  if (!tools.length) return [];
  return [
    ...tools.map(({ name, title, description, ask, capability }) => ({
      name,
      title,
      description: `${description} Paid from the wallet as in the assistant.`,
      inputSchema: inputSchema(ask, capability),
    })),
    {
      name: GET_RESULT,
      title: "Result of a capability call",
      description:
        "The result of a capability call that answered with its runId before it finished: waits for it as the call would, then answers with the result, or with its progress.",
      inputSchema: {
        type: "object",
        properties: { runId: { type: "string", format: "uuid", description: "The runId the call answered with" } },
        required: ["runId"],
        additionalProperties: false,
      },
    },
  ];
}

/** What a step of the run tells a client waiting for it. */
function progressNote(event: RunEvent, wrote: { started: boolean }): string | undefined {
  const payload = event.payload as { toolKey?: string; activity?: string };
  switch (event.type) {
    case "tool.started":
      return `Started ${payload.toolKey ?? "a step"}`;
    case "tool.progress":
      return payload.activity ?? `${payload.toolKey ?? "A step"} is running`;
    case "tool.completed":
      return `Finished ${payload.toolKey ?? "a step"}`;
    case "message.delta":
      if (wrote.started) return undefined;
      wrote.started = true;
      return "Writing the answer";
    default:
      return undefined;
  }
}

/**
 * Follows a started call until it ends (its result) or the wait is over (its run's id and
 * progress). The run goes on either way: a client that leaves stops nothing.
 */
function following(ctx: Ctx, origin: string, call: StartedCall): RunningCall {
  return {
    async run(progress) {
      const waited = new AbortController();
      const timer = setTimeout(() => waited.abort(), callWaitMs(ctx.env));
      const wrote = { started: false };
      try {
        for await (const event of followRun(ctx.env, call.messageId, waited.signal)) {
          const note = progressNote(event, wrote);
          if (note) progress(note);
        }
      } finally {
        clearTimeout(timer);
      }
      const outcome = await callOutcome(ctx, call, INLINE_IMAGE_BYTES);
      return outcome.status === "running" ? stillRunning(call.runId, outcome) : callResult(origin, call.runId, outcome);
    },
  };
}

/** Arguments as a send's body names them: the request is the message, the rest its parameters. */
function asSend(ask: string, args: Record<string, unknown>) {
  const { [ask]: prompt, ...parameters } = args;
  return { prompt: prompt as string, parameters };
}

/** A 400's field names as the tool's arguments spell them. */
function renamedFields(error: ApiError, ask: string): ApiError {
  const fields = (error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields;
  if (!fields) return error;
  const renamed = fields.map((f) => ({
    ...f,
    field: f.field === "content" ? ask : f.field.replace(/^parameters\./, ""),
  }));
  return new ApiError(error.code, error.message, { ...(error.details as object), fields: renamed });
}

/**
 * Calls a capability tool, or answers undefined when `name` is none this caller may call. A
 * refusal (400 parameters, 402, 429) is a tool error naming its code.
 */
export async function callCapabilityTool(
  ctx: Ctx,
  origin: string,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult | RunningCall | undefined> {
  const tools = await offered(ctx);
  try {
    if (name === GET_RESULT && tools.length) {
      if (typeof args.runId !== "string")
        return refusal("bad_request", "runId is required: the runId a call answered with");
      const call = await clientsRun(ctx, args.runId);
      // A run that has ended answers at once (its steps are not replayed as progress).
      const outcome = await callOutcome(ctx, call, INLINE_IMAGE_BYTES);
      return outcome.status === "running" ? following(ctx, origin, call) : callResult(origin, call.runId, outcome);
    }
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) return undefined;
    if (typeof args[tool.ask] !== "string")
      return refusal("bad_request", `${tool.ask} is required and must be a string`);
    try {
      return following(ctx, origin, await startCapabilityCall(ctx, { key: tool.key, ...asSend(tool.ask, args) }));
    } catch (error) {
      throw error instanceof ApiError ? renamedFields(error, tool.ask) : error;
    }
  } catch (error) {
    if (error instanceof ApiError) return refusal(error.code, error.message, error.details);
    throw error;
  }
}
