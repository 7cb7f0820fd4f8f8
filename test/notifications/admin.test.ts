import { describe, expect, it } from "vitest";
import { notify } from "../../src/domains/notifications/service";
import { notificationSchema } from "../../src/domains/notifications/schemas";
import { admin, call, createUser, expectError, expectFieldError, expectShape } from "../helpers/api";
import { isoIn, testDb } from "./helpers";

describe("POST /admin/notifications", () => {
  it("creates an unread notification with defaults and answers the Notification resource", async () => {
    const user = await createUser();
    const before = new Date().toISOString();
    const res = await admin("POST", "/admin/notifications", {
      userId: user.id,
      title: "Welcome",
      body: "Glad you're here",
    });
    expect(res.status).toBe(201);
    const created = expectShape(notificationSchema.strict(), res.body.data);
    expect(created).toMatchObject({
      title: "Welcome",
      body: "Glad you're here",
      icon: null,
      actionUrl: null,
      category: "system",
      priority: "normal",
      status: "unread",
      readAt: null,
      expiresAt: null,
    });
    expect(created.createdAt >= before).toBe(true);
    // The resource names no user, workspace or account.
    expect(Object.keys(res.body.data)).not.toContain("userId");
  });

  it("stores every optional field and normalizes expiresAt to UTC", async () => {
    const user = await createUser();
    const expires = new Date(Date.now() + 86_400_000);
    const withOffset = `${expires.toISOString().slice(0, 19)}+02:00`;
    const res = await admin("POST", "/admin/notifications", {
      userId: user.id,
      title: "Report ready",
      body: "Your weekly report is ready",
      icon: "chart",
      actionUrl: "https://app.example.com/reports/weekly",
      category: "productivity",
      priority: "high",
      expiresAt: withOffset,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      icon: "chart",
      actionUrl: "https://app.example.com/reports/weekly",
      category: "productivity",
      priority: "high",
      expiresAt: new Date(withOffset).toISOString(),
    });
    const inApp = await admin("POST", "/admin/notifications", {
      userId: user.id,
      title: "t",
      body: "b",
      actionUrl: "/settings/billing",
    });
    expect(inApp.body.data.actionUrl).toBe("/settings/billing");
  });

  it.each([
    [{ title: "" }, "title"],
    [{ title: "x".repeat(201) }, "title"],
    [{ body: undefined }, "body"],
    [{ priority: "urgent" }, "priority"],
    [{ category: "Not A Slug" }, "category"],
    [{ actionUrl: "javascript:alert(1)" }, "actionUrl"],
    [{ actionUrl: "data:text/html,hi" }, "actionUrl"],
    [{ actionUrl: "//evil.example/path" }, "actionUrl"],
    [{ actionUrl: "not a url" }, "actionUrl"],
    [{ expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
    [{ expiresAt: "tomorrow" }, "expiresAt"],
    [{ status: "read" }, "status"],
    [{ userId: "nope" }, "userId"],
  ])("refuses %j with 400 on %s", async (fields, field) => {
    const user = await createUser();
    const res = await admin("POST", "/admin/notifications", { userId: user.id, title: "t", body: "b", ...fields });
    expectFieldError(res, field);
  });

  it("answers 404 for a user that does not exist", async () => {
    const res = await admin("POST", "/admin/notifications", { userId: crypto.randomUUID(), title: "t", body: "b" });
    expectError(res, 404, "not_found");
  });

  it("answers 401 without the operator token, and to a user's token", async () => {
    const user = await createUser();
    const body = { userId: user.id, title: "t", body: "b" };
    expectError(await call("POST", "/admin/notifications", { body }), 401, "unauthorized");
    expectError(await call("POST", "/admin/notifications", { body, token: user.accessToken }), 401, "unauthorized");
    const list = await call("GET", "/notifications", { token: user.accessToken });
    expect(list.body.meta.total).toBe(0);
  });
});

describe("notify() for other domains", () => {
  it("notifies a user with defaults, visible through the API", async () => {
    const user = await createUser();
    const created = await notify({ db: testDb() }, user.id, {
      title: "Connector needs attention",
      body: "We could not refresh the GitHub credentials",
      category: "connectors",
      priority: "high",
      expiresAt: isoIn(3_600_000),
    });
    expect(created).toMatchObject({ status: "unread", category: "connectors", priority: "high", readAt: null });
    const list = await call("GET", "/notifications", { token: user.accessToken });
    expect(list.body.data.map((n: { id: string }) => n.id)).toEqual([created.id]);
  });

  it("throws 404 for an unknown user and 400 for invalid input", async () => {
    const user = await createUser();
    await expect(notify({ db: testDb() }, crypto.randomUUID(), { title: "t", body: "b" })).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
    await expect(notify({ db: testDb() }, "not-a-uuid", { title: "t", body: "b" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(notify({ db: testDb() }, user.id, { title: "", body: "b" })).rejects.toMatchObject({
      status: 400,
      code: "bad_request",
      details: { fields: [expect.objectContaining({ field: "title" })] },
    });
  });
});

describe("OpenAPI document", () => {
  it("describes every notifications route with its error statuses", async () => {
    const res = await call("GET", "/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    const routes = [
      "/notifications",
      "/notifications/unread-count",
      "/notifications/{id}/read",
      "/notifications/{id}/archive",
      "/notifications/mark-all-read",
      "/admin/notifications",
    ];
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(routes.map((route) => `/api/v1${route}`)));
    expect(Object.keys(paths["/api/v1/notifications/{id}/read"].patch.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "404", "422", "429"]),
    );
    expect(paths["/api/v1/notifications"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "limit",
      "offset",
      "status",
    ]);
  });
});
