import { and, inArray } from "drizzle-orm";
import { connectorInstances } from "../../../db/schema";
import type { Ctx } from "../../identity";
import {
  instanceQuery,
  resolveInstance,
  visibleTo,
  type AuthorizationState,
  type InstanceRecord,
} from "../instances/access";

/** An instance a message mentions, as the caller sees it in the active workspace. */
export interface MentionedInstance {
  id: string;
  displayName: string;
  connectorKey: string;
  /** `connected` only when the caller can execute its tools (CONTRACT "Instances"). */
  authorizationState: AuthorizationState;
}

/**
 * The instances among `ids` the caller sees in the active workspace (CONTRACT "Structured blocks on
 * send"), by id; unknown, foreign and invisible ids are simply absent, as everywhere else.
 */
export async function mentionedInstances(
  ctx: Pick<Ctx, "db" | "env" | "auth">,
  ids: string[],
): Promise<Map<string, MentionedInstance>> {
  if (!ids.length) return new Map();
  const records = await instanceQuery(ctx.db).where(
    and(
      inArray(
        connectorInstances.id,
        ids.map((id) => id.toLowerCase()),
      ),
      visibleTo(ctx.auth),
    ),
  );
  return new Map(
    records.map((record) => {
      const resolved = resolveInstance(ctx.env, ctx.auth, record as InstanceRecord);
      const { instance } = resolved.record;
      return [
        instance.id,
        {
          id: instance.id,
          displayName: instance.displayName,
          connectorKey: instance.connectorKey,
          authorizationState: resolved.authorizationState,
        },
      ];
    }),
  );
}
