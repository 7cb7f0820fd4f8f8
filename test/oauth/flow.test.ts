import { describe, expect, it } from "vitest";
import { call, createUser } from "../helpers/api";
import { exchange, issueCode, refresh, registerClient } from "../helpers/oauth";

describe("smoke", () => {
  it("runs the flow", async () => {
    const user = await createUser({ name: "Ada" });
    const client = await registerClient();
    const issued = await issueCode(user, client);
    const tokens = await exchange(client, issued);
    expect(tokens.status, tokens.text).toBe(200);
    const info = await call("GET", "/oauth/userinfo", { token: tokens.json.access_token });
    expect(info.body).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: false,
      name: "Ada",
      preferred_username: null,
    });
    const rotated = await refresh(client, tokens.json.refresh_token);
    expect(rotated.status, rotated.text).toBe(200);
  });
});
