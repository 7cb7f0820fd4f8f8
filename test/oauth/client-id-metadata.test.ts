import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { describe, expect, it } from "vitest";
import { cacheSeconds } from "../../src/domains/oauth/client-metadata-cache";
import { CLIENT_METADATA_FETCHES } from "../../src/limits";
import { clientIdUrlProblem, METADATA_DOCUMENT_PARTNER_KEY } from "../../src/domains/oauth/client-metadata";
import { purgeOAuth } from "../../src/domains/oauth/purge";
import { createDb } from "../../src/db/client";
import { installFakeHost, json } from "../connectors/fakes/fake-host";
import { call, createUser, expectError, ORIGIN, type TestUser } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import {
  authorizeUrl,
  Browser,
  expectOAuthError,
  hiddenFields,
  OAUTH,
  pkce,
  postForm,
  registerClient,
  toConsent,
} from "../helpers/oauth";

/**
 * Clients without registration (CONTRACT "Capabilities over MCP"; MCP authorization 2025-11-25):
 * a `client_id` that is the https URL of a Client ID Metadata Document. The documents are served by
 * a local fake host (it replaces `fetch` for its origin, in this isolate); the fetch deadline is
 * CLIENT_METADATA_DEADLINE_MS (500 ms in vitest.config.ts) instead of 5 s.
 */
const DOCS = "https://mcp-client.fake.test";
const CLIENT_REDIRECT = "https://mcp-client.fake.test/callback";
const DEADLINE_MS = 500;

type Serve = (request: Request) => Response | Promise<Response>;
const served = new Map<string, Serve>();
/** Paths the fake was asked for, in order. */
const fetched: string[] = [];
installFakeHost(DOCS, (request) => {
  const path = new URL(request.url).pathname;
  fetched.push(path);
  return served.get(path)?.(request) ?? new Response("not found", { status: 404 });
});
/** A private address a hostile document's redirect points at: never to be reached. */
const METADATA_SERVICE = "http://169.254.169.254";
const privateHits: string[] = [];
installFakeHost(METADATA_SERVICE, (request) => {
  privateHits.push(request.url);
  return json({ secret: "instance credentials" });
});

const validDocument = (url: string) => ({
  client_id: url,
  client_name: "Desk Assistant",
  redirect_uris: [CLIENT_REDIRECT],
  logo_uri: `${DOCS}/logo.png`,
  token_endpoint_auth_method: "none",
});

let sequence = 0;
/** A fresh document URL (the cache lives as long as the file's isolate), answered by `serve`. */
function documentAt(serve: (url: string) => Serve | Response): string {
  const path = `/clients/${++sequence}/client.json`;
  const url = `${DOCS}${path}`;
  served.set(path, (request) => {
    const answer = serve(url);
    return answer instanceof Response ? answer : answer(request);
  });
  return url;
}
/** A document answered as `json(body)` with `headers`, every time. */
const jsonDocument = (body: (url: string) => unknown, headers: Record<string, string> = {}) =>
  documentAt((url) => () => json(body(url), 200, headers));
const fetchesOf = (url: string) => fetched.filter((path) => path === new URL(url).pathname).length;

async function authorizeParams(clientId: string, extra: Record<string, string | undefined> = {}) {
  const { challenge, verifier } = await pkce();
  return {
    verifier,
    params: {
      client_id: clientId,
      redirect_uri: CLIENT_REDIRECT,
      response_type: "code",
      scope: "email:read execution:run",
      state: "st-1",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...extra,
    },
  };
}

const storedClient = (id: string) =>
  env.DB.prepare(
    "SELECT id, name, redirect_uris AS redirectUris, partner_key_id AS partnerKeyId FROM oauth_clients WHERE id = ?",
  )
    .bind(id)
    .first<{ id: string; name: string; redirectUris: string; partnerKeyId: string }>();

/**
 * The answer an unknown client gets (docs/oauth.md "Errors at /authorize"): a 400 page saying why,
 * never a redirect, and nothing stored or changed.
 */
async function expectRefused(clientId: string, reason: RegExp, extra: Record<string, string | undefined> = {}) {
  const before = await storedClient(clientId);
  const res = await new Browser().get(authorizeUrl((await authorizeParams(clientId, extra)).params));
  expect(res.status, res.text).toBe(400);
  expect(res.headers.get("Location")).toBeNull();
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  expect(res.text).toMatch(/sign-in request is invalid/);
  expect(res.text).toMatch(reason);
  expect(await storedClient(clientId)).toEqual(before);
  return res;
}

/** Authorize, sign in, approve: the code and verifier a client would hold. */
async function approvedCode(user: TestUser, clientId: string, scope = "email:read execution:run") {
  const { params, verifier } = await authorizeParams(clientId, { scope });
  const browser = new Browser();
  const consent = await toConsent(browser, user, params);
  const decided = await browser.post(`${OAUTH}/consent`, { ...hiddenFields(consent.text), decision: "approve" });
  expect(decided.status, decided.text).toBe(303);
  const back = new URL(decided.headers.get("Location")!);
  expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
  return { code: back.searchParams.get("code")!, verifier };
}

const jwtPayload = (token: string) => JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));

describe("discovery", () => {
  it.each(["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"])(
    "%s advertises client_id_metadata_document_supported",
    async (path) => {
      const res = await call("GET", path);
      expect(res.status).toBe(200);
      expect(res.body.client_id_metadata_document_supported).toBe(true);
      expect(res.body.token_endpoint_auth_methods_supported).toContain("none");
    },
  );
});

describe("a metadata-document client through the whole flow", () => {
  it("consent names the document's host first and the claimed name as its claim; the code is exchanged and refreshed as a public client", async () => {
    const user = await createUser();
    const clientId = jsonDocument(validDocument, { "Cache-Control": "no-store" });

    const { params, verifier } = await authorizeParams(clientId);
    const browser = new Browser();
    const start = await browser.get(authorizeUrl(params));
    expect(start.status, start.text).toBe(302);
    const login = await browser.get(start.headers.get("Location")!);
    expect(login.text).toContain("Sign in to continue to Desk Assistant (mcp-client.fake.test)");
    const signedIn = await browser.post(`${OAUTH}/login`, {
      ...hiddenFields(login.text),
      email: user.email,
      password: user.password,
    });
    const consent = await browser.get(signedIn.headers.get("Location")!);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain("<h1>Allow mcp-client.fake.test to access your account?</h1>");
    expect(consent.text).toMatch(/<strong>mcp-client\.fake\.test<\/strong> calls itself “Desk Assistant”/);
    expect(consent.text).toContain("not registered");
    // The logo is not loaded from the client's host (the page loads nothing from elsewhere).
    expect(consent.text).not.toContain("logo.png");

    const decided = await browser.post(`${OAUTH}/consent`, { ...hiddenFields(consent.text), decision: "approve" });
    const code = new URL(decided.headers.get("Location")!).searchParams.get("code")!;
    expect(code).toBeTruthy();

    // The client as stored for its flows and grants: public, owned by the metadata-documents key.
    const row = await storedClient(clientId);
    expect(row).toMatchObject({ name: "Desk Assistant", partnerKeyId: METADATA_DOCUMENT_PARTNER_KEY });
    expect(JSON.parse(row!.redirectUris)).toEqual([CLIENT_REDIRECT]);

    const tokens = await postForm("token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENT_REDIRECT,
      code_verifier: verifier,
      client_id: clientId,
    });
    expect(tokens.status, tokens.text).toBe(200);
    expect(tokens.json.scope).toBe("email:read execution:run");
    expect(jwtPayload(tokens.json.access_token).client_id).toBe(clientId);

    const refreshed = await postForm("token", {
      grant_type: "refresh_token",
      refresh_token: tokens.json.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(jwtPayload(refreshed.json.access_token).client_id).toBe(clientId);

    // The userinfo endpoint takes its token like any other client's.
    const info = await call("GET", "/oauth/userinfo", { token: refreshed.json.access_token });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ sub: user.id, email: user.email, email_verified: false });
  });

  it("a metadata client has no secret: HTTP Basic with its URL is invalid_client, and the code stays unspent", async () => {
    const user = await createUser();
    const clientId = jsonDocument(validDocument);
    const { code, verifier } = await approvedCode(user, clientId);
    const fields = { grant_type: "authorization_code", code, redirect_uri: CLIENT_REDIRECT, code_verifier: verifier };
    const basic = await postForm("token", fields, {
      Authorization: `Basic ${btoa(`${encodeURIComponent(clientId)}:guessed`)}`,
    });
    expectOAuthError(basic, 401, "invalid_client");
    const publicClient = await postForm("token", { ...fields, client_id: clientId });
    expect(publicClient.status, publicClient.text).toBe(200);
  });

  it("a metadata URL that never started a flow is no client at the token endpoint", async () => {
    const clientId = jsonDocument(validDocument);
    const res = await postForm("token", {
      grant_type: "authorization_code",
      code: "oac_unknown",
      redirect_uri: CLIENT_REDIRECT,
      code_verifier: "v".repeat(43),
      client_id: clientId,
    });
    expectOAuthError(res, 401, "invalid_client");
    expect(fetchesOf(clientId)).toBe(0);
  });

  it("PKCE is required: without a code_challenge the error goes back to the document's redirect URI", async () => {
    const clientId = jsonDocument(validDocument);
    const { params } = await authorizeParams(clientId, { code_challenge: undefined });
    const res = await new Browser().get(authorizeUrl(params));
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toBe("code_challenge is required (PKCE)");
  });

  it("a redirect_uri the document does not list is refused like an unregistered one", async () => {
    const clientId = jsonDocument(validDocument);
    await expectRefused(clientId, /redirect_uri is not registered for this application/, {
      redirect_uri: "https://evil.example.com/callback",
    });
  });
});

describe("hostile or broken documents are refused as an unknown client is (a 400 page, never a redirect)", () => {
  it.each<[string, () => string, RegExp]>([
    [
      "a document naming another client_id",
      () => jsonDocument(() => validDocument("https://trusted.example.com/client.json")),
      /does not name itself/,
    ],
    [
      "not JSON",
      () => documentAt(() => new Response("<html>hello</html>", { headers: { "Content-Type": "text/html" } })),
      /is not JSON/,
    ],
    ["a JSON array", () => jsonDocument((url) => [validDocument(url)]), /is not a JSON object/],
    [
      "no redirect_uris",
      () => jsonDocument((url) => ({ client_id: url, client_name: "No redirects" })),
      /has no redirect_uris/,
    ],
    [
      "a redirect URI that is plain http off loopback",
      () => jsonDocument((url) => ({ ...validDocument(url), redirect_uris: ["http://mcp-client.fake.test/cb"] })),
      /redirect URI that is not an https/,
    ],
    [
      "no client_name",
      () => jsonDocument((url) => ({ client_id: url, redirect_uris: [CLIENT_REDIRECT] })),
      /has no client_name/,
    ],
    [
      "a client secret",
      () => jsonDocument((url) => ({ ...validDocument(url), client_secret: "s3cret" })),
      /carries a client secret/,
    ],
    [
      "a shared-secret authentication method",
      () => jsonDocument((url) => ({ ...validDocument(url), token_endpoint_auth_method: "client_secret_basic" })),
      /other than none/,
    ],
    [
      "a document over 64 KiB",
      () => jsonDocument((url) => ({ ...validDocument(url), padding: "x".repeat(64 * 1024) })),
      /is larger than 64 KiB/,
    ],
    [
      "an endless body without a length",
      () =>
        documentAt(
          () =>
            new Response(
              new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(1024).fill(32)) }),
              { headers: { "Content-Type": "application/json" } },
            ),
        ),
      /is larger than 64 KiB/,
    ],
    ["an error status", () => documentAt(() => json({ error: "gone" }, 410)), /URL answered 410, not 200/],
  ])("%s", async (_name, makeDocument, reason) => {
    const clientId = makeDocument();
    await expectRefused(clientId, reason);
    expect(fetchesOf(clientId)).toBe(1);
  });

  it("a redirect to a private address is not followed (no redirect is)", async () => {
    const toPrivate = documentAt(
      () => new Response(null, { status: 302, headers: { Location: `${METADATA_SERVICE}/latest/meta-data/` } }),
    );
    await expectRefused(toPrivate, /answered with a redirect \(302\), which is not followed/);
    // Even to a valid document on the same host: the draft forbids following redirects.
    const valid = jsonDocument(validDocument);
    const toValid = documentAt(() => new Response(null, { status: 301, headers: { Location: valid } }));
    await expectRefused(toValid, /answered with a redirect \(301\)/);
    expect(privateHits).toEqual([]);
    expect(fetchesOf(valid)).toBe(0);
  });

  it("a document that does not arrive in time is refused at the deadline", async () => {
    // The answer never comes: the fake holds the request until the deadline aborts it.
    const silent = documentAt(
      () => (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
    );
    const started = Date.now();
    await expectRefused(silent, /did not arrive within 0\.5 s/);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(waited).toBeLessThan(4_000);
  });

  it("a document whose body stalls after its first bytes is refused at the same deadline", async () => {
    const stalled = documentAt(
      () =>
        new Response(
          new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"client_id": ')),
            // No more bytes, ever.
            pull: () => new Promise<void>(() => {}),
          }),
          { headers: { "Content-Type": "application/json" } },
        ),
    );
    await expectRefused(stalled, /did not arrive within 0\.5 s/);
  });

  it.each<[string, string, RegExp]>([
    ["plain http", "http://mcp-client.fake.test/client.json", /is not an https URL/],
    ["an IP address", "https://127.0.0.1/client.json", /IP addresses may not be used as hosts/],
    ["an internal name", "https://localhost/client.json", /is not a public address/],
    ["no path", "https://mcp-client.fake.test/", /has no path/],
    ["dot segments", "https://mcp-client.fake.test/a/../client.json", /is not a URL in normal form/],
    ["a fragment", "https://mcp-client.fake.test/client.json#x", /has a fragment/],
    ["credentials", "https://user:pw@mcp-client.fake.test/client.json", /carries credentials/],
    ["an overlong URL", `https://mcp-client.fake.test/${"a".repeat(600)}.json`, /longer than 512 characters/],
  ])("a client_id URL with %s is refused before anything is fetched", async (_name, clientId, reason) => {
    const before = fetched.length;
    await expectRefused(clientId, reason);
    expect(fetched.length).toBe(before);
  });

  it("the refusal page never echoes the document", async () => {
    const clientId = jsonDocument((url) => ({
      client_id: `${url}?<script>alert(1)</script>`,
      client_name: "<b>x</b>",
    }));
    const res = await expectRefused(clientId, /does not name itself/);
    expect(res.text).not.toContain("script");
    expect(res.text).not.toContain("<b>x</b>");
  });
});

describe("the cache", () => {
  it("a document is reused for its max-age; one with no-store (or without max-age) is fetched every time", async () => {
    const cached = jsonDocument(validDocument, { "Cache-Control": "public, max-age=600" });
    const uncached = jsonDocument(validDocument, { "Cache-Control": "no-store" });
    const unstated = jsonDocument(validDocument);
    for (let i = 0; i < 2; i++) {
      for (const clientId of [cached, uncached, unstated]) {
        const res = await new Browser().get(authorizeUrl((await authorizeParams(clientId)).params));
        expect(res.status, res.text).toBe(302);
      }
    }
    expect([fetchesOf(cached), fetchesOf(uncached), fetchesOf(unstated)]).toEqual([1, 2, 2]);
  });

  it("a lifetime over 24 h is stored for 24 h, less the document's Age", async () => {
    const year = jsonDocument(validDocument, { "Cache-Control": "max-age=31536000" });
    const aged = jsonDocument(validDocument, { "Cache-Control": "max-age=600", Age: "100" });
    for (const clientId of [year, aged]) {
      const res = await new Browser().get(authorizeUrl((await authorizeParams(clientId)).params));
      expect(res.status).toBe(302);
    }
    const cache = await caches.open("oauth-client-metadata");
    const entry = (clientId: string) => cache.match(`${ORIGIN}/.oauth-client-metadata/${encodeURIComponent(clientId)}`);
    expect((await entry(year))?.headers.get("Cache-Control")).toBe("max-age=86400");
    expect((await entry(aged))?.headers.get("Cache-Control")).toBe("max-age=500");
  });

  it("error answers and invalid documents are not cached: the fixed document is used at the next attempt", async () => {
    let attempt = 0;
    const clientId = documentAt((url) => {
      attempt++;
      if (attempt === 1) return json({ error: "busy" }, 503, { "Cache-Control": "max-age=600" });
      if (attempt === 2)
        return json({ client_id: url, client_name: "Half done" }, 200, { "Cache-Control": "max-age=600" });
      return json(validDocument(url), 200, { "Cache-Control": "max-age=600" });
    });
    await expectRefused(clientId, /URL answered 503/);
    await expectRefused(clientId, /has no redirect_uris/);
    const res = await new Browser().get(authorizeUrl((await authorizeParams(clientId)).params));
    expect(res.status, res.text).toBe(302);
    expect(fetchesOf(clientId)).toBe(3);
  });

  it("a changed document changes the client: its new name is shown and a dropped redirect URI is refused", async () => {
    const user = await createUser();
    let document: (url: string) => unknown = validDocument;
    const clientId = documentAt((url) => json(document(url), 200, { "Cache-Control": "no-store" }));
    const first = await toConsent(new Browser(), user, (await authorizeParams(clientId)).params);
    expect(first.text).toContain("calls itself “Desk Assistant”");

    const other = "https://mcp-client.fake.test/other-callback";
    document = (url) => ({ client_id: url, client_name: "Desk Assistant 2", redirect_uris: [other] });
    // The first flow's redirect URI is no longer the client's.
    await expectRefused(clientId, /redirect_uri is not registered/);
    const second = await toConsent(
      new Browser(),
      user,
      (await authorizeParams(clientId, { redirect_uri: other })).params,
    );
    expect(second.text).toContain("calls itself “Desk Assistant 2”");
    expect(await storedClient(clientId)).toMatchObject({
      name: "Desk Assistant 2",
      redirectUris: JSON.stringify([other]),
    });
  });
});

describe("the fetch limit", () => {
  it("20 document fetches a minute per IP; the 21st is a 429 page with Retry-After and fetches nothing; cached documents still pass", async () => {
    await awaitRoomInWindow(CLIENT_METADATA_FETCHES.windowSeconds);
    const cached = jsonDocument(validDocument, { "Cache-Control": "max-age=600" });
    const uncached = jsonDocument(validDocument, { "Cache-Control": "no-store" });
    const browser = new Browser();
    const start = async (clientId: string) => {
      const res = await browser.get(authorizeUrl((await authorizeParams(clientId)).params));
      // A started flow goes to sign-in (an error would go back to the client, also with a 302).
      if (res.status === 302) expect(res.headers.get("Location")).toMatch(/^\/api\/v1\/oauth\/login\?flow=/);
      return res;
    };
    expect((await start(cached)).status).toBe(302);
    for (let i = 1; i < CLIENT_METADATA_FETCHES.limit; i++) expect((await start(uncached)).status).toBe(302);
    expect(fetchesOf(uncached)).toBe(CLIENT_METADATA_FETCHES.limit - 1);

    const refused = await start(uncached);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.headers.get("Location")).toBeNull();
    expect(refused.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(refused.text).toContain("Too many sign-in requests");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(fetchesOf(uncached)).toBe(CLIENT_METADATA_FETCHES.limit - 1);
    // A cached document costs no fetch, so it is not counted; registered clients never are.
    expect((await start(cached)).status).toBe(302);
    expect(fetchesOf(cached)).toBe(1);
    const registered = await registerClient({ redirectUris: [CLIENT_REDIRECT] });
    expect((await start(registered.clientId)).status).toBe(302);
  });
});

describe("rules, without a request", () => {
  it("cacheSeconds: max-age bounded to a day, minus Age; nothing without max-age or with no-store/no-cache", () => {
    expect(cacheSeconds("max-age=600", null)).toBe(600);
    expect(cacheSeconds('public, MAX-AGE="60"', null)).toBe(60);
    expect(cacheSeconds("max-age=999999", null)).toBe(86_400);
    expect(cacheSeconds("max-age=600", "700")).toBe(0);
    expect(cacheSeconds("max-age=600", "nonsense")).toBe(600);
    expect(cacheSeconds("max-age=600, no-store", null)).toBe(0);
    expect(cacheSeconds("no-cache, max-age=600", null)).toBe(0);
    expect(cacheSeconds("public", null)).toBe(0);
    expect(cacheSeconds(null, null)).toBe(0);
  });

  it("clientIdUrlProblem: http only on a host of ALLOW_PRIVATE_HOSTS (host or host:port)", () => {
    const local = "http://127.0.0.1:8788/client.json";
    expect(clientIdUrlProblem(local, [])).toBe("is not an https URL");
    expect(clientIdUrlProblem(local, ["127.0.0.1"])).toBeNull();
    expect(clientIdUrlProblem(local, ["127.0.0.1:8788"])).toBeNull();
    expect(clientIdUrlProblem(local, ["127.0.0.1:9999"])).toBe("is not an https URL");
    expect(clientIdUrlProblem("http://localhost/client.json", ["localhost:80"])).toBeNull();
    expect(clientIdUrlProblem("https://app.example.com/oauth/client.json?v=2", [])).toBeNull();
  });
});

describe("storage", () => {
  it("the purge removes metadata clients nothing references; those with a grant and registered clients stay", async () => {
    const user = await createUser();
    const granted = jsonDocument(validDocument);
    await approvedCode(user, granted);
    const abandoned = jsonDocument(validDocument);
    const start = await new Browser().get(authorizeUrl((await authorizeParams(abandoned)).params));
    expect(start.status).toBe(302);
    const registered = await registerClient();
    // The abandoned flow expires (as ten minutes would make it).
    await env.DB.prepare("UPDATE oauth_flows SET expires_at = '2000-01-01T00:00:00.000Z' WHERE client_id = ?")
      .bind(abandoned)
      .run();

    await purgeOAuth(createDb(env.DB));
    expect(await storedClient(abandoned)).toBeNull();
    expect(await storedClient(granted)).not.toBeNull();
    expect(await storedClient(registered.clientId)).not.toBeNull();
    // The client comes back with its next flow.
    const again = await new Browser().get(authorizeUrl((await authorizeParams(abandoned)).params));
    expect(again.status).toBe(302);
    expect(await storedClient(abandoned)).not.toBeNull();
  });

  it("migration 0021 over a database of the schema before: registered clients and grants stay, the key appears once", async () => {
    // State as the tree before wrote it: a partner key, its client, a user's grant of that client.
    const user = await createUser();
    const stamp = "2026-11-01T00:00:00.000Z";
    const keyId = crypto.randomUUID();
    const clientId = crypto.randomUUID();
    const grantId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO partner_keys (id, name, key_hash, scopes, created_at) VALUES (?, 'old partner', ?, '[]', ?)",
      ).bind(keyId, "a".repeat(64), stamp),
      env.DB.prepare(
        `INSERT INTO oauth_clients (id, name, type, token_endpoint_auth_method, secret_hash, redirect_uris, grant_types, allowed_scopes, partner_key_id, created_at)
         VALUES (?, 'Old client', 'public', 'none', NULL, '["https://old.example.com/cb"]', '["authorization_code"]', '["email:read"]', ?, ?)`,
      ).bind(clientId, keyId, stamp),
      env.DB.prepare(
        "INSERT INTO oauth_grants (id, client_id, user_id, scopes, created_at) VALUES (?, ?, ?, '[\"email:read\"]', ?)",
      ).bind(grantId, clientId, user.id, stamp),
    ]);
    // 0021 applied again over it: recorded as not applied, as on a database of the tree before.
    // Earlier tests' metadata clients may already reference the key, so it also shows the
    // migration is idempotent.
    await env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind("0021_client_metadata_documents.sql").run();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

    const keys = await env.DB.prepare(
      "SELECT id, scopes, revoked_at AS revokedAt, key_hash AS keyHash FROM partner_keys WHERE id = ?",
    )
      .bind(METADATA_DOCUMENT_PARTNER_KEY)
      .all<{ id: string; scopes: string; revokedAt: string | null; keyHash: string }>();
    expect(keys.results).toHaveLength(1);
    expect(keys.results[0]).toMatchObject({ scopes: "[]", revokedAt: expect.any(String) });
    expect(keys.results[0]!.keyHash).not.toMatch(/^[0-9a-f]{64}$/);
    expect(await storedClient(clientId)).toMatchObject({ name: "Old client", partnerKeyId: keyId });
    const grant = await env.DB.prepare("SELECT client_id AS clientId FROM oauth_grants WHERE id = ?")
      .bind(grantId)
      .first();
    expect(grant).toEqual({ clientId });
  });

  it("the metadata-documents key opens nothing at the partner API", async () => {
    const res = await call("POST", "/partner/oauth-clients", {
      headers: { Authorization: "Bearer none:client-metadata-documents" },
      body: {
        clientName: "x",
        redirectUris: [CLIENT_REDIRECT],
        grantTypes: ["authorization_code"],
        allowedScopes: ["email:read"],
      },
    });
    expectError(res, 401, "unauthorized");
  });
});

describe("the official MCP SDK client (clientMetadataUrl)", () => {
  it("discovers CIMD support, authorizes with its metadata URL as client_id, exchanges the code and lists the gateway's tools", async () => {
    const user = await createUser();
    const clientMetadataUrl = jsonDocument(
      (url) => ({
        client_id: url,
        client_name: "SDK Desk",
        redirect_uris: [CLIENT_REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
      { "Cache-Control": "max-age=300" },
    );
    const gateway = `${ORIGIN}/api/v1/mcp`;
    // The SDK's requests to this server go to the Worker; the rest (none expected) to the network.
    const requests: string[] = [];
    const fetchFn = (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return new URL(request.url).origin === ORIGIN ? exports.default.fetch(request) : fetch(request);
    };

    let clientInformation: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let codeVerifier = "";
    let authorizationUrl: URL | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: CLIENT_REDIRECT,
      clientMetadataUrl,
      clientMetadata: { client_name: "SDK Desk", redirect_uris: [CLIENT_REDIRECT] },
      clientInformation: () => clientInformation,
      saveClientInformation: (info) => void (clientInformation = info),
      tokens: () => tokens,
      saveTokens: (saved) => void (tokens = saved),
      redirectToAuthorization: (url) => void (authorizationUrl = url),
      saveCodeVerifier: (verifier) => void (codeVerifier = verifier),
      codeVerifier: () => codeVerifier,
    };

    expect(await auth(provider, { serverUrl: gateway, scope: "execution:run", fetchFn })).toBe("REDIRECT");
    expect(clientInformation?.client_id).toBe(clientMetadataUrl);
    expect(authorizationUrl!.searchParams.get("client_id")).toBe(clientMetadataUrl);
    expect(authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl!.searchParams.get("resource")).toBe(gateway);

    // The person's part, in a browser: sign in, read the consent page, approve.
    const browser = new Browser();
    const start = await browser.get(authorizationUrl!.toString());
    expect(start.status, start.text).toBe(302);
    const login = await browser.get(start.headers.get("Location")!);
    const signedIn = await browser.post(`${OAUTH}/login`, {
      ...hiddenFields(login.text),
      email: user.email,
      password: user.password,
    });
    const consent = await browser.get(signedIn.headers.get("Location")!);
    expect(consent.text).toContain("<h1>Allow mcp-client.fake.test to access your account?</h1>");
    const approved = await browser.post(`${OAUTH}/consent`, { ...hiddenFields(consent.text), decision: "approve" });
    const back = new URL(approved.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(CLIENT_REDIRECT);

    expect(
      await auth(provider, { serverUrl: gateway, authorizationCode: back.searchParams.get("code")!, fetchFn }),
    ).toBe("AUTHORIZED");
    expect(tokens?.scope).toBe("execution:run");
    expect(jwtPayload(tokens!.access_token)).toMatchObject({ client_id: clientMetadataUrl, aud: gateway });

    const mcp = new Client({ name: "sdk-desk", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(gateway), { authProvider: provider, fetch: fetchFn }));
    try {
      const listed = await mcp.listTools();
      expect(Array.isArray(listed.tools)).toBe(true);
    } finally {
      await mcp.close();
    }
    // The document was fetched once (cached for its max-age), the token request carried no secret.
    expect(fetchesOf(clientMetadataUrl)).toBe(1);
    expect(requests).toContain("POST /api/v1/oauth/token");
  });
});
