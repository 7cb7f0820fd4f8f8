import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountSchema, partnerKeySchema } from "../../src/domains/admin/schemas";
import { userSchema } from "../../src/domains/identity/schemas";
import { sha256Hex } from "../../src/lib/crypto";
import { loadApp } from "../../src/app";
import {
  BASE,
  admin,
  call,
  createUser,
  expectError,
  expectFieldError,
  expectShape,
  uniqueEmail,
  uniqueIp,
} from "../helpers/api";

describe("operator API authentication", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { Authorization: "Bearer not-the-admin-token" }],
    ["a prefix of the token", { Authorization: `Bearer ${env.ADMIN_TOKEN.slice(0, -1)}` }],
    ["the token with a suffix", { Authorization: `Bearer ${env.ADMIN_TOKEN}x` }],
    ["the wrong scheme", { Authorization: `Basic ${env.ADMIN_TOKEN}` }],
  ])("401 with %s", async (_, headers) => {
    const res = await call("POST", "/admin/users", {
      headers,
      body: { email: uniqueEmail(), password: "long-enough-pw" },
    });
    expectError(res, 401, "unauthorized");
  });

  it("guards the whole /admin path: an unknown operator route is 401 without the token, 404 with it", async () => {
    for (const path of ["/admin", "/admin/no-such-thing"]) {
      expectError(await call("GET", path), 401, "unauthorized");
      expectError(await admin("GET", path), 404, "not_found");
    }
  });

  it("a wrong method on an operator route is 401 without the token, 405 with Allow with it", async () => {
    expectError(await call("GET", "/admin/users"), 401, "unauthorized");
    const res = await admin("GET", "/admin/users");
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("accepts the scheme name in any case", async () => {
    const res = await call("POST", "/admin/users", {
      headers: { Authorization: `bearer ${env.ADMIN_TOKEN}` },
      body: { email: uniqueEmail(), password: "long-enough-pw" },
    });
    expect(res.status).toBe(201);
  });

  it("401 for every token when ADMIN_TOKEN is not configured", async () => {
    const app = await loadApp();
    for (const header of ["Bearer ", "Bearer undefined", `Bearer ${env.ADMIN_TOKEN}`]) {
      const res = await app.fetch(new Request(`${BASE}/admin/outbox`, { headers: { Authorization: header } }), {
        ...env,
        ADMIN_TOKEN: "",
      } as Env);
      expect(res.status).toBe(401);
      expect((await res.json<any>()).error.code).toBe("unauthorized");
    }
  });

  it("refuses a user's access token", async () => {
    const user = await createUser();
    expectError(
      await call("POST", "/admin/partner-keys", {
        token: user.accessToken,
        body: { name: "x", scopes: ["partner:oauth-client-admin"] },
      }),
      401,
      "unauthorized",
    );
  });
});

describe("POST /admin/users", () => {
  it("provisions a user on the given plan who can then sign in", async () => {
    const email = uniqueEmail("ops");
    const res = await admin("POST", "/admin/users", { email, password: "long-enough-pw", name: "Ops", plan: "pro" });
    expect(res.status).toBe(201);
    expectShape(userSchema, res.body.data);
    const login = await call("POST", "/auth/login", { body: { email, password: "long-enough-pw" }, ip: uniqueIp() });
    const me = await call("GET", "/me", { token: login.body.data.accessToken });
    expect(me.body.data.plan).toBe("pro");
  });

  it("409 for a taken e-mail, 400 for bad input", async () => {
    const user = await createUser();
    expectError(
      await admin("POST", "/admin/users", { email: user.email, password: "long-enough-pw" }),
      409,
      "conflict",
    );
    expectFieldError(
      await admin("POST", "/admin/users", { email: uniqueEmail(), password: "long-enough-pw", plan: "platinum" }),
      "plan",
    );
  });
});

describe("POST /admin/partner-keys", () => {
  it("shows the key once and stores only its hash", async () => {
    const res = await admin("POST", "/admin/partner-keys", { name: "Acme", scopes: ["partner:oauth-client-admin"] });
    expect(res.status).toBe(201);
    const key = expectShape(partnerKeySchema, res.body.data);
    const row = await env.DB.prepare("SELECT * FROM partner_keys WHERE id = ?")
      .bind(key.id)
      .first<Record<string, string>>();
    expect(row!.key_hash).toBe(await sha256Hex(key.key));
    expect(JSON.stringify(row)).not.toContain(key.key);
  });

  it("accepts only known scopes", async () => {
    expectFieldError(await admin("POST", "/admin/partner-keys", { name: "Acme", scopes: ["root"] }), "scopes.0");
    expectFieldError(await admin("POST", "/admin/partner-keys", { name: "Acme", scopes: [] }), "scopes");
  });
});

describe("PATCH /admin/users/:userId/account", () => {
  it("changes plan and replaces entitlements", async () => {
    const user = await createUser();
    const res = await admin("PATCH", `/admin/users/${user.id}/account`, {
      plan: "business",
      entitlements: ["ai", "provider:openai"],
    });
    expect(res.status).toBe(200);
    expect(expectShape(accountSchema, res.body.data)).toMatchObject({
      plan: "business",
      entitlements: ["ai", "provider:openai"],
    });
    const me = await call("GET", "/me", { token: user.accessToken });
    expect(me.body.data).toMatchObject({ plan: "business", entitlements: ["ai", "provider:openai"] });
  });

  it("404 for an unknown user, 400 for a bad entitlement or an empty change", async () => {
    const user = await createUser();
    expectError(await admin("PATCH", `/admin/users/${crypto.randomUUID()}/account`, { plan: "pro" }), 404, "not_found");
    expectFieldError(
      await admin("PATCH", `/admin/users/${user.id}/account`, { entitlements: ["everything"] }),
      "entitlements.0",
    );
    expectError(await admin("PATCH", `/admin/users/${user.id}/account`, {}), 400, "bad_request");
    expectFieldError(await admin("PATCH", `/admin/users/not-a-uuid/account`, { plan: "pro" }), "userId");
  });
});
