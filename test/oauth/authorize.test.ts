import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createUser } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import {
  authorize,
  authorizeUrl,
  Browser,
  exchange,
  hiddenFields,
  OAUTH,
  pkce,
  REDIRECT_URI,
  registerClient,
  toConsent,
} from "../helpers/oauth";

async function validParams(clientId: string, extra: Record<string, string | string[] | undefined> = {}) {
  const { challenge } = await pkce();
  return {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "email:read",
    state: "st-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  };
}

/** Starts a flow in `browser` and opens its sign-in page: the page's URL and its form's hidden fields. */
async function openLogin(browser: Browser, clientId: string) {
  const start = await browser.get(authorizeUrl(await validParams(clientId)));
  const loginUrl = start.headers.get("Location")!;
  const page = await browser.get(loginUrl);
  expect(page.status).toBe(200);
  return { loginUrl, fields: hiddenFields(page.text) };
}

/** The flow has no signed-in user: its consent page sends the browser back to sign in. */
async function expectSignedOut(browser: Browser, flowId: string) {
  const consent = await browser.get(`${OAUTH}/consent?flow=${flowId}`);
  expect(consent.status).toBe(303);
  expect(consent.headers.get("Location")).toBe(`/api/v1/oauth/login?flow=${flowId}`);
}

/** The client-side view of an authorization error redirect. */
async function errorRedirect(params: Record<string, string | string[] | undefined>) {
  const res = await new Browser().get(authorizeUrl(params));
  expect(res.status, res.text).toBe(302);
  const url = new URL(res.headers.get("Location")!);
  expect(url.origin + url.pathname).toBe(REDIRECT_URI);
  expect(url.searchParams.get("iss")).toBe("http://localhost");
  return url.searchParams;
}

describe("GET /oauth/authorize: invalid client or redirect URI is a page, never a redirect", () => {
  it.each([
    ["missing client_id", (id: string) => ({ client_id: undefined })],
    ["unknown client_id", () => ({ client_id: crypto.randomUUID() })],
    ["non-UUID client_id", () => ({ client_id: "acme" })],
    ["repeated client_id", (id: string) => ({ client_id: [id, id] })],
    ["missing redirect_uri", () => ({ redirect_uri: undefined })],
    ["repeated redirect_uri", () => ({ redirect_uri: [REDIRECT_URI, REDIRECT_URI] })],
    ["unregistered redirect_uri", () => ({ redirect_uri: "https://evil.example.com/callback" })],
  ])("%s", async (_name, change) => {
    const client = await registerClient();
    const res = await new Browser().get(
      authorizeUrl({ ...(await validParams(client.clientId)), ...change(client.clientId) }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.text).not.toContain("evil.example.com");
  });
});

describe("GET /oauth/authorize: every other invalid parameter redirects with error=invalid_request, error_description, state and iss", () => {
  it.each([
    ["missing response_type", { response_type: undefined }, "response_type is required"],
    [
      "response_type token (implicit)",
      { response_type: "token" },
      "response_type must be code (the implicit flow is not supported)",
    ],
    ["missing scope", { scope: undefined }, "scope is required"],
    ["blank scope", { scope: "  " }, "scope is empty"],
    ["unknown scope", { scope: "email:read admin:all" }, "scope names an unknown scope"],
    ["missing code_challenge", { code_challenge: undefined }, "code_challenge is required (PKCE)"],
    ["malformed code_challenge", { code_challenge: "short" }, "code_challenge is not a BASE64URL SHA-256 value"],
    ["plain code_challenge_method", { code_challenge_method: "plain" }, "code_challenge_method must be S256"],
    ["repeated scope", { scope: ["email:read", "profile:read"] }, "scope is repeated"],
  ])("%s", async (_name, change, description) => {
    const client = await registerClient();
    const params = await errorRedirect({ ...(await validParams(client.clientId)), ...change });
    expect([...params.keys()]).toEqual(["error", "error_description", "state", "iss"]);
    expect(params.get("error")).toBe("invalid_request");
    expect(params.get("error_description")).toBe(description);
    expect(params.get("state")).toBe("st-1");
  });

  it("a scope the client was not registered for is invalid_request", async () => {
    const client = await registerClient({ allowedScopes: ["email:read"] });
    const params = await errorRedirect(await validParams(client.clientId, { scope: "email:read wallet:read" }));
    expect(params.get("error")).toBe("invalid_request");
    expect(params.get("error_description")).toBe("scope names a scope this client is not registered for");
  });

  it("without state, none comes back; a repeated state is not echoed", async () => {
    const client = await registerClient();
    const params = await errorRedirect(
      await validParams(client.clientId, { state: undefined, response_type: "token" }),
    );
    expect(params.has("state")).toBe(false);
    const repeated = await errorRedirect(await validParams(client.clientId, { state: ["a", "b"] }));
    expect(repeated.get("error")).toBe("invalid_request");
    expect(repeated.has("state")).toBe(false);
    const tooLong = await errorRedirect(await validParams(client.clientId, { state: "s".repeat(1025) }));
    expect([...tooLong]).toEqual([
      ["error", "invalid_request"],
      ["error_description", "state is too long"],
      ["iss", "http://localhost"],
    ]);
  });

  it("unknown parameters are ignored", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const back = await authorize(user, await validParams(client.clientId, { nonce: "n", prompt: "login" }));
    expect(back.searchParams.get("code")).toBeTruthy();
  });
});

describe("sign-in and consent pages", () => {
  it("approve: code, state and iss; no state when none was sent", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const back = await authorize(user, await validParams(client.clientId, { state: "a b&c=d" }));
    expect([...back.searchParams.keys()]).toEqual(["code", "state", "iss"]);
    expect(back.searchParams.get("code")).toMatch(/^oac_/);
    expect(back.searchParams.get("state")).toBe("a b&c=d");
    expect(back.searchParams.get("iss")).toBe("http://localhost");

    const noState = await authorize(user, await validParams(client.clientId, { state: undefined }));
    expect([...noState.searchParams.keys()]).toEqual(["code", "iss"]);
  });

  it("a registered redirect URI with a query comes back byte-identical, the parameters appended", async () => {
    // URLSearchParams would turn this into ?a=b+c&t=%7E.
    const registered = `${REDIRECT_URI}?a=b%20c&t=~`;
    const [user, client] = await Promise.all([createUser(), registerClient({ redirectUris: [registered] })]);
    const iss = "iss=http%3A%2F%2Flocalhost";

    const approved = await new Browser().get(
      authorizeUrl(await validParams(client.clientId, { redirect_uri: registered, response_type: "token" })),
    );
    expect(approved.headers.get("Location")).toBe(
      `${registered}&error=invalid_request&error_description=response_type%20must%20be%20code%20(the%20implicit%20flow%20is%20not%20supported)&state=st-1&${iss}`,
    );

    const browser = new Browser();
    const { verifier, challenge } = await pkce();
    const consent = await toConsent(
      browser,
      user,
      await validParams(client.clientId, { redirect_uri: registered, state: "x y~", code_challenge: challenge }),
    );
    const decided = await browser.post(`${OAUTH}/consent`, { ...hiddenFields(consent.text), decision: "approve" });
    const location = decided.headers.get("Location")!;
    const code = new URL(location).searchParams.get("code")!;
    expect(location).toBe(`${registered}&code=${code}&state=x%20y~&${iss}`);

    // The same string, byte for byte, is the redirect_uri the token request must repeat.
    const tokens = await exchange(client, { code, verifier, redirectUri: registered });
    expect(tokens.status, tokens.text).toBe(200);
  });

  it("deny: error=access_denied with state and iss, and no code", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const back = await authorize(user, await validParams(client.clientId), "deny");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-1");
    expect(back.searchParams.get("iss")).toBe("http://localhost");
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("pages: listed scopes, frame-ancestors 'none', no-store, HttpOnly SameSite cookie", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient({ clientName: "Acme <Planner>" })]);
    const browser = new Browser();
    const start = await browser.get(
      authorizeUrl(await validParams(client.clientId, { scope: "email:read execution:run" })),
    );
    expect(start.headers.get("Set-Cookie")).toMatch(
      /^oauth_browser=ob_[\w-]{43}; Max-Age=86400; Path=\/api\/v1\/oauth; HttpOnly; SameSite=Lax$/,
    );
    const consent = await toConsent(
      browser,
      user,
      await validParams(client.clientId, { scope: "email:read execution:run" }),
    );
    const csp = consent.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://client.example.com");
    expect(consent.headers.get("X-Frame-Options")).toBe("DENY");
    expect(consent.headers.get("Cache-Control")).toBe("no-store");
    expect(consent.text).toContain("See your e-mail address and whether it is verified");
    expect(consent.text).toContain("Run the AI assistant on your behalf");
    expect(consent.text).not.toContain("See your wallet balance");
    expect(consent.text).toContain("Acme &lt;Planner&gt;");
    expect(consent.text).toContain(user.email);
  });

  it("a wrong password re-renders the form with 401 and leaves the flow signed out", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const { fields } = await openLogin(browser, client.clientId);
    const failed = await browser.post(`${OAUTH}/login`, { ...fields, email: user.email, password: "wrong-password-1" });
    expect(failed.status).toBe(401);
    expect(failed.text).toContain("Wrong e-mail or password");
    await expectSignedOut(browser, fields.flow!);
  });

  it("CSRF at POST /oauth/login: a forged token, or another flow's, is 403 and signs nobody in", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const { fields } = await openLogin(browser, client.clientId);
    const { fields: otherFlow } = await openLogin(browser, client.clientId);
    for (const csrf of ["x".repeat(43), otherFlow.csrf!, ""]) {
      const res = await browser.post(`${OAUTH}/login`, { ...fields, csrf, email: user.email, password: user.password });
      expect(res.status, csrf).toBe(403);
      expect(res.headers.get("Location")).toBeNull();
      expect(res.text).toContain("This form has expired");
    }
    await expectSignedOut(browser, fields.flow!);
    // The genuine token works.
    expect(
      (await browser.post(`${OAUTH}/login`, { ...fields, email: user.email, password: user.password })).status,
    ).toBe(303);
  });

  it("the sign-in form shares POST /auth/login's limit: 8 a minute per IP and e-mail, then 429", async () => {
    await awaitRoomInWindow(60);
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const { fields } = await openLogin(browser, client.clientId);
    for (let i = 1; i <= 8; i++) {
      const failed = await browser.post(`${OAUTH}/login`, {
        ...fields,
        email: user.email,
        password: `wrong-password-${i}`,
      });
      expect(failed.status).toBe(401);
      expect(failed.headers.get("RateLimit-Remaining")).toBe(String(8 - i));
    }
    // Even the right password is refused now, and the flow stays signed out.
    const limited = await browser.post(`${OAUTH}/login`, {
      ...fields,
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(limited.text).toContain("Too many attempts. Wait a minute and try again.");
    expect(limited.headers.get("RateLimit-Limit")).toBe("8");
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectSignedOut(browser, fields.flow!);
    // Counted per address: another one from the same browser is still heard.
    expect(
      (await browser.post(`${OAUTH}/login`, { ...fields, email: `other-${user.email}`, password: "x" })).status,
    ).toBe(401);
  });

  it("CSRF: a missing or foreign token is refused; another browser cannot use the flow", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const consent = await toConsent(browser, user, await validParams(client.clientId));
    const fields = hiddenFields(consent.text);

    const forged = await browser.post(`${OAUTH}/consent`, { ...fields, csrf: "x".repeat(43), decision: "approve" });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("Location")).toBeNull();

    const attacker = new Browser();
    await attacker.get(authorizeUrl(await validParams(client.clientId)));
    expect((await attacker.post(`${OAUTH}/consent`, { ...fields, decision: "approve" })).status).toBe(400);
    expect((await attacker.get(`${OAUTH}/consent?flow=${fields.flow}`)).status).toBe(400);
    expect((await new Browser().post(`${OAUTH}/consent`, { ...fields, decision: "approve" })).status).toBe(400);

    // The rightful browser still completes, exactly once.
    const approved = await browser.post(`${OAUTH}/consent`, { ...fields, decision: "approve" });
    expect(approved.status).toBe(303);
    expect((await browser.post(`${OAUTH}/consent`, { ...fields, decision: "approve" })).status).toBe(400);
  });

  it("an expired flow shows the restart page", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const consent = await toConsent(browser, user, await validParams(client.clientId));
    const fields = hiddenFields(consent.text);
    await env.DB.prepare("UPDATE oauth_flows SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(fields.flow)
      .run();
    const res = await browser.post(`${OAUTH}/consent`, { ...fields, decision: "approve" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("This sign-in has expired");
  });
});

describe("magic link sign-in through the outbox", () => {
  /** Requests a link: the POST answers 303 to a GET page naming only the flow; that page says it was sent. */
  async function requestLink(browser: Browser, email: string, clientId: string) {
    const { fields } = await openLogin(browser, clientId);
    const sent = await browser.post(`${OAUTH}/magic-link`, { ...fields, email });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/api/v1/oauth/magic-link?flow=${fields.flow}`);
    const shown = await browser.get(sent.headers.get("Location")!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(shown.text).toContain("Check your e-mail");
    expect(shown.text).toContain(`href="/api/v1/oauth/login?flow=${fields.flow}"`);
    // Bound to the browser like every flow page.
    expect((await new Browser().get(sent.headers.get("Location")!)).status).toBe(400);
    return fields;
  }

  /** Sign-in links in the outbox for `email` (registration also mails a confirmation link: not counted). */
  async function signInMails(email: string) {
    const outbox = await admin("GET", "/admin/outbox?limit=100");
    expect(outbox.status).toBe(200);
    return outbox.body.data.filter(
      (m: { to: string; subject: string }) => m.to === email && m.subject.startsWith("Sign in"),
    );
  }

  /**
   * The link of the sign-in mail to `email`. The mail is written just after the answer has left
   * (so timing cannot tell known addresses from unknown ones): wait for it, or, with
   * `expectNone`, give pending work time to finish and report undefined if nothing came.
   */
  async function linkFor(email: string, expectNone = false) {
    const deadline = Date.now() + (expectNone ? 400 : 5000);
    for (;;) {
      const [message] = await signInMails(email);
      if (message) return /https?:\/\/\S+/.exec(message.body)![0] as string;
      if (Date.now() > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("signs in once, only in the browser that asked, after a confirming POST", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    await requestLink(browser, user.email, client.clientId);
    const link = (await linkFor(user.email))!;
    expect(link).toMatch(/^http:\/\/localhost\/api\/v1\/oauth\/magic\?token=oml_/);

    // Another browser (a mail scanner, or whoever started a flow with the victim's address) gets nothing.
    expect((await new Browser().get(link)).status).toBe(400);

    const landing = await browser.get(link);
    expect(landing.status).toBe(200);
    const confirmed = await browser.post(`${OAUTH}/magic`, hiddenFields(landing.text));
    expect(confirmed.status).toBe(303);
    const consent = await browser.get(confirmed.headers.get("Location")!);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain(user.email);

    // Spent.
    expect((await browser.get(link)).status).toBe(400);
    expect((await browser.post(`${OAUTH}/magic`, hiddenFields(landing.text))).status).toBe(400);
  });

  it("CSRF at POST /oauth/magic-link: a forged token is 403 and sends no mail", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const { fields } = await openLogin(browser, client.clientId);
    const forged = await browser.post(`${OAUTH}/magic-link`, { ...fields, csrf: "x".repeat(43), email: user.email });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("Location")).toBeNull();
    expect(forged.text).toContain("This form has expired");
    expect(await linkFor(user.email, true)).toBeUndefined();
  });

  it("links are limited like POST /auth/forgot-password: 3 per 5 minutes per IP and address, then 429", async () => {
    await awaitRoomInWindow(300);
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const browser = new Browser();
    const { fields } = await openLogin(browser, client.clientId);
    for (let i = 1; i <= 3; i++)
      expect((await browser.post(`${OAUTH}/magic-link`, { ...fields, email: user.email })).status).toBe(303);
    const limited = await browser.post(`${OAUTH}/magic-link`, { ...fields, email: user.email });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain("Too many sign-in links requested. Try again in a few minutes.");
    expect(limited.headers.get("RateLimit-Limit")).toBe("3");
    expect(limited.headers.get("Retry-After")).toBe(limited.headers.get("RateLimit-Reset"));
    // The three links are written after their answers: wait for them (however loaded the machine).
    const deadline = Date.now() + 10_000;
    while ((await signInMails(user.email)).length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await signInMails(user.email)).toHaveLength(3);
  });

  it("an unknown address gets the same page and no mail", async () => {
    const client = await registerClient();
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    await requestLink(new Browser(), email, client.clientId);
    expect(await linkFor(email, true)).toBeUndefined();
  });

  it("GET /admin/outbox needs the operator token", async () => {
    const res = await new Browser().get("/api/v1/admin/outbox");
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });
});
