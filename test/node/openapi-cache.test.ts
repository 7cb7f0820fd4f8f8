import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cachedOpenApiDocument } from "../../src/http/openapi-document";

describe("GET /openapi.json", () => {
  it("reads the document on its first request only, with each request's origin as its server", async () => {
    let read = 0;
    const app = new Hono().get(
      "/openapi.json",
      cachedOpenApiDocument(async () => ({
        openapi: "3.1.0",
        servers: [{ url: "http://localhost" }],
        paths: { n: ++read },
      })),
    );
    expect(read).toBe(0);

    const [first, second] = await Promise.all(
      ["https://api.example.com/openapi.json", "http://127.0.0.1:8787/openapi.json"].map(async (url) =>
        (await app.request(url)).json(),
      ),
    );

    expect(read).toBe(1);
    expect(first).toEqual({ openapi: "3.1.0", servers: [{ url: "https://api.example.com" }], paths: { n: 1 } });
    expect(second).toEqual({ openapi: "3.1.0", servers: [{ url: "http://127.0.0.1:8787" }], paths: { n: 1 } });
  });

  it("reads it again after a failed read", async () => {
    let reads = 0;
    const app = new Hono()
      .get(
        "/openapi.json",
        cachedOpenApiDocument(async () => {
          if (++reads === 1) throw new Error("unreadable");
          return { openapi: "3.1.0" };
        }),
      )
      .onError((_, c) => c.text("failed", 500));
    expect((await app.request("https://api.example.com/openapi.json")).status).toBe(500);
    expect(await (await app.request("https://api.example.com/openapi.json")).json()).toEqual({
      openapi: "3.1.0",
      servers: [{ url: "https://api.example.com" }],
    });
    expect(reads).toBe(2);
  });
});
