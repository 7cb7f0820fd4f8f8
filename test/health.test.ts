import { describe, expect, it } from "vitest";
import { call } from "./helpers/api";

describe("health", () => {
  it("answers ok with a request id", async () => {
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: "ok" } });
    expect(res.headers.get("X-Request-Id")).toMatch(/[0-9a-f-]{36}/);
  });
});
