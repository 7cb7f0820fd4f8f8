import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loadApp } from "../../src/app";
import { fetchCountingD1 } from "../helpers/counting-d1";
import { MAX_BODY_BYTES } from "../../src/limits";
import { BASE, call, createUser, expectError, expectFieldError, uniqueIp } from "../helpers/api";

describe("request pipeline", () => {
  it("puts X-Request-Id on every response and echoes a sane caller id", async () => {
    const mine = await call("GET", "/health", { headers: { "X-Request-Id": "trace-123" } });
    expect(mine.headers.get("X-Request-Id")).toBe("trace-123");
    const hostile = await call("GET", "/health", { headers: { "X-Request-Id": "<script>" } });
    expect(hostile.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown routes with a JSON 404 envelope", async () => {
    const res = await call("GET", "/no/such/route");
    expectError(res, 404, "not_found");
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expectError(await call("GET", "/nothing-here-either"), 404, "not_found");
  });

  it("400 bad_request for malformed JSON", async () => {
    const res = await call("POST", "/auth/login", { body: "{ not json", ip: uniqueIp() });
    expectError(res, 400, "bad_request");
  });

  it("415 for a body that is not JSON", async () => {
    const res = await call("POST", "/auth/login", {
      body: "email=a@b.c&password=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      ip: uniqueIp(),
    });
    expectError(res, 415, "unsupported_media_type");
    // A route that does not exist is a 404 whatever the body's type.
    const nowhere = await call("POST", "/no/such/route", {
      body: "a=b",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expectError(nowhere, 404, "not_found");
  });

  it("413 for an oversized body, before it is parsed", async () => {
    const res = await call("POST", "/auth/register", {
      body: JSON.stringify({ email: "x".repeat(MAX_BODY_BYTES), password: "p" }),
      ip: uniqueIp(),
    });
    expectError(res, 413, "payload_too_large");
  });

  it("reports every invalid field with details.fields[]", async () => {
    const res = await call("POST", "/auth/register", { body: { email: 3, password: [] }, ip: uniqueIp() });
    expectFieldError(res, "email");
    expectFieldError(res, "password");
  });

  it("renders unexpected failures as 500 internal_error without details, and logs them without secrets", async () => {
    const app = await loadApp();
    const user = await createUser();
    // The failure quotes a secret binding and a bearer token, as a careless driver error might.
    const leak = `connect failed: key=${env.JWT_SECRET} auth=Bearer ${user.accessToken}`;
    const failing = {
      ...env,
      DB: {
        batch: () => {
          throw new Error(leak);
        },
        prepare: () => {
          throw new Error(leak);
        },
      },
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await app.fetch(
        new Request(`${BASE}/me`, { headers: { Authorization: `Bearer ${user.accessToken}` } }),
        failing as never,
      );
      expect(res.status).toBe(500);
      const body = await res.json<any>();
      expect(body.error).toEqual({ code: "internal_error", message: "Internal error" });
      expect(JSON.stringify(body)).not.toContain("connect failed");
      const lines = logged.mock.calls.map((args) => args.join(" "));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line.requestId).toBe(res.headers.get("X-Request-Id"));
      expect(line.error).toContain("connect failed");
      expect(lines[0]).not.toContain(env.JWT_SECRET);
      expect(lines[0]).not.toContain(user.accessToken);
      expect(lines[0]).not.toContain(user.accessToken.split(".")[1]);
    } finally {
      logged.mockRestore();
    }
  });

  it("sets security headers", async () => {
    const res = await exports.default.fetch(`${BASE}/health`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });
});

describe("D1 round trips", () => {
  it("authenticates a request (user, account, session, deny-list, workspace) in one statement", async () => {
    const user = await createUser();
    const { res, counter } = await fetchCountingD1(
      new Request(`${BASE}/workspaces`, {
        headers: { Authorization: `Bearer ${user.accessToken}`, "CF-Connecting-IP": user.ip },
      }),
    );
    expect(res.status).toBe(200);
    // One query for authentication, one for the list itself.
    expect(counter).toEqual({ trips: 2, statements: 2 });
  });
});
