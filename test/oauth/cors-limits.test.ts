import { describe, expect, it } from "vitest";
import { call, createUser, uniqueIp } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import {
  basic,
  exchange,
  issueCode,
  postForm,
  REDIRECT_URI,
  refresh,
  registerClient,
  type RawResponse,
} from "../helpers/oauth";

const SPA_ORIGIN = "https://spa.example.com";
const EXPOSED = "WWW-Authenticate,Retry-After,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset,X-Request-Id";

/** The spec's default limit (120 a minute) refused the request, in the OAuth error shape. */
function expectRateLimited(res: { status: number; headers: Headers; body?: unknown; json?: unknown }) {
  expect(res.status).toBe(429);
  expect(res.json ?? res.body).toEqual({ error: "RATE_LIMIT_EXCEEDED", error_description: "Rate limit exceeded" });
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("RateLimit-Limit")).toBe("120");
  expect(res.headers.get("RateLimit-Remaining")).toBe("0");
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
  expect(res.headers.get("Retry-After")).toBe(res.headers.get("RateLimit-Reset"));
  expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
}

const userinfo = (token: string, ip = uniqueIp()) =>
  call("GET", "/oauth/userinfo", { token, ip, headers: { Origin: SPA_ORIGIN } });

describe("the default limit (120 requests / 60 s) at the token, revoke and userinfo endpoints", () => {
  it.each(["token", "revoke"])(
    "POST /oauth/%s counts per client IP; the 121st request a minute is 429",
    async (path) => {
      await awaitRoomInWindow(60, 20_000);
      const ip = uniqueIp();
      const post = (from = ip) => postForm(path, {}, { "CF-Connecting-IP": from, Origin: SPA_ORIGIN });
      for (let i = 1; i <= 120; i++) {
        const res: RawResponse = await post();
        // Counted before anything else: these requests fail client authentication.
        expect(res.status).toBe(401);
        expect(res.headers.get("RateLimit-Limit")).toBe("120");
        expect(res.headers.get("RateLimit-Remaining")).toBe(String(120 - i));
      }
      expectRateLimited(await post());
      expect((await post(uniqueIp())).status).toBe(401);
    },
  );

  it("POST /oauth/token over its limit answers 429 whatever else is wrong, and writes nothing (the limit is counted beside the reads)", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const first = await exchange(client, await issueCode(user, client));
    const second = await refresh(client, first.json.refresh_token);
    expect(second.status).toBe(200);
    await awaitRoomInWindow(60, 20_000);
    const ip = uniqueIp();
    const from = {
      "CF-Connecting-IP": ip,
      Origin: SPA_ORIGIN,
      Authorization: basic(client.clientId, client.clientSecret!),
    };
    for (let i = 1; i <= 120; i++) expect((await postForm("token", {}, { "CF-Connecting-IP": ip })).status).toBe(401);

    // A replay would revoke the grant, a live token would be spent: refused, neither happens.
    expectRateLimited(
      await postForm("token", { grant_type: "refresh_token", refresh_token: first.json.refresh_token }, from),
    );
    expectRateLimited(
      await postForm("token", { grant_type: "refresh_token", refresh_token: second.json.refresh_token }, from),
    );
    expectRateLimited(
      await postForm(
        "token",
        { grant_type: "refresh_token", refresh_token: second.json.refresh_token },
        { ...from, "Content-Type": "text/plain" },
      ),
    );
    expectRateLimited(await postForm("token", { grant_type: "password" }, from));
    expect((await refresh(client, second.json.refresh_token)).status).toBe(200);
  });

  it("GET /oauth/userinfo counts per token subject, from any IP", async () => {
    const [user, other, client] = await Promise.all([createUser(), createUser(), registerClient()]);
    const [mine, theirs] = await Promise.all([
      exchange(client, await issueCode(user, client)),
      exchange(client, await issueCode(other, client)),
    ]);
    await awaitRoomInWindow(60, 20_000);
    for (let i = 1; i <= 120; i++) {
      const res = await userinfo(mine.json.access_token);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(120 - i));
    }
    const limited = await userinfo(mine.json.access_token);
    expectRateLimited({ ...limited, json: limited.body });
    expect((await userinfo(theirs.json.access_token)).status).toBe(200);
  });

  it("GET /oauth/userinfo without a valid token counts per client IP", async () => {
    const ip = uniqueIp();
    await awaitRoomInWindow(60, 20_000);
    for (let i = 1; i <= 120; i++) expect((await userinfo("not-a-jwt", ip)).status).toBe(401);
    const anonymous = await userinfo("not-a-jwt", ip);
    expectRateLimited({ ...anonymous, json: anonymous.body });
    expect((await userinfo("not-a-jwt")).status).toBe(401);
  });
});

describe("CORS for browser apps at the token, revoke and userinfo endpoints", () => {
  it.each([
    ["/oauth/token", "POST"],
    ["/oauth/revoke", "POST"],
    ["/oauth/userinfo", "GET"],
  ])("a preflight to %s admits %s with Authorization and Content-Type, without credentials", async (path, method) => {
    const res = await call("OPTIONS", path, {
      headers: {
        Origin: SPA_ORIGIN,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe(method);
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("Authorization,Content-Type");
    expect(res.headers.get("Access-Control-Max-Age")).toBe("86400");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("a public client's code exchange, userinfo and errors carry the CORS headers", async () => {
    const [user, client] = await Promise.all([
      createUser(),
      registerClient({ clientType: "public", redirectUris: [REDIRECT_URI] }),
    ]);
    const issued = await issueCode(user, client);
    const tokens = await postForm(
      "token",
      {
        grant_type: "authorization_code",
        code: issued.code,
        redirect_uri: issued.redirectUri,
        code_verifier: issued.verifier,
        client_id: client.clientId,
      },
      { Origin: SPA_ORIGIN },
    );
    expect(tokens.status).toBe(200);
    const info = await call("GET", "/oauth/userinfo", {
      token: tokens.json.access_token,
      headers: { Origin: SPA_ORIGIN },
    });
    const denied = await call("GET", "/oauth/userinfo", { headers: { Origin: SPA_ORIGIN } });
    expect([info.status, denied.status]).toEqual([200, 401]);
    for (const res of [tokens, info, denied]) {
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Expose-Headers")).toBe(EXPOSED);
      expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    }
  });

  it("the browser pages are not opened to other origins", async () => {
    const page = await call("GET", "/oauth/login?flow=none", { headers: { Origin: SPA_ORIGIN } });
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await call("OPTIONS", "/oauth/login", {
      headers: { Origin: SPA_ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
