import { resendTransport, type ResendSettings } from "./resend";
import type { MailTransport } from "./types";

export type { MailMessage, MailTransport } from "./types";
export { MailDeliveryError } from "./types";

/** The outside mail providers there are: one, Resend (its settings name it). */
export type ProviderSettings = { provider: "resend" } & Omit<ResendSettings, "fetch">;

export const mailProvider = (settings: ProviderSettings): MailTransport => resendTransport(settings);
