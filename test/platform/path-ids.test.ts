import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, openApiDocument } from "../../src/app";
import { call, createUser, type TestUser } from "../helpers/api";
import { connected } from "../connectors/helpers";

/**
 * A malformed resource id in the path names nothing, so it answers the resource's 404, exactly as
 * an unknown well-formed id does (spec, Errors), not a 400. Every operation of the OpenAPI document
 * under connector instances and AI sessions is checked, param by param, so a route added later is
 * covered too. (A notification's malformed id stays 422, as the spec says: test/notifications.)
 */
const EXPECTED: Record<string, { code: string; message: string }> = {
  id: { code: "NOT_FOUND", message: "Connector instance not found" },
  toolId: { code: "NOT_FOUND", message: "Tool not found" },
  clientId: { code: "NOT_FOUND", message: "OAuth client not found" },
  sessionId: { code: "not_found", message: "Session not found" },
  assistantMessageId: { code: "not_found", message: "Message not found" },
  messageId: { code: "not_found", message: "Message not found" },
};
const PREFIXES = ["/api/v1/connectors/instances/{id}", "/api/v1/ai/sessions/{sessionId}"];
const MALFORMED = "not-a-uuid";

const document = openApiDocument(await loadApp()) as unknown as { paths: Record<string, Record<string, unknown>> };
/** [method, path, the param made malformed] for every id param of every operation under the prefixes. */
const cases = Object.entries(document.paths)
  .filter(([path]) => PREFIXES.some((prefix) => path.startsWith(prefix)))
  .flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .flatMap((method) =>
        [...path.matchAll(/\{(\w+)\}/g)]
          .map((match) => match[1]!)
          .filter((param) => param in EXPECTED)
          .map((param) => [method.toUpperCase(), path, param] as const),
      ),
  );

describe("malformed path ids answer the resource's 404", () => {
  let user: TestUser;
  let real: Record<string, string>;
  beforeAll(async () => {
    user = await createUser({ plan: "business", entitlements: ["ai", "connectors"] });
    const { instanceId } = await connected(user);
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, ip: user.ip, body: {} });
    real = { id: instanceId, sessionId: session.body.data.id };
  });

  /** The path with `malformed` in place of that param, real ids before it and fresh ones after. */
  const url = (path: string, malformed: string, value: string) => {
    let reached = false;
    return path.replace("/api/v1", "").replace(/\{(\w+)\}/g, (_, param: string) => {
      if (param === malformed) {
        reached = true;
        return value;
      }
      return !reached && real[param] ? real[param] : crypto.randomUUID();
    });
  };

  it("covers the routes", () => {
    const params = new Set(cases.map(([, , param]) => param));
    expect([...params].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)("%s %s with a malformed %s", async (method, path, param) => {
    const body = ["POST", "PUT", "PATCH"].includes(method) ? {} : undefined;
    const res = await call(method, url(path, param, MALFORMED), { token: user.accessToken, ip: user.ip, body });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual({
      error: EXPECTED[param],
      meta: { requestId: res.headers.get("X-Request-Id"), durationMs: expect.any(Number) },
    });
    // The very answer an unknown well-formed id gets, where no body is needed to reach the lookup.
    if (method === "GET") {
      const unknown = await call(method, url(path, param, crypto.randomUUID()), {
        token: user.accessToken,
        ip: user.ip,
      });
      expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: EXPECTED[param] });
    }
  });
});
