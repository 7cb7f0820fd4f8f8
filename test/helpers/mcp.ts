import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../src/index";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { BASE, type TestUser } from "./api";
import { signTestToken } from "./tokens";

/**
 * The MCP gateway as a client speaks to it: one JSON-RPC request per POST, read whole (JSON, or
 * the SSE a capability call answers with), through the Worker with extra vars when a test needs
 * them (`MCP_CALL_WAIT_MS`).
 */
export const MCP_PROTOCOL = "2025-11-25";

/** An OAuth access token for `clientId` acting for `user`, as the token endpoint signs them for the gateway. */
export const gatewayToken = (user: TestUser, clientId: string, scope: string) =>
  signTestToken({ sub: user.id, client_id: clientId, scope }, { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } });

export interface McpOptions {
  /** Accept SSE as MCP clients do (`application/json, text/event-stream`); JSON only otherwise. */
  sse?: boolean;
  vars?: Record<string, string>;
  ip?: string;
  workspaceId?: string;
}

export interface McpExchange {
  status: number;
  contentType: string | null;
  /** Every JSON-RPC message the answer carried, in order (the response last). */
  messages: any[];
  /** SSE comments, in order. */
  comments: string[];
  /** The final message's `result` (or undefined for an error). */
  result: any;
}

let nextId = 1;

export async function mcp(
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  options: McpOptions = {},
): Promise<McpExchange> {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "MCP-Protocol-Version": MCP_PROTOCOL,
      Accept: options.sse ? "application/json, text/event-stream" : "application/json",
      "CF-Connecting-IP": options.ip ?? "203.0.113.50",
      ...(options.workspaceId ? { "X-Workspace-Id": options.workspaceId } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, ...options.vars } as Env,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  const contentType = response.headers.get("Content-Type");
  const comments: string[] = [];
  const messages: any[] = [];
  if (contentType?.startsWith("text/event-stream")) {
    for (const block of text.split("\n\n").filter(Boolean)) {
      const data = block
        .split("\n")
        .filter((line) => {
          if (line.startsWith(":")) comments.push(line.slice(1).trim());
          return line.startsWith("data: ");
        })
        .map((line) => line.slice(6))
        .join("\n");
      if (data) messages.push(JSON.parse(data));
    }
  } else if (text) {
    messages.push(JSON.parse(text));
  }
  return { status: response.status, contentType, messages, comments, result: messages.at(-1)?.result };
}

/** The text of a tool result's `text` content, joined. */
export const resultText = (result: { content: { type: string; text?: string }[] }) =>
  result.content
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("\n");
