import { describe, expect, it } from "vitest";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { call, createUser, expectError } from "../helpers/api";
import { signTestToken } from "../helpers/tokens";

const now = () => Math.floor(Date.now() / 1000);

async function expectUnauthorized(token: string | undefined, header?: string) {
  const res = await call("GET", "/me", header ? { headers: { Authorization: header } } : { token });
  expectError(res, 401, "unauthorized");
  expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  return res;
}

describe("bearer authentication", () => {
  it("401 with WWW-Authenticate: Bearer when the token is missing", async () => {
    const res = await expectUnauthorized(undefined);
    expect(res.headers.get("WWW-Authenticate")).toBe("Bearer");
  });

  it.each(["Basic abc", "Bearer", "Bearer not a token", "bearer"])("401 for a malformed header %j", async (header) => {
    await expectUnauthorized(undefined, header);
  });

  it("accepts the scheme name in any case (RFC 9110 §11.1)", async () => {
    const user = await createUser();
    for (const scheme of ["bearer", "BEARER", "BeArEr"]) {
      expect((await call("GET", "/me", { headers: { Authorization: `${scheme} ${user.accessToken}` } })).status).toBe(
        200,
      );
    }
  });

  it("401 invalid_token for an expired token", async () => {
    const user = await createUser();
    const token = await signTestToken({ sub: user.id, sid: "x" }, { issuedAt: now() - 7200, expiresAt: now() - 3600 });
    const res = await expectUnauthorized(token);
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("401 for a tampered payload or signature", async () => {
    const user = await createUser();
    const [header, payload, signature] = user.accessToken.split(".");
    const forged = btoa(
      JSON.stringify({ ...JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))), sub: crypto.randomUUID() }),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    await expectUnauthorized(`${header}.${forged}.${signature}`);
    await expectUnauthorized(`${header}.${payload}.${signature!.slice(0, -2)}AA`);
  });

  it("401 for alg none, another key, another issuer, another audience", async () => {
    const user = await createUser();
    const claims = { sub: user.id, sid: crypto.randomUUID() };
    const none =
      `${btoa(JSON.stringify({ alg: "none", typ: "JWT" }))}.${btoa(JSON.stringify({ ...claims, iss: "http://localhost", aud: "platform-api", exp: now() + 60, iat: now(), jti: "j" }))}.`.replace(
        /=/g,
        "",
      );
    await expectUnauthorized(none);
    await expectUnauthorized(await signTestToken(claims, { secret: "some-other-secret-of-sufficient-length" }));
    await expectUnauthorized(await signTestToken(claims, { issuer: "https://evil.example" }));
    await expectUnauthorized(await signTestToken(claims, { audience: "someone-else" }));
  });

  it("401 for a well-signed token whose session does not exist", async () => {
    const user = await createUser();
    await expectUnauthorized(await signTestToken({ sub: user.id, sid: crypto.randomUUID() }));
  });

  it("403 insufficient_scope for an OAuth token on a first-party endpoint", async () => {
    const user = await createUser();
    const token = await signTestToken(
      { sub: user.id, client_id: crypto.randomUUID(), scope: "email:read profile:read execution:run" },
      { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
    );
    const res = await call("GET", "/me", { token });
    expectError(res, 403, "forbidden");
    expect(res.headers.get("WWW-Authenticate")).toContain('error="insufficient_scope"');
  });
});
