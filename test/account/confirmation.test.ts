import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callAwaitingWork, expectError, expectFieldError, uniqueEmail, uniqueIp } from "../helpers/api";
import { awaitMail, linkIn, mailsTo, tokenOfLink } from "../helpers/outbox";

const PASSWORD = "correct-horse-battery";

async function register(email = uniqueEmail()) {
  const res = await call("POST", "/auth/register", { body: { email, password: PASSWORD }, ip: uniqueIp() });
  expect(res.status).toBe(201);
  expect(res.body.data.user.emailVerified).toBe(false);
  return { email, ...res.body.data };
}

const confirm = (token: string) => call("POST", "/auth/confirm-email", { body: { token }, ip: uniqueIp() });

describe("e-mail confirmation", () => {
  it("register mails a link; confirming it verifies the address, once", async () => {
    const { email, accessToken, user } = await register();
    const mail = await awaitMail(email, /Confirm your e-mail/);
    const link = linkIn(mail.body);
    // WEB_APP_URL is empty in tests: links land on this API's own page.
    expect(link).toMatch(/^http:\/\/localhost\/api\/v1\/account\/confirm-email\?token=ect_/);

    const confirmed = await confirm(tokenOfLink(link));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({ id: user.id, email, emailVerified: true });
    expect((await call("GET", "/me", { token: accessToken, ip: uniqueIp() })).body.data.user.emailVerified).toBe(true);

    // Single use.
    expectError(await confirm(tokenOfLink(link)), 400, "invalid_token");
  });

  it("a link opened twice at once confirms once", async () => {
    const { email } = await register();
    const token = tokenOfLink(linkIn((await awaitMail(email, /Confirm/)).body));
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it("stores only the token's hash", async () => {
    const { email } = await register();
    const token = tokenOfLink(linkIn((await awaitMail(email, /Confirm/)).body));
    const rows = await env.DB.prepare("SELECT token_hash FROM email_confirmations WHERE email = ?")
      .bind(email)
      .all<{ token_hash: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.token_hash).not.toContain(token);
    expect(rows.results[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("unknown, expired and malformed tokens are 400 invalid_token / bad_request", async () => {
    expectError(await confirm("ect_not-a-real-token"), 400, "invalid_token");
    const { email } = await register();
    const token = tokenOfLink(linkIn((await awaitMail(email, /Confirm/)).body));
    await env.DB.prepare("UPDATE email_confirmations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?")
      .bind(email)
      .run();
    expectError(await confirm(token), 400, "invalid_token");
    expectFieldError(await call("POST", "/auth/confirm-email", { body: {}, ip: uniqueIp() }), "token");
  });

  it("resend-confirmation: 202 and the same body for unconfirmed, confirmed and unknown addresses; only the unconfirmed one gets mail", async () => {
    const { email } = await register();
    const first = await awaitMail(email, /Confirm/);
    const unknown = uniqueEmail("nobody");
    const confirmedUser = await register();
    await confirm(tokenOfLink(linkIn((await awaitMail(confirmedUser.email, /Confirm/)).body)));

    const answers = await Promise.all(
      [email, unknown, confirmedUser.email].map((address) =>
        callAwaitingWork("POST", "/auth/resend-confirmation", { body: { email: address }, ip: uniqueIp() }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ data: { sent: true } });
    }
    const second = await awaitMail(email, /Confirm/, { after: first.createdAt });
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(confirmedUser.email)).toHaveLength(1);

    // Only the newest link works.
    expectError(await confirm(tokenOfLink(linkIn(first.body))), 400, "invalid_token");
    expect((await confirm(tokenOfLink(linkIn(second.body)))).status).toBe(200);
  });

  it("resend-confirmation validates the address", async () => {
    expectFieldError(
      await call("POST", "/auth/resend-confirmation", { body: { email: "not-an-address" }, ip: uniqueIp() }),
      "email",
    );
  });
});
