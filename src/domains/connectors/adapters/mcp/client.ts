import { sseData } from "../../../../lib/sse";
import { MAX_ANSWER_BYTES, readCapped } from "../outbound";
import { AdapterError, type OutboundFetch } from "../../../../../shared/connectors/adapter-port";

/**
 * A small MCP client over Streamable HTTP (JSON-RPC 2.0 POSTs), written on the adapter's guarded
 * fetch rather than the SDK's `Client` (docs/connectors-sql-mcp.md says why): every request goes
 * through the SSRF rules per redirect hop, every answer (JSON or an SSE stream) is read under a
 * size cap, and one AbortSignal bounds the whole exchange.
 *
 * "Initialize where the server needs it": a stateless server answers `tools/list` and `tools/call`
 * straight away, so the first request goes out without a handshake. A server that keeps sessions
 * answers that with 400 (or 404); then `initialize` + `notifications/initialized` run, the
 * `Mcp-Session-Id` it hands out is sent with every later request, and a 404 for that session
 * (expired) starts one new session and repeats the request once.
 */

/** The newest protocol revision this client speaks; the server may answer an older one. */
const MCP_PROTOCOL_VERSION = "2025-11-25";
/**
 * The most read of one answer: a tool's output up to CONTRACT's 5 MiB inside JSON-RPC's envelope
 * (and an SSE stream's frames); execution then holds the output itself to 5 MiB.
 */
const MAX_RESPONSE_BYTES = MAX_ANSWER_BYTES + 64 * 1024;
const CLIENT_INFO = { name: "platform-api", version: "1.0.0" };

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** The answer to one request: its `result`, or the server's JSON-RPC `error`. */
export type JsonRpcOutcome =
  | { result: Record<string, unknown>; error?: undefined }
  | { result?: undefined; error: JsonRpcError };

/** An HTTP answer that is not the protocol (401, 403, 5xx...): the status and what the server said. */
export class McpHttpError extends AdapterError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super("bad_response", message, status);
  }
}

export interface InitializeResult {
  protocolVersion: string;
  serverInfo?: { name?: string; version?: string };
}

/** A body that errors once more than `maxBytes` went through, so the SSE reader stops there. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes)
          controller.error(new AdapterError("bad_response", `The answer is too large (more than ${maxBytes} bytes)`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const badResponse = (message: string) => new AdapterError("bad_response", message);

/**
 * The response to request `id` in one message, or null when the message is the server's own request
 * or notification (it has a `method`; skipped on an SSE stream). A response must say
 * `"jsonrpc": "2.0"` and carry our id (an error may carry `null` when the server could not read the
 * request); anything else is refused rather than taken for our answer. One request gets one
 * response, so a batch (array) is refused too.
 */
function pickResponse(message: unknown, id: number): JsonRpcOutcome | null {
  if (!isObject(message)) throw badResponse("The MCP server answered something that is not a JSON-RPC message");
  if (typeof message.method === "string") return null;
  if (message.jsonrpc !== "2.0")
    throw badResponse('The MCP server\'s answer is not JSON-RPC 2.0 (no "jsonrpc": "2.0")');
  const error = isObject(message.error) ? message.error : null;
  if (message.id !== id && !(error && message.id === null)) {
    throw badResponse(`The MCP server answered another request (id ${JSON.stringify(message.id)}, expected ${id})`);
  }
  if (error) {
    const { code, message: text, data } = error;
    return {
      error: {
        code: typeof code === "number" ? code : -32603,
        message: typeof text === "string" ? text : "Unknown error",
        ...(data === undefined ? {} : { data }),
      },
    };
  }
  if (isObject(message.result)) return { result: message.result };
  throw badResponse("The MCP server's response has neither a result nor an error");
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new AdapterError("bad_response", "The MCP server answered something that is not JSON");
  }
};

export class McpClient {
  private sessionId: string | null = null;
  private protocolVersion: string | null = null;
  private nextId = 1;

  constructor(
    private readonly serverUrl: string,
    private readonly token: string,
    private readonly fetch: OutboundFetch,
    private readonly signal: AbortSignal,
  ) {}

  private headers(): Record<string, string> {
    return {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${this.token}`,
      "MCP-Protocol-Version": this.protocolVersion ?? MCP_PROTOCOL_VERSION,
      ...(this.sessionId ? { "Mcp-Session-Id": this.sessionId } : {}),
    };
  }

  private post(message: Record<string, unknown>): Promise<Response> {
    return this.fetch(this.serverUrl, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify(message),
      signal: this.signal,
    });
  }

  /** Reads the response to request `id` from a JSON body or an SSE stream (other events skipped). */
  private async read(response: Response, id: number): Promise<JsonRpcOutcome> {
    const type = (response.headers.get("Content-Type") ?? "").toLowerCase();
    if (type.includes("text/event-stream") && response.body) {
      for await (const data of sseData(capped(response.body, MAX_RESPONSE_BYTES))) {
        const outcome = pickResponse(parseJson(data), id);
        if (outcome) {
          await response.body.cancel().catch(() => {});
          return outcome;
        }
      }
      throw new AdapterError("bad_response", "The MCP server's event stream ended without an answer");
    }
    const outcome = pickResponse(parseJson(await readCapped(response, MAX_RESPONSE_BYTES)), id);
    if (!outcome)
      throw new AdapterError("bad_response", "The MCP server answered without a JSON-RPC response to the request");
    return outcome;
  }

  /** What a non-2xx answer says: a JSON-RPC error message when there is one, else the status. */
  private async httpError(response: Response): Promise<McpHttpError> {
    const text = await readCapped(response, 64 * 1024).catch(() => "");
    let detail = "";
    try {
      const body = JSON.parse(text) as { error?: { message?: unknown } | string; error_description?: unknown };
      detail =
        typeof body.error === "object" && typeof body.error?.message === "string"
          ? body.error.message
          : typeof body.error === "string"
            ? body.error
            : "";
    } catch {
      // not JSON: the status says enough
    }
    const cause = response.status === 401 || response.status === 403 ? "refused the credentials" : "answered an error";
    return new McpHttpError(
      response.status,
      `The MCP server ${cause} (HTTP ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ""})`,
    );
  }

  private async exchange(method: string, params: Record<string, unknown>): Promise<{ response: Response; id: number }> {
    const id = this.nextId++;
    return { response: await this.post({ jsonrpc: "2.0", id, method, params }), id };
  }

  /** `initialize` and `notifications/initialized`; keeps the session id and protocol version. */
  async initialize(): Promise<InitializeResult> {
    this.sessionId = null;
    this.protocolVersion = null;
    const { response, id } = await this.exchange("initialize", {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    if (!response.ok) throw await this.httpError(response);
    const sessionId = response.headers.get("Mcp-Session-Id");
    const outcome = await this.read(response, id);
    if (outcome.error)
      throw new AdapterError("bad_response", `The MCP server refused to initialize: ${outcome.error.message}`);
    const result = outcome.result as unknown as InitializeResult;
    if (typeof result.protocolVersion !== "string")
      throw new AdapterError("bad_response", "The MCP server's initialize answer names no protocol version");
    this.sessionId = sessionId;
    this.protocolVersion = result.protocolVersion;
    const notified = await this.post({ jsonrpc: "2.0", method: "notifications/initialized" });
    await notified.body?.cancel();
    if (!notified.ok) throw await this.httpError(notified);
    return result;
  }

  /** One request, with the handshake only where the server asks for it (see above). */
  async request(method: string, params: Record<string, unknown>): Promise<JsonRpcOutcome> {
    let renewedSession = false;
    for (;;) {
      const { response, id } = await this.exchange(method, params);
      // Each branch runs at most once: after a handshake protocolVersion is set, and a forgotten
      // session is renewed once; so at most three requests go out.
      const wantsHandshake = (response.status === 400 || response.status === 404) && this.protocolVersion === null;
      const sessionGone: boolean = response.status === 404 && this.sessionId !== null && !renewedSession;
      if (wantsHandshake || sessionGone) {
        renewedSession ||= sessionGone;
        await response.body?.cancel();
        await this.initialize();
        continue;
      }
      if (!response.ok) throw await this.httpError(response);
      return this.read(response, id);
    }
  }
}
