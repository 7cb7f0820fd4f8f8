import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, uniqueIp, type TestUser } from "./api";
import { api, operator, type RequestBody } from "./client";

export const OAUTH = `${ORIGIN}/api/v1/oauth`;
export const REDIRECT_URI = "https://client.example.com/callback";

export interface RegisteredClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
  allowedScopes: string[];
  grantTypes: string[];
}

/** A partner key with the client-admin scope (or the scopes given). */
export async function partnerKey(
  scopes: RequestBody<"/api/v1/admin/partner-keys", "post">["scopes"] = ["partner:oauth-client-admin"],
): Promise<string> {
  const created = await operator().POST("/api/v1/admin/partner-keys", { body: { name: "test partner", scopes } });
  expect(created.status).toBe(201);
  return created.body.data.key;
}

type ClientRegistration = RequestBody<"/api/v1/partner/oauth-clients", "post">;

export async function registerClient(
  overrides: Partial<ClientRegistration> = {},
  key?: string,
): Promise<RegisteredClient> {
  const body: ClientRegistration = {
    clientName: "Acme Planner",
    clientType: "confidential",
    redirectUris: [REDIRECT_URI],
    grantTypes: ["authorization_code", "refresh_token"],
    allowedScopes: ["email:read", "profile:read", "execution:run", "wallet:read"],
    ...overrides,
  };
  const res = await api(key ?? (await partnerKey()), { ip: uniqueIp() }).POST("/api/v1/partner/oauth-clients", {
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const basic = (id: string, secret: string) =>
  `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

async function raw(response: Response): Promise<RawResponse> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** POST a form to an OAuth endpoint (token, revoke). */
export async function postForm(
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const response = await exports.default.fetch(
    new Request(`${OAUTH}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp(), ...headers },
      body,
    }),
  );
  return raw(response);
}

/** Asserts an RFC 6749 error response: status, code, JSON body and `no-store`. */
export function expectOAuthError(res: RawResponse, status: number, error: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.json).toEqual({ error, error_description: expect.any(String) });
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  if (error === "invalid_client") expect(res.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
}

/** A PKCE pair: 48 random bytes as base64url (64 characters), and its S256 challenge. */
export async function pkce() {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const verifier = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return { verifier, challenge };
}

export function authorizeUrl(params: Record<string, string | string[] | undefined>) {
  const url = new URL(`${OAUTH}/authorize`);
  for (const [name, value] of Object.entries(params))
    for (const v of value === undefined ? [] : [value].flat()) url.searchParams.append(name, v);
  return url.toString();
}

/** A browser: one cookie jar and one client IP, requests without following redirects. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip = uniqueIp();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<RawResponse> {
    const headers: Record<string, string> = { "CF-Connecting-IP": this.ip };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    const absolute = new URL(url, ORIGIN).toString();
    const response = await exports.default.fetch(
      new Request(absolute, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
    return raw(response);
  }

  get = (url: string) => this.request(url);
  post = (url: string, form: Record<string, string>) => this.request(url, { method: "POST", form });
}

/** The hidden form fields of a rendered page. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return fields;
}

/** Authorize, sign in with the password form, and stop at the consent page (returned). */
export async function toConsent(
  browser: Browser,
  user: TestUser,
  params: Record<string, string | string[] | undefined>,
) {
  const start = await browser.get(authorizeUrl(params));
  expect(start.status, start.text).toBe(302);
  const loginPage = await browser.get(start.headers.get("Location")!);
  expect(loginPage.status, loginPage.text).toBe(200);
  const login = await browser.post(`${OAUTH}/login`, {
    ...hiddenFields(loginPage.text),
    email: user.email,
    password: user.password,
  });
  expect(login.status, login.text).toBe(303);
  const consent = await browser.get(login.headers.get("Location")!);
  expect(consent.status, consent.text).toBe(200);
  return consent;
}

/** The whole browser part: authorize, sign in, approve (or deny). Returns the client redirect. */
export async function authorize(
  user: TestUser,
  params: Record<string, string | string[] | undefined>,
  decision: "approve" | "deny" = "approve",
  browser = new Browser(),
): Promise<URL> {
  const consent = await toConsent(browser, user, params);
  const decided = await browser.post(`${OAUTH}/consent`, { ...hiddenFields(consent.text), decision });
  expect(decided.status, decided.text).toBe(303);
  return new URL(decided.headers.get("Location")!);
}

/** A fresh code for `client`: authorize with PKCE and approve. */
export async function issueCode(
  user: TestUser,
  client: RegisteredClient,
  options: { scope?: string; redirectUri?: string; state?: string } = {},
) {
  const { verifier, challenge } = await pkce();
  const redirectUri = options.redirectUri ?? client.redirectUris[0]!;
  const back = await authorize(user, {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: options.scope ?? "email:read profile:read",
    state: options.state ?? "xyz",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  const code = back.searchParams.get("code");
  expect(code, back.toString()).toBeTruthy();
  return { code: code!, verifier, redirectUri };
}

/** Client credentials as the token endpoint wants them: Basic for confidential, client_id for public. */
export function clientAuth(client: RegisteredClient): {
  fields: Record<string, string>;
  headers: Record<string, string>;
} {
  return client.clientSecret
    ? { fields: {}, headers: { Authorization: basic(client.clientId, client.clientSecret) } }
    : { fields: { client_id: client.clientId }, headers: {} };
}

export async function exchange(
  client: RegisteredClient,
  issued: { code: string; verifier: string; redirectUri: string },
  extra: Record<string, string> = {},
) {
  const auth = clientAuth(client);
  return postForm(
    "token",
    {
      grant_type: "authorization_code",
      code: issued.code,
      redirect_uri: issued.redirectUri,
      code_verifier: issued.verifier,
      ...auth.fields,
      ...extra,
    },
    auth.headers,
  );
}

export async function refresh(client: RegisteredClient, refreshToken: string, extra: Record<string, string> = {}) {
  const auth = clientAuth(client);
  return postForm(
    "token",
    { grant_type: "refresh_token", refresh_token: refreshToken, ...auth.fields, ...extra },
    auth.headers,
  );
}
