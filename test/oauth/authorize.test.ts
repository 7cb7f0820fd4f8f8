import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createUser } from "../helpers/api";
import { authorize, authorizeUrl, Browser, hiddenFields, OAUTH, pkce, REDIRECT_URI, registerClient, toConsent } from "../helpers/oauth";

async function validParams(clientId: string, extra: Record<string, string | string[] | undefined> = {}) {
  const { challenge } = await pkce();
  return { client_id: clientId, redirect_uri: REDIRECT_URI, response_type: "code", scope: "email:read", state: "st-1", code_challenge: challenge, code_challenge_method: "S256", ...extra };
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
    const res = await new Browser().get(authorizeUrl({ ...(await validParams(client.clientId)), ...change(client.clientId) }));
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.text).not.toContain("evil.example.com");
  });
});

describe("GET /oauth/authorize: other errors redirect with error, error_description, state and iss", () => {
  it.each([
    ["missing response_type", { response_type: undefined }, "invalid_request"],
    ["response_type token (implicit)", { response_type: "token" }, "unsupported_response_type"],
    ["missing scope", { scope: undefined }, "invalid_request"],
    ["unknown scope", { scope: "email:read admin:all" }, "invalid_scope"],
    ["missing code_challenge", { code_challenge: undefined }, "invalid_request"],
    ["malformed code_challenge", { code_challenge: "short" }, "invalid_request"],
    ["repeated scope", { scope: ["email:read", "profile:read"] }, "invalid_request"],
  ])("%s", async (_name, change, error) => {
    const client = await registerClient();
    const params = await errorRedirect({ ...(await validParams(client.clientId)), ...change });
    expect(params.get("error")).toBe(error);
    expect(params.get("error_description")).toBeTruthy();
    expect(params.get("state")).toBe("st-1");
  });

  it("a scope the client was not registered for is invalid_scope", async () => {
    const client = await registerClient({ allowedScopes: ["email:read"] });
    const params = await errorRedirect(await validParams(client.clientId, { scope: "email:read wallet:read" }));
    expect(params.get("error")).toBe("invalid_scope");
  });

  it("without state, none comes back; a repeated state is not echoed", async () => {
    const client = await registerClient();
    const params = await errorRedirect(await validParams(client.clientId, { state: undefined, response_type: "token" }));
    expect(params.has("state")).toBe(false);
    const repeated = await errorRedirect(await validParams(client.clientId, { state: ["a", "b"] }));
    expect(repeated.get("error")).toBe("invalid_request");
    expect(repeated.has("state")).toBe(false);
  });

  it("unknown parameters are ignored", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const back = await authorize(user, await validParams(client.clientId, { nonce: "n", prompt: "login" }));
    expect(back.searchParams.get("code")).toBeTruthy();
  });
});

describe("sign-in and consent pages", () => {
  it("approve: code, state and iss; no state when none was sent; existing query kept", async () => {
    const user = await createUser();
    const client = await registerClient({ redirectUris: [`${REDIRECT_URI}?tenant=7`] });
    const back = await authorize(user, await validParams(client.clientId, { redirect_uri: `${REDIRECT_URI}?tenant=7`, state: "a b&c=d" }));
    expect(back.searchParams.get("tenant")).toBe("7");
    expect(back.searchParams.get("code")).toMatch(/^oac_/);
    expect(back.searchParams.get("state")).toBe("a b&c=d");
    expect(back.searchParams.get("iss")).toBe("http://localhost");

    const noState = await authorize(user, await validParams(client.clientId, { redirect_uri: `${REDIRECT_URI}?tenant=7`, state: undefined }));
    expect(noState.searchParams.get("code")).toBeTruthy();
    expect(noState.searchParams.has("state")).toBe(false);
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
    const start = await browser.get(authorizeUrl(await validParams(client.clientId, { scope: "email:read execution:run" })));
    expect(start.headers.get("Set-Cookie")).toMatch(/^oauth_browser=ob_[\w-]{43}; Max-Age=86400; Path=\/api\/v1\/oauth; HttpOnly; SameSite=Lax$/);
    const consent = await toConsent(browser, user, await validParams(client.clientId, { scope: "email:read execution:run" }));
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
    const start = await browser.get(authorizeUrl(await validParams(client.clientId)));
    const loginUrl = start.headers.get("Location")!;
    const page = await browser.get(loginUrl);
    const failed = await browser.post(`${OAUTH}/login`, { ...hiddenFields(page.text), email: user.email, password: "wrong-password-1" });
    expect(failed.status).toBe(401);
    expect(failed.text).toContain("Wrong e-mail or password");
    const consent = await browser.get(loginUrl.replace("/login", "/consent"));
    expect(consent.status).toBe(303);
    expect(consent.headers.get("Location")).toContain("/oauth/login");
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
    await env.DB.prepare("UPDATE oauth_flows SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(fields.flow).run();
    const res = await browser.post(`${OAUTH}/consent`, { ...fields, decision: "approve" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("This sign-in has expired");
  });
});

describe("magic link sign-in through the outbox", () => {
  async function requestLink(browser: Browser, email: string, clientId: string) {
    const start = await browser.get(authorizeUrl(await validParams(clientId)));
    const page = await browser.get(start.headers.get("Location")!);
    const sent = await browser.post(`${OAUTH}/magic-link`, { ...hiddenFields(page.text), email });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("Check your e-mail");
  }

  async function linkFor(email: string) {
    const outbox = await admin("GET", "/admin/outbox?limit=100");
    expect(outbox.status).toBe(200);
    const message = outbox.body.data.find((m: { to: string }) => m.to === email);
    return message ? (/https?:\/\/\S+/.exec(message.body)![0] as string) : undefined;
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

  it("an unknown address gets the same page and no mail", async () => {
    const client = await registerClient();
    const email = `nobody-${crypto.randomUUID()}@example.com`;
    await requestLink(new Browser(), email, client.clientId);
    expect(await linkFor(email)).toBeUndefined();
  });

  it("GET /admin/outbox needs the operator token", async () => {
    const res = await new Browser().get("/api/v1/admin/outbox");
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });
});
