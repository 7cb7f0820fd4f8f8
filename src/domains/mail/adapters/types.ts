/** The mail port: what the domains hand to whichever transport is configured. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every message is short and link-centred, and text survives every client. */
  text: string;
}

/** A transport that delivers (or stores) one message; it throws `MailDeliveryError` when it cannot. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** The provider refused or could not be reached. Carries the provider's status, never its key. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}
