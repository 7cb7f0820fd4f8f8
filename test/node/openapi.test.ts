import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { loadApp, openApiDocument } from "../../src/app";

const document = openApiDocument(await loadApp()) as Record<string, any>;

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is generated from the route declarations", () => {
    const paths = Object.keys(document.paths);
    for (const path of [
      "/health",
      "/auth/register",
      "/auth/login",
      "/auth/refresh",
      "/auth/logout",
      "/me",
      "/workspaces",
      "/workspaces/{id}/members",
      "/admin/users",
      "/admin/partner-keys",
      "/admin/users/{userId}/account",
      "/auth/resend-confirmation",
      "/auth/confirm-email",
      "/auth/forgot-password",
      "/auth/exchange-recovery-code",
      "/auth/reset-password",
      "/auth/check-username",
      "/auth/claim-username",
      "/auth/change-email",
      "/auth/change-password",
      "/billing/checkout",
      "/billing/webhook",
      "/account/confirm-email",
      "/account/forgot-password",
      "/account/reset-password",
    ]) {
      expect(paths).toContain(`/api/v1${path}`);
    }
    expect(document.paths["/api/v1/auth/register"].post.requestBody.content["application/json"].schema).toBeDefined();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });
});

/**
 * Every operation is documented for the people who read the reference page (/api/v1/docs): a
 * summary, a tag (the page groups by it), and the error answers it can give. Operations that
 * cannot fail for a caller are listed here, each with why.
 */
const NO_ERROR_ANSWERS: Record<string, string> = {
  "get /api/v1/health": "liveness: touches nothing that can fail",
  "get /api/v1/account/confirm-email": "a page: every problem is shown on the page itself (200)",
  "get /api/v1/account/forgot-password": "a page with a form",
  "get /api/v1/account/reset-password": "a page with a form",
  "get /status": "the public status page, served from the projection",
  "get /status/feed.atom": "public feed, served from the projection",
  "get /status/badge.svg": "public badge, served from the projection",
  "get /api/v2/summary.json": "Statuspage v2 summary, served from the projection",
  "get /api/v2/status.json": "Statuspage v2 status, served from the projection",
  "get /.well-known/openid-configuration": "static discovery document",
  "get /.well-known/oauth-authorization-server": "static discovery document",
  "get /.well-known/oauth-protected-resource": "static metadata document (RFC 9728)",
  "get /.well-known/oauth-protected-resource/api/v1/mcp": "static metadata document (RFC 9728)",
};

/** Bearer routes that answer every refused token with 404 (CONTRACT "Media"): they document no 401. */
const REFUSED_AS_NOT_FOUND: Record<string, string> = {
  "get /api/v1/media/{id}": "everyone but the owner or a signed URL's holder gets 404, with or without a token",
};

describe("every operation is documented", () => {
  const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );

  it.each(operations.map((op) => [op.key, op.operation]))(
    "%s has a summary, a tag and its error answers",
    (key, operation) => {
      expect(operation.summary, `${key}: summary`).toMatch(/\S/);
      expect(operation.tags?.length, `${key}: tags`).toBeGreaterThan(0);
      const errors = Object.keys(operation.responses ?? {}).filter((status) => Number(status) >= 400);
      if (NO_ERROR_ANSWERS[key]) expect(errors, `${key} is listed as having no error answers`).toEqual([]);
      else expect(errors.length, `${key}: no error responses documented`).toBeGreaterThan(0);
      if (REFUSED_AS_NOT_FOUND[key]) expect(errors, `${key} refuses with 404 only`).not.toContain("401");
      else if (operation.security?.some((scheme: Record<string, unknown>) => "bearerAuth" in scheme)) {
        expect(errors, `${key}: a bearer route documents 401`).toContain("401");
      }
    },
  );
});

describe("request bodies carry examples", () => {
  const resolve = (schema: any) =>
    schema?.$ref ? document.components.schemas[String(schema.$ref).split("/").pop()!] : schema;
  // The browser forms of the sign-in and account pages are posted by their own pages, not by API users.
  const bodies = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.entries(operation.requestBody?.content ?? {})
        .filter(([, media]: [string, any]) => media.schema?.$ref)
        .map(([type, media]: [string, any]) => [`${method} ${path} (${type})`, resolve(media.schema)] as const),
    ),
  );

  it.each(bodies)("%s has an example", (_, schema) => {
    expect(schema.example ?? schema.examples).toBeDefined();
  });
});
