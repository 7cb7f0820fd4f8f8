import { badRequest, type FieldError } from "../../lib/errors";
import { mentionedInstances } from "../connectors";
import type { Ctx } from "../identity";
import { mentionedIdsOf, type StructuredBlock } from "./structured-blocks";
import type { ToolSet } from "./tool-source";

/** A mentioned connector instance as a run is given it (its tools come from the run's tool source). */
export interface RunMention {
  instanceId: string;
  displayName: string;
  connectorKey: string;
}

/** The entitlement every connector use takes (the run's connector tools need it too). */
const CONNECTORS_ENTITLEMENT = "connectors";

async function visibleMentions(ctx: Pick<Ctx, "db" | "env" | "auth">, blocks: StructuredBlock[]) {
  const ids = mentionedIdsOf(blocks);
  if (!ids.length || !ctx.auth.entitlements.includes(CONNECTORS_ENTITLEMENT)) return new Map();
  return mentionedInstances(ctx, ids);
}

/**
 * Send (CONTRACT "Structured blocks on send"): each mention must name a connector instance the
 * sender can execute in this workspace, `connected`; otherwise a field error on its `instanceId`
 * (unknown, foreign and invisible read alike, as everywhere in connectors). Answers the mentions
 * the run is told about, each once, in the order sent.
 */
export async function checkMentions(ctx: Pick<Ctx, "db" | "env" | "auth">, blocks: StructuredBlock[]) {
  const found = await visibleMentions(ctx, blocks);
  const problems: FieldError[] = [];
  blocks.forEach((block, index) => {
    if (block.type !== "mention") return;
    const field = `structuredBlocks.${index}.instanceId`;
    const instance = found.get(block.instanceId.toLowerCase());
    if (!instance || instance.authorizationState === "permission_restricted") {
      problems.push({ field, message: "is not a connector instance you can execute in this workspace" });
    } else if (instance.authorizationState !== "connected") {
      problems.push({ field, message: `is not connected (its authorizationState is ${instance.authorizationState})` });
    }
  });
  if (problems.length) throw badRequest(problems);
  return runMentions(found, blocks);
}

/**
 * Retry: the stored mentions whose instance the sender still sees; those gone since the send are
 * dropped (CONTRACT), never an error. One that is no longer connected stays: the run tells the
 * model its tools are not available.
 */
export async function retainedMentions(ctx: Pick<Ctx, "db" | "env" | "auth">, blocks: StructuredBlock[]) {
  return runMentions(await visibleMentions(ctx, blocks), blocks);
}

function runMentions(found: Awaited<ReturnType<typeof mentionedInstances>>, blocks: StructuredBlock[]): RunMention[] {
  return mentionedIdsOf(blocks).flatMap((id) => {
    const instance = found.get(id.toLowerCase());
    return instance
      ? [{ instanceId: instance.id, displayName: instance.displayName, connectorKey: instance.connectorKey }]
      : [];
  });
}

/**
 * What the model is told about the mentions (beside the persona's instructions): which connectors
 * the user pointed at, and the names of their tools among those the run offers.
 */
export function mentionNote(mentions: RunMention[], tools: ToolSet): string | null {
  if (!mentions.length) return null;
  const specs = tools.specs();
  const lines = mentions.map((mention) => {
    const names = tools.definitions.flatMap((tool, index) =>
      tool.instanceId === mention.instanceId ? [specs[index]!.name] : [],
    );
    const offered = names.length ? `its tools: ${names.join(", ")}` : "none of its tools is available to you now";
    return `- ${JSON.stringify(mention.displayName)} (connector ${mention.connectorKey}): ${offered}`;
  });
  return `In this message the user pointed at these connectors; use their tools where they help with the request:\n${lines.join("\n")}`;
}
