import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { base64url } from "../../src/lib/crypto";
import { signJwt, verifyJwt } from "../../src/lib/jwt";

/**
 * src/lib/jwt.ts, our HS256 framing on Web Crypto, against jose (an independent implementation
 * the tests keep): each accepts what the other signs, and ours refuses every malformed or foreign
 * token. What the access tokens' claims must be is tested through the API (test/oauth, test/identity).
 */
const SECRET = "a-secret-long-enough-for-hs256-0123456789";
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

describe("HS256 JWTs (src/lib/jwt.ts)", () => {
  it("round-trips, and jose verifies what it signs", async () => {
    const token = await signJwt({ alg: "HS256", typ: "at+jwt" }, { sub: "u1", scope: "a b", n: 1 }, SECRET);
    expect(await verifyJwt(token, SECRET)).toEqual({
      header: { alg: "HS256", typ: "at+jwt" },
      payload: { sub: "u1", scope: "a b", n: 1 },
    });
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ["HS256"] });
    expect(payload).toEqual({ sub: "u1", scope: "a b", n: 1 });
    expect(protectedHeader.typ).toBe("at+jwt");
  });

  it("verifies what jose signs, non-ASCII claims included", async () => {
    const token = await new SignJWT({ name: "Zoë ✓" }).setProtectedHeader({ alg: "HS256" }).sign(key);
    expect((await verifyJwt(token, SECRET))?.payload).toEqual({ name: "Zoë ✓" });
    expect(decodeJwt(token)).toEqual({ name: "Zoë ✓" });
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256" });
  });

  it("refuses another key, a tampered header or payload, and a stripped signature", async () => {
    const token = await signJwt({ alg: "HS256" }, { sub: "u1" }, SECRET);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    expect(await verifyJwt(token, `${SECRET}x`)).toBeNull();
    expect(await verifyJwt(`${header}.${b64({ sub: "u2" })}.${signature}`, SECRET)).toBeNull();
    expect(await verifyJwt(`${b64({ alg: "HS256", typ: "JWT" })}.${payload}.${signature}`, SECRET)).toBeNull();
    expect(await verifyJwt(`${header}.${payload}.`, SECRET)).toBeNull();
    expect(await verifyJwt(`${header}.${payload}`, SECRET)).toBeNull();
  });

  it("refuses alg none, other algorithms and a crit header, even correctly signed", async () => {
    const unsigned = `${b64({ alg: "none" })}.${b64({ sub: "u1" })}.`;
    expect(await verifyJwt(unsigned, SECRET)).toBeNull();
    const hs512 = await new SignJWT({ sub: "u1" }).setProtectedHeader({ alg: "HS512" }).sign(key);
    expect(await verifyJwt(hs512, SECRET)).toBeNull();
    // A crit header, built by hand with a valid signature.
    const signingInput = `${b64({ alg: "HS256", crit: ["x"], x: 1 })}.${b64({ sub: "u1" })}`;
    const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(signingInput)));
    expect(await verifyJwt(`${signingInput}.${base64url(signature)}`, SECRET)).toBeNull();
    // The same token without `crit` passes: only the header made the difference.
    const plainInput = `${b64({ alg: "HS256", x: 1 })}.${b64({ sub: "u1" })}`;
    const plain = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(plainInput)));
    expect(await verifyJwt(`${plainInput}.${base64url(plain)}`, SECRET)).not.toBeNull();
  });

  it("refuses segments that are not base64url JSON objects", async () => {
    const sign = async (header: string, payload: string) => {
      const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const input = `${header}.${payload}`;
      return `${input}.${base64url(new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(input))))}`;
    };
    const header = b64({ alg: "HS256" });
    for (const payload of [b64([1, 2]), b64("text"), b64(null), base64url(new Uint8Array([0xff, 0xfe])), "a+b/"])
      expect(await verifyJwt(await sign(header, payload), SECRET), payload).toBeNull();
    expect(await verifyJwt(await sign("e30", b64({ sub: "u1" })), SECRET)).toBeNull(); // `{}`: no alg
    expect(await verifyJwt("...", SECRET)).toBeNull();
    expect(await verifyJwt("a.b.c.d", SECRET)).toBeNull();
  });
});
