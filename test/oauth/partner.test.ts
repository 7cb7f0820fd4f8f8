import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { oauthClientSchema } from "../../src/domains/partner/schemas";
import { call, expectError, expectFieldError, expectShape, uniqueIp } from "../helpers/api";
import { partnerKey, REDIRECT_URI } from "../helpers/oauth";

const valid = {
  clientName: "Acme Planner",
  clientType: "confidential",
  redirectUris: [REDIRECT_URI],
  grantTypes: ["authorization_code", "refresh_token"],
  allowedScopes: ["email:read", "profile:read"],
};

const register = (token: string | undefined, body: unknown) =>
  call("POST", "/partner/oauth-clients", { token, body, ip: uniqueIp() });

const sha256Hex = async (value: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

describe("POST /partner/oauth-clients", () => {
  it("registers a confidential client; the secret is returned once and stored only as its hash", async () => {
    const res = await register(await partnerKey(), valid);
    expect(res.status).toBe(201);
    const client = expectShape(oauthClientSchema, res.body.data);
    expect(client).toMatchObject({
      clientName: "Acme Planner",
      clientType: "confidential",
      redirectUris: [REDIRECT_URI],
      grantTypes: ["authorization_code", "refresh_token"],
      allowedScopes: ["email:read", "profile:read"],
      tokenEndpointAuthMethod: "client_secret_basic",
    });
    expect(client.clientSecret).toMatch(/^ocs_[\w-]{43}$/);
    const row = await env.DB.prepare("SELECT * FROM oauth_clients WHERE id = ?")
      .bind(client.clientId)
      .first<Record<string, string>>();
    expect(row!.secret_hash).toBe(await sha256Hex(client.clientSecret!));
    expect(JSON.stringify(row)).not.toContain(client.clientSecret);
  });

  it("registers a public client (no secret, auth method none) with a loopback redirect", async () => {
    const res = await register(await partnerKey(), {
      ...valid,
      clientType: "public",
      redirectUris: ["http://127.0.0.1:8765/cb", "http://[::1]:8765/cb", "http://localhost/cb"],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.clientSecret).toBeUndefined();
    expect(res.body.data.tokenEndpointAuthMethod).toBe("none");
  });

  it("accepts the Bearer scheme in any case (RFC 9110 §11.1)", async () => {
    const res = await call("POST", "/partner/oauth-clients", {
      headers: { Authorization: `bearer ${await partnerKey()}` },
      body: valid,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(201);
  });

  it("401 without a key, with an unknown key or with a revoked key", async () => {
    expectError(await register(undefined, valid), 401, "unauthorized");
    expectError(await register("pk_not-a-real-key", valid), 401, "unauthorized");
    const key = await partnerKey();
    await env.DB.prepare("UPDATE partner_keys SET revoked_at = ? WHERE key_hash = ?")
      .bind(new Date().toISOString(), await sha256Hex(key))
      .run();
    expectError(await register(key, valid), 401, "unauthorized");
  });

  it("403 for a key without partner:oauth-client-admin", async () => {
    const key = `pk_${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO partner_keys (id, name, key_hash, scopes, created_at) VALUES (?, 'other', ?, '[\"partner:reports\"]', ?)",
    )
      .bind(crypto.randomUUID(), await sha256Hex(key), new Date().toISOString())
      .run();
    expectError(await register(key, valid), 403, "forbidden");
  });

  it("a user's access token is not a partner key", async () => {
    const res = await call("POST", "/auth/register", {
      body: { email: `p-${crypto.randomUUID()}@example.com`, password: "correct-horse-battery" },
      ip: uniqueIp(),
    });
    expectError(await register(res.body.data.accessToken, valid), 401, "unauthorized");
  });

  it.each([
    ["redirectUris.0", { redirectUris: ["http://client.example.com/cb"] }, /https/],
    ["redirectUris.0", { redirectUris: [`${REDIRECT_URI}#frag`] }, /fragment/],
    ["redirectUris.0", { redirectUris: ["/callback"] }, /absolute/],
    ["redirectUris.0", { redirectUris: ["https://*.example.com/cb"] }, /wildcard/],
    ["redirectUris.0", { redirectUris: ["https://user:pw@example.com/cb"] }, /credentials/],
    ["redirectUris.0", { redirectUris: ["myapp://callback"] }, /https/],
    ["redirectUris", { redirectUris: [] }, undefined],
    ["redirectUris", { redirectUris: [REDIRECT_URI, REDIRECT_URI] }, /repeat/],
    ["grantTypes.0", { grantTypes: ["client_credentials"] }, undefined],
    ["grantTypes", { grantTypes: ["refresh_token"] }, /^must contain authorization_code$/],
    ["grantTypes", { grantTypes: [] }, /^must contain authorization_code$/],
    ["grantTypes", { grantTypes: ["authorization_code", "refresh_token", "refresh_token"] }, /repeat/],
    ["allowedScopes.0", { allowedScopes: ["admin:all"] }, undefined],
    ["allowedScopes", { allowedScopes: [] }, undefined],
    ["clientType", { clientType: "trusted" }, undefined],
    ["clientName", { clientName: "" }, undefined],
    ["tokenEndpointAuthMethod", { tokenEndpointAuthMethod: "client_secret_post" }, /unknown/],
  ])("400 for %s %j", async (field, change, message) => {
    expectFieldError(await register(await partnerKey(), { ...valid, ...change }), field, message);
  });
});
