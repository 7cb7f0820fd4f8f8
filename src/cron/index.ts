import { createDb } from "../db/client";
import { purgeOAuth } from "../domains/oauth/purge";
import { purgeExpiredTokens } from "../domains/identity/service";
import { purgeExpiredNotifications } from "../domains/notifications/service";
import { purgeDeletedPayloads, purgeExpiredOAuthStates, refreshExpiringCredentials } from "../domains/connectors";
import { refreshStatus, takeDailySnapshot } from "../domains/status/cron";
import { describeError, logError } from "../lib/log";

/**
 * Cron dispatch by expression (see wrangler.toml `[triggers]`). Each job is a list of domain
 * tasks; one failing task does not stop the others, and is logged.
 */
type Task = (env: Env, scheduledTime: number) => Promise<unknown>;

export const EVERY_FIVE_MINUTES = "*/5 * * * *";
export const DAILY = "5 0 * * *";

export const CRON_TASKS: Record<string, Task[]> = {
  [EVERY_FIVE_MINUTES]: [
    (env) => purgeExpiredTokens(createDb(env.DB)),
    (env) => purgeExpiredNotifications(createDb(env.DB)),
    (env) => refreshStatus(env),
    (env) => purgeOAuth(createDb(env.DB)),
    (env, scheduledTime) => refreshExpiringCredentials(createDb(env.DB), env, scheduledTime),
    (env, scheduledTime) => purgeExpiredOAuthStates(createDb(env.DB), scheduledTime),
    (env) => purgeDeletedPayloads(createDb(env.DB), env),
  ],
  [DAILY]: [(env, scheduledTime) => takeDailySnapshot(env, scheduledTime)],
};

export async function runScheduled(controller: ScheduledController, env: Env) {
  const tasks = CRON_TASKS[controller.cron] ?? [];
  const results = await Promise.allSettled(tasks.map((task) => task(env, controller.scheduledTime)));
  for (const result of results) {
    if (result.status === "rejected") logError(env, { cron: controller.cron, ...describeError(result.reason) });
  }
}
