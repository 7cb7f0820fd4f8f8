import assert from "node:assert/strict";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { request as api } from "../../scripts/lib/http.mjs";

/**
 * The OAuth sign-in and consent pages in headless Chromium: password sign-in, the consent page
 * listing the requested scopes in plain words (screenshot), approval back to the client with
 * `code`, `state` and `iss`, the code exchange; then a magic-link sign-in through the outbox and a
 * denial; and a check that the pages refuse to be framed.
 */
const REDIRECT_URI = "https://client.example.com/callback";
const SCOPES = ["email:read", "profile:read", "execution:run"];
const SCOPE_WORDS = [
  "See your e-mail address and whether it is verified",
  "See your name and username",
  "Run the AI assistant on your behalf",
];

const b64url = (buffer) => buffer.toString("base64url");

function authorizeUrl(origin, clientId, state, challenge) {
  const url = new URL(`${origin}/api/v1/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPES.join(" "),
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

/** The client's redirect URI is not reachable here: answer it in the browser and report the URL. */
async function interceptCallback(page) {
  let resolveUrl;
  const landed = new Promise((resolve) => (resolveUrl = resolve));
  await page.route("https://client.example.com/**", (route) => {
    resolveUrl(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>client callback</p>" });
  });
  return landed;
}

export default async function ({ origin, adminToken, browser, screenshotDir }) {
  const key = await api(origin, "POST", "/api/v1/admin/partner-keys", {
    token: adminToken,
    body: { name: "browser test", scopes: ["partner:oauth-client-admin"] },
  });
  assert.equal(key.status, 201);
  const registered = await api(origin, "POST", "/api/v1/partner/oauth-clients", {
    token: key.body.data.key,
    body: {
      clientName: "Acme Planner",
      clientType: "confidential",
      redirectUris: [REDIRECT_URI],
      grantTypes: ["authorization_code", "refresh_token"],
      allowedScopes: SCOPES,
    },
  });
  assert.equal(registered.status, 201);
  const { clientId, clientSecret } = registered.body.data;
  const user = {
    email: `oauth-browser-${randomUUID()}@example.com`,
    password: "browser-password-123",
    name: "Browser Tester",
  };
  assert.equal((await api(origin, "POST", "/api/v1/admin/users", { token: adminToken, body: user })).status, 201);

  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  try {
    // 1. Password sign-in, consent, approval.
    const verifier = b64url(randomBytes(48));
    const challenge = b64url(createHash("sha256").update(verifier).digest());
    const state = b64url(randomBytes(12));
    const callback = interceptCallback(page);
    const login = await page.goto(authorizeUrl(origin, clientId, state, challenge));
    assert.equal(login.status(), 200);
    assert.match(login.headers()["content-security-policy"], /frame-ancestors 'none'/);
    assert.match(await page.locator("h1").textContent(), /Sign in to continue to Acme Planner/);
    await page.screenshot({ path: join(screenshotDir, "oauth-login.png") });

    await page.fill("#email", user.email);
    await page.fill("#password", user.password);
    const [consent] = await Promise.all([
      page.waitForNavigation(),
      page.click("form[action$='/login'] button[type=submit]"),
    ]);
    assert.equal(consent.status(), 200);
    assert.match(consent.url(), /\/api\/v1\/oauth\/consent\?flow=/);
    assert.match(consent.headers()["content-security-policy"], /frame-ancestors 'none'/);
    const listed = await page.locator("ul.scopes li").allTextContents();
    assert.deepEqual(
      listed.map((text) => text.replace(/\s+/g, " ").trim()),
      SCOPES.map((scope, i) => `${SCOPE_WORDS[i]} (${scope})`),
    );
    assert.match(await page.locator("h1").textContent(), /Allow Acme Planner to access your account\?/);
    assert.ok(await page.locator("text=" + user.email).isVisible(), "the signed-in user is shown");
    const shot = join(screenshotDir, "oauth-consent.png");
    await page.screenshot({ path: shot, fullPage: true });

    await page.click("button[value=approve]");
    const back = await callback;
    assert.equal(back.origin + back.pathname, REDIRECT_URI);
    assert.equal(back.searchParams.get("state"), state);
    assert.equal(back.searchParams.get("iss"), origin);
    const code = back.searchParams.get("code");
    assert.match(code, /^oac_/);

    const token = await fetch(`${origin}/api/v1/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    assert.equal(token.status, 200);
    const tokens = await token.json();
    assert.equal(tokens.scope, SCOPES.join(" "));
    const info = await (
      await fetch(`${origin}/api/v1/oauth/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
    ).json();
    assert.equal(info.email, user.email);
    assert.equal(info.name, user.name);

    // 2. Magic link through the outbox, in the same browser; then deny.
    const page2 = await context.newPage();
    const denied = interceptCallback(page2);
    await page2.goto(authorizeUrl(origin, clientId, "second", challenge));
    await page2.fill("#magic-email", user.email);
    await Promise.all([page2.waitForNavigation(), page2.click("form[action$='/magic-link'] button")]);
    assert.match(await page2.locator("h1").textContent(), /Check your e-mail/);
    // Post/redirect/get: the browser landed on a GET page, so reloading it sends no second e-mail.
    assert.match(page2.url(), /\/api\/v1\/oauth\/magic-link\?flow=[\w-]+$/);
    // The mail is written just after the answer leaves (its timing must not reveal the address).
    let mail;
    for (
      const deadline = Date.now() + 10_000;
      !mail && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 100))
    ) {
      const outbox = await api(origin, "GET", "/api/v1/admin/outbox?limit=100", { token: adminToken });
      mail = outbox.body.data.find((m) => m.to === user.email);
    }
    assert.ok(mail, "the sign-in link is in the outbox");
    const link = /https?:\/\/\S+/.exec(mail.body)[0];
    await page2.goto(link);
    await Promise.all([page2.waitForNavigation(), page2.click("button[type=submit]")]);
    assert.match(page2.url(), /\/oauth\/consent\?flow=/);
    await page2.click("button[value=deny]");
    const refused = await denied;
    assert.equal(refused.searchParams.get("error"), "access_denied");
    assert.equal(refused.searchParams.get("state"), "second");
    assert.equal(refused.searchParams.get("iss"), origin);
    assert.equal(refused.searchParams.get("code"), null);

    // 3. Framing is refused (frame-ancestors 'none'): the frame never shows the form.
    const framer = await context.newPage();
    await framer.goto(`${origin}/api/v1/health`);
    await framer.setContent(
      `<iframe id="f" src="${authorizeUrl(origin, clientId, "framed", challenge)}" width="600" height="400"></iframe>`,
    );
    await framer.waitForTimeout(1000);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    assert.ok(frame, "the iframe exists");
    assert.doesNotMatch(
      frame.url(),
      /\/oauth\/login/,
      "the framed navigation is blocked before the sign-in page renders",
    );
    assert.equal(await frame.locator("#password").count(), 0, "the sign-in form must not render inside a frame");
  } finally {
    await context.close();
  }
}
