import { env } from "cloudflare:workers";

export interface OutboxMail {
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

/**
 * Account mail is written after the answer has left (`waitUntil`), so a test waits for it: the
 * newest message to `recipient` whose subject matches, polled from the outbox table.
 */
export async function awaitMail(
  recipient: string,
  subject: RegExp,
  options: { after?: string; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const { results } = await env.DB.prepare(
      "SELECT recipient, subject, body, created_at AS createdAt FROM outbox WHERE recipient = ?1 AND created_at > ?2 ORDER BY created_at DESC, rowid DESC",
    )
      .bind(recipient, options.after ?? "")
      .all<OutboxMail>();
    const match = results.find((mail) => subject.test(mail.subject));
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every message to `recipient` so far (for asserting that nothing was sent). */
export async function mailsTo(recipient: string): Promise<OutboxMail[]> {
  const { results } = await env.DB.prepare(
    "SELECT recipient, subject, body, created_at AS createdAt FROM outbox WHERE recipient = ?1",
  )
    .bind(recipient)
    .all<OutboxMail>();
  return results;
}

/**
 * A pause for `waitUntil` work of requests made with `call` (the timing tests, which measure the
 * answer alone). A check that something did not happen makes its request with `callAwaitingWork`
 * instead, which awaits that work to its end.
 */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

export const linkIn = (body: string) => /https?:\/\/\S+/.exec(body)?.[0] ?? "";
export const tokenOfLink = (link: string) => new URL(link).searchParams.get("token") ?? "";
export const codeIn = (mail: OutboxMail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? "";
