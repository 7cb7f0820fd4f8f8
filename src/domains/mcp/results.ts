import { toBase64 } from "../../lib/bytes";
import type { CallOutcome } from "../ai";
import { mediaFileName } from "../media";
import type { ToolResult } from "./tool-types";

/**
 * A capability call's outcome as MCP content (CONTRACT "Capabilities over MCP"): the reply's text
 * (a search's or a report's ends with its sources list), each generated item as a `resource_link`
 * to its absolute signed URL, small images also as `image` content; a failure is a tool error
 * naming its code.
 */

const text = (value: string) => ({ type: "text", text: value });

/** A refusal inside `tools/call` (400 parameters, 402, 404, 429): a tool error whose text carries the code. */
export function refusal(code: string, message: string, details?: Record<string, unknown>): ToolResult {
  const fields = (details?.fields as { field: string; message: string }[] | undefined) ?? [];
  const listed = fields.map((f) => `\n- ${f.field}: ${f.message}`).join("");
  return {
    content: [text(`${code}: ${message}${listed}`)],
    structuredContent: { error: { code, message, ...(details ? { details } : {}) } },
    isError: true,
  };
}

/** A call still running when the wait is over: its run, its progress, and how to get its result. */
export function stillRunning(runId: string, outcome: Pick<CallOutcome, "stepsDone">): ToolResult {
  const steps = `${outcome.stepsDone} step${outcome.stepsDone === 1 ? "" : "s"} finished so far`;
  return {
    content: [
      text(
        `Still running as run ${runId} (${steps}). Call get_result with {"runId": "${runId}"} to get its result; it keeps running meanwhile.`,
      ),
    ],
    structuredContent: { runId, status: "running", stepsDone: outcome.stepsDone },
  };
}

export function callResult(origin: string, runId: string, outcome: CallOutcome): ToolResult {
  if (outcome.status === "failed") {
    const error = outcome.error ?? { code: "internal_error", message: "The run failed" };
    return { ...refusal(error.code, error.message), structuredContent: { runId, status: "failed", error } };
  }
  const links = outcome.media.map((item) => ({
    type: "resource_link",
    uri: `${origin}${item.url}`,
    // The name its download gives it (`Content-Disposition`).
    name: mediaFileName(item),
    mimeType: item.mimeType,
    size: item.size,
  }));
  const images = outcome.media.flatMap((item) =>
    item.bytes ? [{ type: "image", data: toBase64(item.bytes), mimeType: item.mimeType }] : [],
  );
  const ended = outcome.status === "stopped" ? "\n\n(The run was stopped before it finished.)" : "";
  const expiry = links.length ? [text("The links open without a token and expire after an hour.")] : [];
  return {
    content: [text(`${outcome.content}${ended}`), ...links, ...images, ...expiry],
    structuredContent: {
      runId,
      status: outcome.status,
      media: outcome.media.map((item) => ({
        id: item.id,
        kind: item.kind,
        mimeType: item.mimeType,
        size: item.size,
        url: `${origin}${item.url}`,
      })),
    },
  };
}
