import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it, vi } from "vitest";
import { operationsOf, referenceDocument, withReferenceText } from "../../clients/reference";
import { OPERATIONS } from "../../clients/reference/operations";
import { loadApp, openApiDocument } from "../../src/app";
import { ERROR_STATUS } from "../../src/lib/errors";

/**
 * The reference page (/api/v1/docs) is what a new user reads first: every operation has a short
 * label for the sidebar and a description with its errors and an example; the introduction covers
 * what every operation shares; and the document is valid for both the OpenAPI schema and the
 * renderer (Scalar), which logs a warning for each schema it refuses.
 */
const generated = openApiDocument(await loadApp());
const document = await referenceDocument();
const operations = operationsOf(document);

/** The OAuth endpoints answer OAuth's error names, not the envelope's codes. */
const OAUTH_ERRORS = new Set([
  "invalid_request",
  "invalid_grant",
  "unsupported_grant_type",
  "invalid_target",
  "invalid_scope",
  "invalid_client",
]);
/** The longest sidebar label: a few words, not a sentence. */
const MAX_SUMMARY_CHARS = 32;

describe("every operation has reference text", () => {
  it("each operation of the routes has an entry, and each entry an operation", () => {
    const keys = operationsOf(generated).map(([key]) => key);
    expect(
      keys.filter((key) => !OPERATIONS[key]),
      "operations without an entry in clients/reference/operations.ts",
    ).toEqual([]);
    expect(
      Object.keys(OPERATIONS).filter((key) => !keys.includes(key)),
      "entries of no operation",
    ).toEqual([]);
  });

  it("generation fails on an operation without text", () => {
    const extra = structuredClone(generated) as { paths: Record<string, unknown> };
    extra.paths["/api/v1/made-up"] = { get: { summary: "A new route", responses: { 200: { description: "OK" } } } };
    expect(() => withReferenceText(extra)).toThrow("GET /api/v1/made-up");
  });

  it.each(operations.map(([key, , , operation]) => [key, operation]))(
    "%s: a short summary, a description with its errors and an example",
    (key, operation) => {
      expect(operation.summary, `${key}: summary`).toMatch(/\S/);
      expect(operation.summary.length, `${key}: "${operation.summary}" is a sentence, not a label`).toBeLessThanOrEqual(
        MAX_SUMMARY_CHARS,
      );
      expect(operation.description, `${key}: description`).toMatch(/\S/);
      expect(operation.description).toMatch(/\*\*Errors\*\*/);
      expect(operation.description).toMatch(/\*\*Example\*\*\n\n```(bash|json)\n\S/);
      // A curl example's JSON body is JSON, with no filler where a value belongs.
      for (const [, body] of String(operation.description).matchAll(/-d '([^']*)'/g)) {
        expect(() => JSON.parse(body!), `${key}: -d '${body}'`).not.toThrow();
        expect(body, `${key}: a placeholder body`).not.toMatch(/"value"|^\{\}$/);
      }
    },
  );

  it.each(operations.map(([key, , , operation]) => [key, operation]))(
    "%s: its errors are the statuses it declares, each with a code of that status",
    (key, operation) => {
      const declared = Object.keys(operation.responses)
        .map(Number)
        .filter((status) => status >= 400)
        .sort();
      const lines = [...String(operation.description).matchAll(/^- (\d{3})(?: `([\w:]+)`)?: \S/gm)].map(
        ([, status, code]) => [Number(status), code] as const,
      );
      expect([...new Set(lines.map(([status]) => status))].sort(), `${key}: documented error statuses`).toEqual(
        declared,
      );
      for (const [status, code] of lines) {
        if (code === undefined) continue;
        if (OAUTH_ERRORS.has(code)) {
          expect(key, `${code} is an OAuth error`).toMatch(/^POST \/api\/v1\/oauth\/(token|revoke)$/);
          continue;
        }
        expect(Object.hasOwn(ERROR_STATUS, code), `${key}: ${code} is an error code`).toBe(true);
        // CONNECTION_FAILED is the one code with two statuses (CONTRACT: 502 unreachable, 503 not configured).
        if (code !== "CONNECTION_FAILED")
          expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], `${key}: ${code}'s status`).toBe(status);
      }
    },
  );
});

describe("the introduction", () => {
  it.each([
    ["first-party tokens", /auth\/login[\s\S]*accessToken[\s\S]*refreshToken/],
    ["OAuth", /authorization code with PKCE[\s\S]*oauth\/token/],
    ["partner keys", /Partner API keys[\s\S]*partner:oauth-client-admin/],
    ["the envelope", /"error": \{ "code"[\s\S]*"meta": \{ "requestId"/],
    ["validation errors", /details\.fields\[\]/],
    ["offset pagination", /\*\*Offset\*\*[\s\S]*hasNextPage/],
    ["cursor pagination", /\*\*Cursor\*\*[\s\S]*nextCursor/],
    ["rate limits", /RateLimit-Limit[\s\S]*Retry-After/],
    ["SSE", /text\/event-stream/],
    ["Last-Event-ID", /Last-Event-ID[\s\S]*replays strictly after/],
  ])("covers %s", (_, pattern) => {
    expect(document.info.description).toMatch(pattern);
  });
});

describe("the document validates with no warning", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  /**
   * The renderer's own check (Scalar's workspace store, which the reference page's bundle runs in
   * the browser; a dependency of @scalar/api-reference): it logs "document validation errors" for
   * each schema it refuses (it refused `additionalProperties: {}`).
   */
  const scalarWarnings = async (candidate: object) => {
    const { createWorkspaceStore } = await import("@scalar/workspace-store/client");
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void warnings.push(args));
    // Its timing lines (console.log) are noise here.
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await createWorkspaceStore().addDocument({ name: "reference", document: structuredClone(candidate) as never });
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
    return warnings;
  };

  it("the renderer logs no warning for it", async () => {
    expect(await scalarWarnings(document)).toEqual([]);
  }, 30_000);

  it("the renderer's check is live: it warns about the routes' document as generated", async () => {
    const warnings = await scalarWarnings(generated);
    expect(warnings.flat().join(" ")).toContain("document validation errors");
  }, 30_000);
});
