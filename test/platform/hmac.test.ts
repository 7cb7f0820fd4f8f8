import { describe, expect, it } from "vitest";
import { hmacSha256, hmacSha256Matches } from "../../src/lib/crypto";
import { hmacSha256MatchesSync, hmacSha256Sync } from "../../src/lib/hmac-sync";

/**
 * The one HMAC-SHA256 of src/lib/crypto.ts (JWTs, CSRF tokens, recovery codes, Stripe webhooks,
 * media URLs): its Web Crypto and synchronous forms against RFC 4231's vectors and each other.
 */
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));

/** RFC 4231 test case 2: a short key and message. */
const RFC_4231_CASE_2 = {
  key: "Jefe",
  data: "what do ya want for nothing?",
  mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
};

describe("HMAC-SHA256 (src/lib/crypto.ts)", () => {
  it("matches RFC 4231, asynchronously and synchronously, for text and bytes", async () => {
    const { key, data, mac } = RFC_4231_CASE_2;
    expect(hex(await hmacSha256(key, data))).toBe(mac);
    expect(hex(await hmacSha256(key, new TextEncoder().encode(data)))).toBe(mac);
    expect(hex(hmacSha256Sync(key, data))).toBe(mac);
  });

  it("keys with the UTF-8 of the secret and message, the same in both forms", async () => {
    const secret = "clé-ünïcode-✓";
    expect(hex(await hmacSha256(secret, "Zoë ✓"))).toBe(hex(hmacSha256Sync(secret, "Zoë ✓")));
    expect(hex(await hmacSha256(secret, "a"))).not.toBe(hex(await hmacSha256("another secret", "a")));
  });

  it("verifies the right MAC and refuses a wrong one, another key's, or one of another length", async () => {
    const { key, data, mac } = RFC_4231_CASE_2;
    const good = fromHex(mac);
    const flipped = good.slice();
    flipped[31]! ^= 1;
    expect(await hmacSha256Matches(key, data, good)).toBe(true);
    expect(await hmacSha256Matches(key, data, flipped)).toBe(false);
    expect(await hmacSha256Matches("Jeff", data, good)).toBe(false);
    expect(await hmacSha256Matches(key, data, good.subarray(0, 16))).toBe(false);
    expect(hmacSha256MatchesSync(key, data, good)).toBe(true);
    expect(hmacSha256MatchesSync(key, data, flipped)).toBe(false);
    expect(hmacSha256MatchesSync("Jeff", data, good)).toBe(false);
    expect(hmacSha256MatchesSync(key, data, good.subarray(0, 16))).toBe(false);
  });

  it("keeps answering rightly for many secrets (its key cache is bounded)", async () => {
    for (let i = 0; i < 40; i++) {
      const secret = `secret-${i}`;
      expect(hex(await hmacSha256(secret, "m"))).toBe(hex(hmacSha256Sync(secret, "m")));
    }
    expect(hex(await hmacSha256(RFC_4231_CASE_2.key, RFC_4231_CASE_2.data))).toBe(RFC_4231_CASE_2.mac);
  });
});
