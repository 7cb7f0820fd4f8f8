import type { Db } from "../../db/client";
import { mailProvider, type MailTransport, type ProviderSettings } from "./adapters";
import { outboxTransport } from "./outbox";

export type { MailMessage, MailTransport } from "./adapters";
export { MailDeliveryError } from "./adapters";

/** Which transport sends mail, from plain settings (the caller reads them from the environment). */
export type MailSettings = { provider: "outbox" } | ProviderSettings;

const RESEND_DEFAULT_BASE_URL = "https://api.resend.com";
const DEFAULT_FROM = "Platform <no-reply@localhost>";

/**
 * `MAIL_PROVIDER` empty means the outbox; `resend` needs `RESEND_API_KEY` (a secret) and
 * `MAIL_FROM`. A provider named but not configured is an operator error: it throws rather than
 * silently dropping mail into the outbox.
 */
export function mailSettings(vars: {
  MAIL_PROVIDER?: string;
  MAIL_FROM?: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
}): MailSettings {
  const provider = vars.MAIL_PROVIDER?.trim() ?? "";
  if (provider === "") return { provider: "outbox" };
  if (provider === "resend") {
    if (!vars.RESEND_API_KEY) throw new Error("MAIL_PROVIDER is resend but RESEND_API_KEY is not set");
    return {
      provider,
      apiKey: vars.RESEND_API_KEY,
      baseUrl: vars.RESEND_BASE_URL || RESEND_DEFAULT_BASE_URL,
      from: vars.MAIL_FROM || DEFAULT_FROM,
    };
  }
  throw new Error(`MAIL_PROVIDER "${provider}" is not supported (use "" for the outbox, or "resend")`);
}

/** The one mail interface every domain sends through. */
export function mailTransport(db: Db, settings: MailSettings): MailTransport {
  return settings.provider === "outbox" ? outboxTransport(db) : mailProvider(settings);
}
