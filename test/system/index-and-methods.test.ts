import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../helpers/api";
import { createService } from "../helpers/status";

const ORIGIN = "http://localhost";
// The status surface answers 200 once its projection is published (a service's creation does it).
beforeAll(async () => {
  await createService();
});

const get = (path: string) => exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual" }));

describe("the index at / and /api/v1 (docs/developer-experience.md)", () => {
  it("answers where to go next, on the request's origin, at /, /api/v1 and /api/v1/", async () => {
    const expected = {
      data: {
        name: "Platform API",
        version: "v1",
        links: {
          reference: "http://localhost/api/v1/docs",
          openapi: "http://localhost/api/v1/openapi.json",
          health: "http://localhost/api/v1/health",
          status: "http://localhost/api/v1/status",
          statusPage: "http://localhost/status",
        },
      },
    };
    for (const path of ["/", "/api/v1", "/api/v1/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(expected);
    }
  });

  it("links only to addresses that answer 200", async () => {
    const { data } = (await (await get("/api/v1")).json()) as { data: { links: Record<string, string> } };
    for (const [name, url] of Object.entries(data.links)) {
      const res = await exports.default.fetch(new Request(url));
      expect(res.status, `${name}: ${url}`).toBe(200);
      await res.body?.cancel();
    }
  });
});

describe("a trailing slash is the same path", () => {
  it("answers /api/v1/docs/, /status/ and /api/v1/health/ as it answers them without the slash", async () => {
    for (const path of ["/api/v1/docs", "/status", "/api/v1/health", "/api/v1/status"]) {
      const plain = await get(path);
      const slashed = await get(`${path}/`);
      expect(slashed.status, `${path}/`).toBe(200);
      expect(slashed.headers.get("Content-Type")).toBe(plain.headers.get("Content-Type"));
      const [a, b] = [await plain.text(), await slashed.text()];
      // The health and status JSON carry nothing request-specific; the pages are the same page.
      expect(b.length, path).toBeGreaterThan(0);
      expect(b.slice(0, 200)).toBe(a.slice(0, 200));
    }
  });

  it("still answers an unknown path with a slash with the 404 envelope", async () => {
    expectError(await call("GET", "/api/v1/nowhere/"), 404, "not_found");
    expectError(await call("GET", "/api/v1/health/extra/"), 404, "not_found");
  });
});

describe("a wrong method on an existing path", () => {
  it("is 405 method_not_allowed with Allow naming the path's methods, on paths of several groups", async () => {
    const user = await createUser();
    const cases: [method: string, path: string, allow: string, token?: string][] = [
      ["DELETE", "/api/v1/health", "GET, HEAD"],
      ["POST", "/api/v1", "GET, HEAD"],
      ["PUT", "/", "GET, HEAD"],
      ["GET", "/api/v1/auth/login", "POST"],
      ["POST", "/api/v1/openapi.json", "GET, HEAD"],
      ["POST", "/api/v1/docs", "GET, HEAD"],
      ["POST", "/status", "GET, HEAD"],
      ["DELETE", "/api/v2/summary.json", "GET, HEAD"],
      // A path with a parameter, two methods declared; the trailing slash changes nothing.
      ["PUT", `/api/v1/ai/sessions/${crypto.randomUUID()}`, "GET, HEAD, DELETE", user.accessToken],
      ["PATCH", `/api/v1/ai/sessions/${crypto.randomUUID()}/`, "GET, HEAD, DELETE", user.accessToken],
    ];
    for (const [method, path, allow, token] of cases) {
      const res = await call(method, `${ORIGIN}${path}`, { token });
      expectError(res, 405, "method_not_allowed");
      expect(res.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      expect(res.body.error.message).toBe(
        `${method} is not allowed on ${path.replace(/(.)\/$/, "$1")}; allowed: ${allow}`,
      );
      expect(Object.keys(res.body).sort()).toEqual(["error", "meta"]);
      expect(Object.keys(res.body.error).sort()).toEqual(["code", "message"]);
    }
  });

  it("HEAD where only POST is declared is 405 too, without a body", async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/v1/auth/login`, { method: "HEAD" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("leaves an unknown path 404 and the operator API behind its token", async () => {
    expectError(await call("DELETE", "/api/v1/nowhere"), 404, "not_found");
    expectError(await call("DELETE", "/api/v1/ai/nowhere"), 404, "not_found");
    expectError(await call("DELETE", "/api/v1/admin/users"), 401, "unauthorized");
  });
});
