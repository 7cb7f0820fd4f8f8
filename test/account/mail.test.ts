import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp } from "../../src/app";
import { resendTransport } from "../../src/domains/mail/adapters/resend";
import { mailSettings, MailDeliveryError } from "../../src/domains/mail";
import { BASE, createUser, uniqueIp } from "../helpers/api";
import { mailsTo } from "../helpers/outbox";
import { FAKE_RESEND_BASE_URL, FAKE_RESEND_KEY, installFakeResend, resendRequests } from "./fakes/resend";

beforeAll(installFakeResend);

describe("mail: the Resend transport", () => {
  it("sends Resend's request: Bearer key, JSON from, to[], subject, text, an idempotency key", async () => {
    const transport = resendTransport({
      apiKey: FAKE_RESEND_KEY,
      baseUrl: FAKE_RESEND_BASE_URL,
      from: "Platform <no-reply@example.com>",
    });
    await transport.send({ to: "ada@example.com", subject: "Hello", text: "Body" });
    const sent = resendRequests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${FAKE_RESEND_KEY}`);
    expect(sent.idempotencyKey).toBeTruthy();
    expect(sent.body).toEqual({
      from: "Platform <no-reply@example.com>",
      to: ["ada@example.com"],
      subject: "Hello",
      text: "Body",
    });
  });

  it("a refusal is a MailDeliveryError naming Resend's error, never the key", async () => {
    const transport = resendTransport({
      apiKey: "re_wrong_key_value",
      baseUrl: FAKE_RESEND_BASE_URL,
      from: "x@example.com",
    });
    const error = await transport.send({ to: "a@example.com", subject: "s", text: "t" }).catch((e) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error.status).toBe(403);
    expect(error.message).toContain("invalid_api_key");
    expect(error.message).not.toContain("re_wrong_key_value");
  });

  it("settings: empty is the outbox; resend needs its key; unknown providers are refused", () => {
    expect(mailSettings({ MAIL_PROVIDER: "" })).toEqual({ provider: "outbox" });
    expect(() => mailSettings({ MAIL_PROVIDER: "resend" })).toThrow(/RESEND_API_KEY/);
    expect(mailSettings({ MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_x" })).toMatchObject({
      baseUrl: "https://api.resend.com",
    });
    expect(() => mailSettings({ MAIL_PROVIDER: "carrier-pigeon" })).toThrow(/not supported/);
  });

  it("with MAIL_PROVIDER=resend, forgot-password mails the code through Resend and nothing lands in the outbox", async () => {
    const user = await createUser();
    const withResend = {
      ...env,
      MAIL_PROVIDER: "resend",
      RESEND_API_KEY: FAKE_RESEND_KEY,
      RESEND_BASE_URL: FAKE_RESEND_BASE_URL,
      MAIL_FROM: "Platform <no-reply@example.com>",
    } as Env;
    const ctx = createExecutionContext();
    const response = await (await loadApp()).fetch(
      new Request(`${BASE}/auth/forgot-password`, {
        method: "POST",
        body: JSON.stringify({ email: user.email }),
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      }),
      withResend,
      ctx,
    );
    expect(response.status).toBe(202);
    await waitOnExecutionContext(ctx);
    const sent = resendRequests.find((r) => r.body.to[0] === user.email);
    expect(sent?.body.subject).toMatch(/^Your password recovery code: \d{6}$/);
    expect((await mailsTo(user.email)).filter((m) => /recovery/.test(m.subject))).toHaveLength(0);
  });
});
