import { createDb } from "../../db/client";
import { purgeExpiredNotifications } from "./service";

/** The notifications domain's scheduled work (src/cron's table): expired notifications go, in batches. */
export const notificationsCron = {
  purgeExpired: (env: Env) => purgeExpiredNotifications(createDb(env.DB)),
};
