import { MailDeliveryError, type MailMessage, type MailTransport } from "./types";

export interface ResendSettings {
  apiKey: string;
  /** `https://api.resend.com` in production; a local fake in tests. */
  baseUrl: string;
  /** The sender, e.g. `Platform <no-reply@example.com>` (a domain verified with Resend). */
  from: string;
  fetch?: typeof fetch;
}

/** Resend answers a request within seconds; past this the message is treated as not sent. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Resend's e-mail API (`POST /emails`, Bearer key, JSON `from`, `to[]`, `subject`, `text`; 200 with
 * `{ id }`; errors as `{ statusCode, name, message }`). The idempotency key lets a retried send
 * of the same message be delivered once.
 */
export function resendTransport(settings: ResendSettings): MailTransport {
  const doFetch = settings.fetch ?? fetch;
  return {
    async send(message: MailMessage) {
      const body = JSON.stringify({
        from: settings.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
      });
      let response: Response;
      try {
        response = await doFetch(`${settings.baseUrl.replace(/\/+$/, "")}/emails`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${settings.apiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": crypto.randomUUID(),
          },
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MailDeliveryError(`Resend could not be reached: ${(error as Error).name}`);
      }
      if (!response.ok) {
        const detail = (await response.json().catch(() => null)) as { name?: string; message?: string } | null;
        throw new MailDeliveryError(
          `Resend refused the message: ${response.status} ${detail?.name ?? ""} ${detail?.message ?? ""}`.trim(),
          response.status,
        );
      }
    },
  };
}
