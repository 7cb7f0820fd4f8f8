import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { FIRST_PARTY_AUDIENCE } from "../../src/lib/tokens";
import { ORIGIN } from "./api";

/** Signs arbitrary claims with the test secret, to build expired, foreign or malformed tokens. */
export function signTestToken(
  claims: Record<string, unknown>,
  options: {
    header?: Record<string, unknown>;
    secret?: string;
    issuedAt?: number;
    expiresAt?: number;
    audience?: string;
    issuer?: string;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ jti: crypto.randomUUID(), ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", ...options.header })
    .setIssuer(options.issuer ?? ORIGIN)
    .setAudience(options.audience ?? FIRST_PARTY_AUDIENCE)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? env.JWT_SECRET));
}

export const decodePayload = (jwt: string) =>
  JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
