import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "../helpers/api";
import { exchange, issueCode, registerClient } from "../helpers/oauth";

/**
 * A partner client may register the code grant alone (spec `grantTypes`: `authorization_code`,
 * `refresh_token`). The token response is the spec's for every grant, refresh token included; such
 * a client never redeems it (docs/oauth.md).
 */
describe("a client registered with grantTypes [authorization_code] only", () => {
  it.each(["confidential", "public"] as const)(
    "%s: 201 with that grant, and the code flow answers the spec's token response",
    async (clientType) => {
      const client = await registerClient({ clientType, grantTypes: ["authorization_code"] });
      expect(client.grantTypes).toEqual(["authorization_code"]);
      const stored = await env.DB.prepare("SELECT grant_types FROM oauth_clients WHERE id = ?")
        .bind(client.clientId)
        .first<{ grant_types: string }>();
      expect(JSON.parse(stored!.grant_types)).toEqual(["authorization_code"]);

      const tokens = await exchange(client, await issueCode(await createUser(), client));
      expect(tokens.status, tokens.text).toBe(200);
      expect(tokens.json).toMatchObject({
        access_token: expect.any(String),
        token_type: "Bearer",
        expires_in: expect.any(Number),
        refresh_token: expect.any(String),
        scope: "email:read profile:read",
      });
    },
  );
});
