import { createDb } from "../../db/client";
import { purgeExpiredTokens } from "./service";

/** The identity domain's scheduled work (src/cron's table): expired one-time tokens and sessions go. */
export const identityCron = {
  purgeExpiredTokens: (env: Env) => purgeExpiredTokens(createDb(env.DB)),
};
