import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { logError, redact } from "../../src/lib/log";

describe("log redaction", () => {
  const secrets = {
    JWT_SECRET: "jwt-secret-value-123",
    ADMIN_TOKEN: "admin-token-xyz",
    OPENAI_API_KEY: "sk-live-abcdef",
  };

  it("masks the value of every secret binding wherever it appears", () => {
    const out = redact(
      JSON.stringify({ a: "x jwt-secret-value-123 y", b: ["admin-token-xyz"], c: "sk-live-abcdef" }),
      secrets,
    );
    expect(out).not.toMatch(/jwt-secret-value-123|admin-token-xyz|sk-live-abcdef/);
    expect(out.match(/\[redacted\]/g)).toHaveLength(3);
  });

  it("masks bearer and basic credentials and JWT-shaped strings", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    expect(redact(`Authorization: Bearer opaque-token.1`)).toBe("Authorization: Bearer [redacted]");
    expect(redact(`basic dXNlcjpwYXNz=`)).toBe("basic [redacted]");
    expect(redact(`token ${jwt} seen`)).toBe("token [redacted] seen");
  });

  it("leaves ordinary text and too-short secret values alone", () => {
    expect(redact("user 42 failed: not found", { ADMIN_TOKEN: "42" })).toBe("user 42 failed: not found");
  });

  it("reads the secrets from the Worker's own env: a capability provider's key and the media signing key", () => {
    const { BRAVE_API_KEY } = env as unknown as Record<string, string>;
    expect(BRAVE_API_KEY).toBeTruthy();
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      logError(env, { error: `brave ${BRAVE_API_KEY}, media ${env.MEDIA_SIGNING_KEY}`, origin: env.BRAVE_BASE_URL });
      const line = String(spy.mock.calls[0]![0]);
      expect(JSON.parse(line)).toEqual({
        error: "brave [redacted], media [redacted]",
        origin: env.BRAVE_BASE_URL,
      });
    } finally {
      spy.mockRestore();
    }
  });
});
