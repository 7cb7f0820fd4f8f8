import { describe, expect, it } from "vitest";
import { call, createUser, uniqueEmail, uniqueIp } from "../helpers/api";
import { authorizeUrl, Browser, hiddenFields, pkce, registerClient } from "../helpers/oauth";
import { awaitMail, codeIn, linkIn } from "../helpers/outbox";

const PAGES = "http://localhost/api/v1/account";

function expectProtectedPage(res: { headers: Headers }) {
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
}

describe("account pages (no WEB_APP_URL)", () => {
  it("confirm e-mail: the link's page confirms with a CSRF-protected POST", async () => {
    const email = uniqueEmail();
    expect(
      (await call("POST", "/auth/register", { body: { email, password: "long-enough-pw" }, ip: uniqueIp() })).status,
    ).toBe(201);
    const link = linkIn((await awaitMail(email, /Confirm/)).body);

    const browser = new Browser();
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expectProtectedPage(page);
    const fields = hiddenFields(page.text);
    expect(fields.token).toMatch(/^ect_/);
    expect(fields.csrf).toBeTruthy();

    // A forged post (no cookie of this browser) and a wrong token are refused.
    expect((await new Browser().post(`${PAGES}/confirm-email`, fields)).status).toBe(403);
    expect((await browser.post(`${PAGES}/confirm-email`, { ...fields, csrf: "forged" })).status).toBe(403);

    const confirmed = await browser.post(`${PAGES}/confirm-email`, fields);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("confirmed");
    const login = await call("POST", "/auth/login", { body: { email, password: "long-enough-pw" }, ip: uniqueIp() });
    expect(login.body.data.user.emailVerified).toBe(true);

    const again = await browser.post(`${PAGES}/confirm-email`, fields);
    expect(again.status).toBe(400);
  });

  it("password recovery: forgot page → code by e-mail → reset page → sign in with the new password", async () => {
    const user = await createUser();
    const browser = new Browser();
    const forgotPage = await browser.get(`${PAGES}/forgot-password`);
    expect(forgotPage.status).toBe(200);
    expectProtectedPage(forgotPage);
    const sent = await browser.post(`${PAGES}/forgot-password`, {
      ...hiddenFields(forgotPage.text),
      email: user.email,
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/api/v1/account/reset-password?email=${encodeURIComponent(user.email)}`);

    const mail = await awaitMail(user.email, /recovery code/);
    const resetPage = await browser.get(linkIn(mail.body));
    expect(resetPage.status).toBe(200);
    expect(resetPage.text).toContain(`value="${user.email}"`);
    const csrf = hiddenFields(resetPage.text).csrf!;

    const wrong = await browser.post(`${PAGES}/reset-password`, {
      csrf,
      email: user.email,
      code: codeIn(mail) === "000000" ? "000001" : "000000",
      password: "brand-new-password",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("The code is wrong");

    const reset = await browser.post(`${PAGES}/reset-password`, {
      csrf: hiddenFields(wrong.text).csrf!,
      email: user.email,
      code: codeIn(mail),
      password: "brand-new-password",
    });
    expect(reset.status).toBe(200);
    expect(reset.text).toContain("Password changed");
    expect(
      (
        await call("POST", "/auth/login", {
          body: { email: user.email, password: "brand-new-password" },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(200);
  });

  it("the OAuth sign-in page links to password recovery", async () => {
    const client = await registerClient();
    const { challenge } = await pkce();
    const browser = new Browser();
    const start = await browser.get(
      authorizeUrl({
        client_id: client.clientId,
        redirect_uri: client.redirectUris[0],
        response_type: "code",
        scope: "email:read",
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
    );
    const login = await browser.get(start.headers.get("Location")!);
    expect(login.text).toContain('href="/api/v1/account/forgot-password"');
  });
});
