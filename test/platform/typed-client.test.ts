// The typed test client (test/helpers/client.ts): requests reach the Worker in-process with the
// caller's token, IP and workspace, answers read as `call`'s do, and the compiler holds every path,
// parameter and field to the OpenAPI document. The `@ts-expect-error` lines are the compile-time
// half: `npx tsc --noEmit` fails ("Unused '@ts-expect-error' directive") the day one of them
// type-checks, i.e. the day the client stops catching a wrong name.
import { describe, expect, it } from "vitest";
import { createUser, expectError, expectFieldError, uniqueEmail, uniqueIp } from "../helpers/api";
import { anyOperation, api, operator } from "../helpers/client";

describe("typed test client", () => {
  it("registers, signs in and creates state through the Worker, with typed answers", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    const registered = await api(undefined, { ip }).POST("/api/v1/auth/register", {
      body: { email, password: "correct-horse-battery" },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data.user.email).toBe(email);
    expect(registered.headers.get("X-Request-Id")).toEqual(expect.any(String));
    expect(registered.error).toBeUndefined();

    const token = registered.body.data.accessToken;
    const me = await api(token, { ip }).GET("/api/v1/me");
    expect(me.status).toBe(200);
    const session = await api(token, { ip }).POST("/api/v1/ai/sessions", { body: { title: "Typed" } });
    expect(session.status).toBe(201);
    expect(session.body.data).toMatchObject({ title: "Typed", effortMode: expect.any(String) });

    const read = await api(token, { ip }).GET("/api/v1/ai/sessions/{sessionId}", {
      params: { path: { sessionId: session.body.data.id } },
    });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(session.body.data.id);
  });

  it("leaves out a request field that has a default, as the document allows (the client's types agree)", async () => {
    const user = await createUser();
    // `category` and `priority` have defaults: the generated types make them optional, not required
    // (clients/typescript/generate.ts, `defaultNonNullable: false`).
    const sent = await operator().POST("/api/v1/admin/notifications", {
      body: { userId: user.id, title: "Hello", body: "World" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ category: "system", priority: "normal" });
  });

  it("sends the acting workspace it is given (X-Workspace-Id)", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    expect((await api(user, { workspaceId: user.personalWorkspaceId }).GET("/api/v1/ai/sessions")).status).toBe(200);
    const elsewhere = await api(user, { workspaceId: other.personalWorkspaceId }).GET("/api/v1/ai/sessions");
    expectError(elsewhere, 403, "forbidden");
  });

  it("reads an error answer as `call` does: the envelope in body and, typed, in error", async () => {
    const user = await createUser();
    const refused = await api().GET("/api/v1/ai/sessions");
    expectError(refused, 401, "unauthorized");
    expect(refused.error?.error.code).toBe("unauthorized");
    // The operator's client carries ADMIN_TOKEN: the operator API answers it, and only it.
    expectError(await api(user).GET("/api/v1/admin/outbox"), 401, "unauthorized");
    expect((await operator().GET("/api/v1/admin/outbox")).status).toBe(200);
  });

  it("calls any operation by the document's method and path, filling its parameters (the access suite's loop)", async () => {
    const user = await createUser();
    const session = await api(user).POST("/api/v1/ai/sessions", { body: { title: "Any" } });
    const params = { sessionId: session.body.data.id };
    const read = await anyOperation(api(user), "GET", "/api/v1/ai/sessions/{sessionId}", { params });
    expect(read.status).toBe(200);
    expect(JSON.parse(String(read.body)).data.id).toBe(session.body.data.id);
    const deleted = await anyOperation(api(user), "DELETE", "/api/v1/ai/sessions/{sessionId}", { params });
    expect(deleted.status).toBe(200);
    expectError(await anyOperation(api(user), "GET", "/api/v1/ai/sessions/{sessionId}", { params }), 404, "not_found");
    expectError(await anyOperation(api(), "GET", "/api/v1/ai/sessions/{sessionId}", { params }), 401, "unauthorized");
  });

  it("fails type-checking on a wrong path, body field, enum value or answer field", async () => {
    const user = await createUser();
    // @ts-expect-error a path the document does not have (singular `session`)
    expectError(await api(user).GET("/api/v1/ai/session"), 404, "not_found");
    // @ts-expect-error a value outside the document's enum for effortMode
    const invalid = await api(user).POST("/api/v1/ai/sessions", { body: { effortMode: "turbo" } });
    expectFieldError(invalid, "effortMode");
    const renamed = await api(user).POST("/api/v1/ai/sessions", {
      // @ts-expect-error a field the request schema does not have (`title` renamed): the API refuses it too
      body: { name: "renamed title" },
    });
    expectError(renamed, 400, "bad_request");
    const created = await api(user).POST("/api/v1/ai/sessions", { body: { title: "x" } });
    expect(created.status).toBe(201);
    // @ts-expect-error an answer field the schema does not have (it is `id`)
    expect(created.body.data.sessionId).toBeUndefined();
    // @ts-expect-error a path parameter under another name than the document's (`sessionId`)
    const read = await api(user).GET("/api/v1/ai/sessions/{sessionId}", { params: { path: { id: "x" } } });
    expect(read.status).toBe(404);
  });
});
