import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cachedOpenApiDocument } from "../../src/http/openapi";

describe("GET /openapi.json", () => {
  it("generates the document on its first request only, with each request's origin as its server", async () => {
    let generated = 0;
    const app = new Hono().get(
      "/openapi.json",
      cachedOpenApiDocument(() => ({
        openapi: "3.1.0",
        servers: [{ url: "http://localhost" }],
        paths: { n: ++generated },
      })),
    );
    expect(generated).toBe(0);

    const first = await (await app.request("https://api.example.com/openapi.json")).json();
    const second = await (await app.request("http://127.0.0.1:8787/openapi.json")).json();

    expect(generated).toBe(1);
    expect(first).toEqual({ openapi: "3.1.0", servers: [{ url: "https://api.example.com" }], paths: { n: 1 } });
    expect(second).toEqual({ openapi: "3.1.0", servers: [{ url: "http://127.0.0.1:8787" }], paths: { n: 1 } });
  });
});
