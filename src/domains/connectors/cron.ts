import { createDb } from "../../db/client";
import { purgeExpiredOAuthStates, purgeDeletedPayloads, refreshExpiringCredentials } from "./secrets";

/**
 * The connectors domain's scheduled work (src/cron's table): OAuth credentials refreshed before they
 * expire, abandoned OAuth hand-offs and the R2 payloads of deleted executions removed.
 */
export const connectorsCron = {
  refreshCredentials: (env: Env, scheduledTime: number) =>
    refreshExpiringCredentials(createDb(env.DB), env, scheduledTime),
  purgeOAuthStates: (env: Env, scheduledTime: number) => purgeExpiredOAuthStates(createDb(env.DB), scheduledTime),
  purgeDeletedPayloads: (env: Env) => purgeDeletedPayloads(createDb(env.DB), env),
};
