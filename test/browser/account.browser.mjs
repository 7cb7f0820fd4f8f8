import assert from "node:assert/strict";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { request as api } from "../../scripts/lib/http.mjs";

/**
 * The account pages in headless Chromium, driven only by the links of the outbox e-mails: register
 * → open the confirmation link → confirm; then from the OAuth sign-in page "Forgot your password?"
 * → request a code → open the e-mail's link → enter the code and a new password; then sign in
 * through the OAuth pages with the new password and approve.
 */
const REDIRECT_URI = "https://client.example.com/callback";
const b64url = (buffer) => buffer.toString("base64url");

/** Account mail is written just after the answer leaves; wait for the newest matching message. */
async function awaitMail(origin, adminToken, to, subject, seen = new Set()) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const outbox = await api(origin, "GET", "/api/v1/admin/outbox?limit=100", { token: adminToken });
    const mail = outbox.body.data.find((m) => m.to === to && subject.test(m.subject) && !seen.has(m.id));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail ${subject} to ${to}`);
}

const linkIn = (mail) => /https?:\/\/\S+/.exec(mail.body)[0];

function authorizeUrl(origin, clientId, state, challenge) {
  const url = new URL(`${origin}/api/v1/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "email:read",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

export default async function ({ origin, adminToken, browser, screenshotDir }) {
  const user = { email: `account-browser-${randomUUID()}@example.com`, password: "first-password-123" };
  const newPassword = "second-password-456";
  const registered = await api(origin, "POST", "/api/v1/auth/register", { body: user });
  assert.equal(registered.status, 201);
  assert.equal(registered.body.data.user.emailVerified, false);

  const key = await api(origin, "POST", "/api/v1/admin/partner-keys", {
    token: adminToken,
    body: { name: "account browser test", scopes: ["partner:oauth-client-admin"] },
  });
  const client = await api(origin, "POST", "/api/v1/partner/oauth-clients", {
    token: key.body.data.key,
    body: {
      clientName: "Acme Planner",
      clientType: "confidential",
      redirectUris: [REDIRECT_URI],
      grantTypes: ["authorization_code", "refresh_token"],
      allowedScopes: ["email:read"],
    },
  });
  assert.equal(client.status, 201);
  const { clientId, clientSecret } = client.body.data;

  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  try {
    // 1. Confirm the address by following the e-mail's link.
    const confirmMail = await awaitMail(origin, adminToken, user.email, /Confirm your e-mail/);
    const confirmPage = await page.goto(linkIn(confirmMail));
    assert.equal(confirmPage.status(), 200);
    assert.match(confirmPage.headers()["content-security-policy"], /frame-ancestors 'none'/);
    await page.screenshot({ path: join(screenshotDir, "account-confirm-email.png") });
    const [confirmed] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    assert.equal(confirmed.status(), 200);
    assert.match(await page.locator("h1").textContent(), /E-mail address confirmed/);
    const login = await api(origin, "POST", "/api/v1/auth/login", { body: user });
    assert.equal(login.body.data.user.emailVerified, true);
    const oldRefreshToken = login.body.data.refreshToken;

    // 2. From the OAuth sign-in page to a new password, through the recovery e-mail.
    const { challenge } = {
      challenge: b64url(
        createHash("sha256")
          .update(b64url(randomBytes(48)))
          .digest(),
      ),
    };
    await page.goto(authorizeUrl(origin, clientId, "first", challenge));
    await Promise.all([page.waitForNavigation(), page.click("text=Forgot your password?")]);
    assert.match(page.url(), /\/api\/v1\/account\/forgot-password$/);
    await page.fill("#email", user.email);
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    assert.match(page.url(), /\/api\/v1\/account\/reset-password\?email=/);

    const recoveryMail = await awaitMail(origin, adminToken, user.email, /recovery code/);
    const code = /\b(\d{6})\b/.exec(recoveryMail.subject)[1];
    const resetPage = await page.goto(linkIn(recoveryMail));
    assert.equal(resetPage.status(), 200);
    assert.match(resetPage.headers()["content-security-policy"], /frame-ancestors 'none'/);
    assert.equal(await page.inputValue("#email"), user.email);
    await page.fill("#code", code);
    await page.fill("#password", newPassword);
    await page.screenshot({ path: join(screenshotDir, "account-reset-password.png") });
    const [changed] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    assert.equal(changed.status(), 200);
    assert.match(await page.locator("h1").textContent(), /Password changed/);

    // The old session is over; the old password no longer works.
    assert.equal(
      (await api(origin, "POST", "/api/v1/auth/refresh", { body: { refreshToken: oldRefreshToken } })).status,
      401,
    );
    assert.equal((await api(origin, "POST", "/api/v1/auth/login", { body: user })).status, 401);

    // 3. Sign in through the OAuth pages with the new password.
    const verifier = b64url(randomBytes(48));
    let resolveCallback;
    const callback = new Promise((resolve) => (resolveCallback = resolve));
    await page.route("https://client.example.com/**", (route) => {
      resolveCallback(new URL(route.request().url()));
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>client callback</p>" });
    });
    await page.goto(authorizeUrl(origin, clientId, "second", b64url(createHash("sha256").update(verifier).digest())));
    await page.fill("#email", user.email);
    await page.fill("#password", newPassword);
    await Promise.all([page.waitForNavigation(), page.click("form[action$='/login'] button[type=submit]")]);
    assert.match(page.url(), /\/oauth\/consent\?flow=/);
    await page.click("button[value=approve]");
    const back = await callback;
    assert.equal(back.searchParams.get("state"), "second");
    const token = await fetch(`${origin}/api/v1/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code"),
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    assert.equal(token.status, 200);
    const info = await (
      await fetch(`${origin}/api/v1/oauth/userinfo`, {
        headers: { Authorization: `Bearer ${(await token.json()).access_token}` },
      })
    ).json();
    assert.equal(info.email, user.email);
    assert.equal(info.email_verified, true);
  } finally {
    await context.close();
  }
}
