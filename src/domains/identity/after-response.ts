import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { runAfterResponse } from "../../lib/after-response";
import { describeError, logError } from "../../lib/log";
import { issuerOf } from "../../http/context";
import { createDb, type Db } from "../../db/client";
import { mailSettings, mailTransport, type MailTransport } from "../mail";
import { accountLinks, type AccountLinks } from "./account-links";

/** What mail-sending work needs, from the request: the database, the transport, where links land. */
export interface MailContext {
  db: Db;
  env: Env;
  mail: MailTransport;
  links: AccountLinks;
  /** The server secret that keys recovery-code digests. */
  pepper: string;
}

/**
 * Runs mail-sending work after the answer has left (`waitUntil`). The answers of forgot-password,
 * resend-confirmation and change-email must not depend on whether an address has an account;
 * doing the lookup, the token and the provider call after the response (lib/after-response.ts)
 * makes their timing the same by construction. Failures are logged with the request id (never the message body).
 */
export function afterResponse(c: Context<AppEnv>, work: (ctx: MailContext) => Promise<void>) {
  const requestId = c.var.requestId;
  const env = c.env;
  const db = createDb(c.env.DB);
  // The public origin (ISSUER when set): a mail must not link to whatever host a request used.
  const links = accountLinks(env.WEB_APP_URL, issuerOf(c));
  runAfterResponse(
    c.executionCtx,
    () => work({ db, env, mail: mailTransport(db, mailSettings(env)), links, pepper: env.JWT_SECRET }),
    (error) => logError(env, { requestId, task: "account mail", ...describeError(error) }),
  );
}
