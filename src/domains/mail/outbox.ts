import type { Db } from "../../db/client";
import { outbox } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { MailMessage, MailTransport } from "./adapters";

/**
 * The transport when no provider is configured: messages land in the `outbox` table, readable by
 * the operator at GET /admin/outbox (and by tests, which follow the links in them).
 */
export const outboxTransport = (db: Db): MailTransport => ({
  async send(message: MailMessage) {
    await db.insert(outbox).values({
      id: newId(),
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: nowIso(),
    });
  },
});
