import { aiCron } from "../domains/ai";
import { connectorsCron } from "../domains/connectors";
import { identityCron } from "../domains/identity";
import { notificationsCron } from "../domains/notifications";
import { oauthCron } from "../domains/oauth";
import { statusCron } from "../domains/status";
import { describeError, logError } from "../lib/log";

/**
 * Cron dispatch by expression (see wrangler.toml `[triggers]`): each expression's tasks, one line
 * each, from the domains' public faces (`<domain>Cron`); one failing task does not stop the others, and is logged.
 */
type Task = (env: Env, scheduledTime: number) => Promise<unknown>;

export const EVERY_FIVE_MINUTES = "*/5 * * * *";
export const DAILY = "5 0 * * *";

export const CRON_TASKS: Record<string, Task[]> = {
  [EVERY_FIVE_MINUTES]: [
    identityCron.purgeExpiredTokens,
    notificationsCron.purgeExpired,
    statusCron.refresh,
    oauthCron.purge,
    connectorsCron.refreshCredentials,
    connectorsCron.purgeOAuthStates,
    connectorsCron.purgeDeletedPayloads,
    aiCron.eraseDeletedConversations,
    aiCron.drainConversations,
  ],
  [DAILY]: [statusCron.dailySnapshot],
};

export async function runScheduled(controller: ScheduledController, env: Env) {
  const tasks = CRON_TASKS[controller.cron] ?? [];
  const results = await Promise.allSettled(tasks.map((task) => task(env, controller.scheduledTime)));
  for (const result of results) {
    if (result.status === "rejected") logError(env, { cron: controller.cron, ...describeError(result.reason) });
  }
}
