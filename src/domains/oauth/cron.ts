import { createDb } from "../../db/client";
import { purgeOAuth } from "./purge";

/** The OAuth server's scheduled work (src/cron's table): expired codes, tokens and consents' leftovers go. */
export const oauthCron = {
  purge: (env: Env) => purgeOAuth(createDb(env.DB)),
};
