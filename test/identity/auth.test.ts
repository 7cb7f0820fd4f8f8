import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { authResultSchema, meSchema } from "../../src/domains/identity/schemas";
import { call, createUser, expectError, expectFieldError, expectShape, uniqueEmail, uniqueIp } from "../helpers/api";
import { api } from "../helpers/client";
import { decodePayload } from "../helpers/tokens";
import { sha256Hex } from "../../src/lib/crypto";

const password = "a-long-enough-password";

describe("POST /auth/register", () => {
  it("creates a user with tokens, a free account and a personal workspace", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    const res = await api(undefined, { ip }).POST("/api/v1/auth/register", {
      body: { email: email.toUpperCase(), password, name: "Ada", username: `ada_${Date.now()}` },
    });
    expect(res.status).toBe(201);
    const data = expectShape(authResultSchema, res.body.data);
    expect(data.user).toMatchObject({ email, emailVerified: false, name: "Ada" });
    expect(data.expiresIn).toBe(3600);
    const claims = decodePayload(data.accessToken);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.aud).toBe("platform-api");

    const me = await api(data.accessToken, { ip }).GET("/api/v1/me");
    expect(me.status).toBe(200);
    const body = expectShape(meSchema, me.body.data);
    expect(body.plan).toBe("free");
    expect(body.entitlements).toEqual(["ai", "connectors"]);
    expect(body.workspaces).toEqual([{ id: expect.any(String), name: "Personal", kind: "personal", role: "owner" }]);
  });

  it("stores only a PBKDF2 hash of the password", async () => {
    const user = await createUser();
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]+\$[\w-]+$/);
    expect(row!.password_hash).not.toContain(user.password);
  });

  it("refuses a taken e-mail with 409 and changes nothing", async () => {
    const user = await createUser();
    const res = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/register", {
      body: { email: user.email, password },
    });
    expectError(res, 409, "conflict");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(user.email)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("refuses a taken username with 409 and creates nothing", async () => {
    const username = `taken_${crypto.randomUUID().slice(0, 8)}`;
    expect(
      (
        await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/register", {
          body: { email: uniqueEmail(), password, username },
        })
      ).status,
    ).toBe(201);
    const email = uniqueEmail();
    const res = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/register", {
      body: { email, password, username },
    });
    expectError(res, 409, "conflict");
    expect(res.body.error.message).toBe("This username is taken");
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it.each([
    [{ email: "not-an-email", password }, "email"],
    [{ email: uniqueEmail(), password: "short" }, "password"],
    [{ email: uniqueEmail(), password: "x".repeat(201) }, "password"],
    [{ password }, "email"],
    [{ email: uniqueEmail(), password, role: "admin" }, "role"],
    [{ email: uniqueEmail(), password, username: "Not Valid!" }, "username"],
  ])("validates %j (field %s)", async (body, field) => {
    const res = await call("POST", "/auth/register", { body, ip: uniqueIp() });
    expectFieldError(res, field);
  });

  it("names unknown properties", async () => {
    const res = await call("POST", "/auth/register", {
      body: { email: uniqueEmail(), password, isAdmin: true },
      ip: uniqueIp(),
    });
    expectFieldError(res, "isAdmin", "unknown property isAdmin");
  });
});

describe("POST /auth/login", () => {
  it("signs in with the right password, case-insensitive e-mail", async () => {
    const user = await createUser();
    const res = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/login", {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    expectShape(authResultSchema, res.body.data);
  });

  it("answers 401 invalid_credentials for a wrong password and an unknown e-mail alike", async () => {
    const user = await createUser();
    const wrong = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/login", {
      body: { email: user.email, password: "wrong-password-123" },
    });
    expectError(wrong, 401, "invalid_credentials");
    const unknown = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/login", {
      body: { email: uniqueEmail(), password: "wrong-password-123" },
    });
    expectError(unknown, 401, "invalid_credentials");
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });
});

describe("POST /auth/refresh", () => {
  it("rotates: each refresh token works once and yields a new pair", async () => {
    const user = await createUser();
    const first = await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", {
      body: { refreshToken: user.refreshToken },
    });
    expect(first.status).toBe(200);
    const rotated = expectShape(authResultSchema, first.body.data);
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    const second = await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", {
      body: { refreshToken: rotated.refreshToken },
    });
    expect(second.status).toBe(200);
  });

  it("refuses an expired refresh token with 401", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await sha256Hex(user.refreshToken))
      .run();
    expectError(
      await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } }),
      401,
      "unauthorized",
    );
  });

  it("revokes the whole family when a consumed token is reused", async () => {
    const user = await createUser();
    const rotated = (
      await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } })
    ).body.data;

    const reuse = await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", {
      body: { refreshToken: user.refreshToken },
    });
    expectError(reuse, 401, "unauthorized");
    // The legitimate newest token and the session's access tokens die with the family.
    expectError(
      await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", {
        body: { refreshToken: rotated.refreshToken },
      }),
      401,
      "unauthorized",
    );
    expectError(await api(rotated.accessToken, { ip: user.ip }).GET("/api/v1/me"), 401, "unauthorized");
    expectError(await api(user.accessToken, { ip: user.ip }).GET("/api/v1/me"), 401, "unauthorized");
  });

  it("lets exactly one of two concurrent uses of a token win", async () => {
    const user = await createUser();
    const results = await Promise.all(
      [0, 1].map(() =>
        api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("refuses unknown tokens and bad bodies", async () => {
    expectError(
      await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/refresh", { body: { refreshToken: "rt_unknown" } }),
      401,
      "unauthorized",
    );
    expectFieldError(await call("POST", "/auth/refresh", { body: {}, ip: uniqueIp() }), "refreshToken");
  });

  it("keeps other sessions of the same user alive", async () => {
    const user = await createUser();
    const other = (
      await api(undefined, { ip: user.ip }).POST("/api/v1/auth/login", {
        body: { email: user.email, password: user.password },
      })
    ).body.data;
    await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } });
    await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } }); // reuse: family 1 revoked
    expect((await api(other.accessToken, { ip: user.ip }).GET("/api/v1/me")).status).toBe(200);
  });
});

describe("POST /auth/logout", () => {
  it("ends the session: its refresh and access tokens stop working", async () => {
    const user = await createUser();
    const res = await api(undefined, { ip: user.ip }).POST("/api/v1/auth/logout", {
      body: { refreshToken: user.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { revoked: true } });
    expectError(await api(user.accessToken, { ip: user.ip }).GET("/api/v1/me"), 401, "unauthorized");
    expectError(
      await api(undefined, { ip: user.ip }).POST("/api/v1/auth/refresh", { body: { refreshToken: user.refreshToken } }),
      401,
      "unauthorized",
    );
  });

  it("is idempotent for unknown tokens", async () => {
    const res = await api(undefined, { ip: uniqueIp() }).POST("/api/v1/auth/logout", {
      body: { refreshToken: "rt_nothing" },
    });
    expect(res.status).toBe(200);
  });
});
