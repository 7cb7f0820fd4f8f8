import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  call,
  callAwaitingWork,
  createUser,
  expectError,
  expectFieldError,
  uniqueEmail,
  uniqueIp,
} from "../helpers/api";
import { exchange, issueCode, refresh, registerClient } from "../helpers/oauth";
import { awaitMail, codeIn, linkIn, mailsTo } from "../helpers/outbox";
import { awaitRoomInWindow } from "../helpers/rate-window";

const NEW_PASSWORD = "a-brand-new-password";

/** Asks for a code and awaits the request's after-answer work (the lookup and the mail). */
async function forgot(email: string) {
  const res = await callAwaitingWork("POST", "/auth/forgot-password", { body: { email }, ip: uniqueIp() });
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ data: { sent: true } });
}

async function mailedCode(user: { email: string }, after?: string) {
  const mail = await awaitMail(user.email, /recovery code/, { after });
  return { code: codeIn(mail), mail };
}

const exchangeCode = (email: string, code: string) =>
  call("POST", "/auth/exchange-recovery-code", { body: { email, code }, ip: uniqueIp() });
const reset = (resetToken: string, password = NEW_PASSWORD) =>
  call("POST", "/auth/reset-password", { body: { resetToken, password }, ip: uniqueIp() });
const login = (email: string, password: string) =>
  call("POST", "/auth/login", { body: { email, password }, ip: uniqueIp() });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("password recovery", () => {
  it("forgot → code → reset token → new password; old refresh tokens, access tokens and OAuth refresh tokens are dead", async () => {
    const user = await createUser();
    const client = await registerClient();
    const oauth = await exchange(client, await issueCode(user, client));
    expect(oauth.status, oauth.text).toBe(200);
    const second = await login(user.email, user.password);

    await forgot(user.email);
    const { code, mail } = await mailedCode(user);
    expect(code).toMatch(/^\d{6}$/);
    expect(linkIn(mail.body)).toBe(
      `http://localhost/api/v1/account/reset-password?email=${encodeURIComponent(user.email)}`,
    );

    const exchanged = await exchangeCode(user.email, code);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body.data).toEqual({ resetToken: expect.stringMatching(/^prt_/), expiresIn: 900 });

    const done = await reset(exchanged.body.data.resetToken);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { reset: true } });

    // Every first-party session is over: refresh tokens and access tokens alike.
    for (const refreshToken of [user.refreshToken, second.body.data.refreshToken]) {
      expectError(await call("POST", "/auth/refresh", { body: { refreshToken }, ip: uniqueIp() }), 401, "unauthorized");
    }
    expectError(await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() }), 401, "unauthorized");
    // The OAuth grant is revoked: its refresh token no longer works, nor its access token.
    const refreshed = await refresh(client, oauth.json.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.json.error).toBe("invalid_grant");
    const userinfo = await call("GET", "/oauth/userinfo", { token: oauth.json.access_token, ip: uniqueIp() });
    expect(userinfo.status).toBe(401);

    // The old password is gone, the new one works.
    expectError(await login(user.email, user.password), 401, "invalid_credentials");
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    // The reset token and the code were single use.
    expectError(await reset(exchanged.body.data.resetToken, "yet-another-password"), 400, "invalid_token");
    expectError(await exchangeCode(user.email, code), 400, "invalid_token");
  });

  it("a reset token used twice at once sets one password", async () => {
    const user = await createUser();
    await forgot(user.email);
    const exchanged = await exchangeCode(user.email, (await mailedCode(user)).code);
    const answers = await Promise.all([
      reset(exchanged.body.data.resetToken, "first-new-password"),
      reset(exchanged.body.data.resetToken, "second-new-password"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? "first-new-password" : "second-new-password";
    expect((await login(user.email, winner)).status).toBe(200);
  });

  it("stores the code as a keyed digest, never the code", async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await mailedCode(user);
    const row = await env.DB.prepare("SELECT code_hash FROM password_recoveries WHERE user_id = ?")
      .bind(user.id)
      .first<{ code_hash: string }>();
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash.length).toBeGreaterThanOrEqual(43);
  });

  it("five wrong codes kill the code, even the right one after them", async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await mailedCode(user);
    for (let i = 0; i < 5; i++) expectError(await exchangeCode(user.email, wrongCodeFor(code)), 400, "invalid_token");
    expectError(await exchangeCode(user.email, code), 400, "invalid_token");
  });

  it("four wrong codes leave the fifth try to the right one", async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await mailedCode(user);
    for (let i = 0; i < 4; i++) expectError(await exchangeCode(user.email, wrongCodeFor(code)), 400, "invalid_token");
    expect((await exchangeCode(user.email, code)).status).toBe(200);
  });

  it("guesses sent at once are compared at most five times", async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await mailedCode(user);
    const guesses = Array.from({ length: 12 }, (_, i) => (i === 11 ? code : wrongCodeFor(String(Number(code) + i))));
    const answers = await Promise.all(guesses.map((guess) => exchangeCode(user.email, guess)));
    const row = await env.DB.prepare("SELECT attempts FROM password_recoveries WHERE user_id = ?")
      .bind(user.id)
      .first<{ attempts: number }>();
    expect(row!.attempts).toBe(5);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  });

  it("an expired code and an expired reset token are refused", async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await mailedCode(user);
    await env.DB.prepare("UPDATE password_recoveries SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run();
    expectError(await exchangeCode(user.email, code), 400, "invalid_token");

    const other = await createUser();
    await forgot(other.email);
    const exchanged = await exchangeCode(other.email, (await mailedCode(other)).code);
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(other.id)
      .run();
    expectError(await reset(exchanged.body.data.resetToken), 400, "invalid_token");
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it("a newer code replaces the older one", async () => {
    const user = await createUser();
    await forgot(user.email);
    const first = await mailedCode(user);
    await forgot(user.email);
    const second = await mailedCode(user, first.mail.createdAt);
    if (first.code !== second.code) expectError(await exchangeCode(user.email, first.code), 400, "invalid_token");
    expect((await exchangeCode(user.email, second.code)).status).toBe(200);
  });

  it("unknown addresses: the same 202 and body, no mail; their codes are refused like wrong ones", async () => {
    const unknown = uniqueEmail("ghost");
    await forgot(unknown);
    expect(await mailsTo(unknown)).toHaveLength(0);
    const answer = await exchangeCode(unknown, "123456");
    expectError(answer, 400, "invalid_token");
    const user = await createUser();
    const wrong = await exchangeCode(user.email, "123456");
    expect(wrong.body.error).toEqual(answer.body.error);
  });

  it("at most 5 codes an hour per address, however many IPs ask (each code brings 5 fresh tries)", async () => {
    await awaitRoomInWindow(3600, 10_000);
    const user = await createUser();
    for (let i = 0; i < 7; i++) await forgot(user.email);
    expect((await mailsTo(user.email)).filter((m) => /recovery code/.test(m.subject))).toHaveLength(5);
  });

  it("validates code, password and token shapes", async () => {
    expectFieldError(await exchangeCode("a@example.com", "12345"), "code", /6 digits/);
    expectFieldError(await exchangeCode("a@example.com", "12345a"), "code");
    expectFieldError(await reset("prt_x", "short"), "password");
    expectError(await reset("prt_unknown"), 400, "invalid_token");
  });
});
