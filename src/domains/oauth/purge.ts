import type { Db } from "../../db/client";
import { purgeFlows } from "./flow-service";
import { purgeTokens } from "./token-service";

/** Cron task (every five minutes): expired flows, codes, tokens and stale outbox mail. */
export async function purgeOAuth(db: Db) {
  await Promise.all([purgeFlows(db), purgeTokens(db)]);
}
