import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { OAuthForm } from "./client-auth";
import { oauthError } from "./errors";

/** The parameters the token endpoint reads (schemas.ts `tokenForm` describes each). */
export const TOKEN_PARAMS = [
  "grant_type",
  "code",
  "redirect_uri",
  "code_verifier",
  "refresh_token",
  "scope",
  "resource",
  "client_id",
  "client_secret",
] as const;

/** The parameters the revocation endpoint reads (schemas.ts `revokeForm`). */
export const REVOKE_PARAMS = ["token", "token_type_hint", "client_id", "client_secret"] as const;

/**
 * A form body as RFC 6749 reads it, by hand rather than through a schema (a cold token request
 * loads no zod, docs/performance.md): each of `names`, as a string; unknown parameters are
 * ignored (§3.1), and none may appear twice (§3.2). RFC 8707 lets `resource` repeat, but a token
 * names one audience here, so several are the target error. The body's type was checked before
 * (`application/x-www-form-urlencoded`), so every value is a string.
 */
export async function readOAuthForm(c: Context<AppEnv>, names: readonly string[]): Promise<OAuthForm> {
  const form = await c.req.formData().catch(() => {
    throw oauthError("invalid_request", "Malformed request parameters");
  });
  const params: OAuthForm = {};
  for (const name of names) {
    const values = form.getAll(name);
    if (values.length > 1 && name === "resource")
      throw oauthError("invalid_target", "Only one resource may be requested: a token names one audience");
    if (values.length > 1) throw oauthError("invalid_request", `Parameter ${name} is repeated`);
    if (values.length === 1) params[name] = String(values[0]);
  }
  return params;
}
