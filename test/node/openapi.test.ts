import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApp, openApiDocument } from "../../src/app";

describe("OpenAPI document", () => {
  const document = openApiDocument(createApp()) as Record<string, any>;

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is generated from the route declarations", () => {
    const paths = Object.keys(document.paths);
    for (const path of ["/health", "/auth/register", "/auth/login", "/auth/refresh", "/auth/logout", "/me", "/workspaces", "/workspaces/{id}/members", "/admin/users", "/admin/partner-keys", "/admin/users/{userId}/account",
      "/auth/resend-confirmation", "/auth/confirm-email", "/auth/forgot-password", "/auth/exchange-recovery-code", "/auth/reset-password",
      "/auth/check-username", "/auth/claim-username", "/auth/change-email", "/auth/change-password", "/billing/checkout", "/billing/webhook",
      "/account/confirm-email", "/account/forgot-password", "/account/reset-password"]) {
      expect(paths).toContain(`/api/v1${path}`);
    }
    expect(document.paths["/api/v1/auth/register"].post.requestBody.content["application/json"].schema).toBeDefined();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
