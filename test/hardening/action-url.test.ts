import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { notify } from "../../src/domains/notifications/service";
import { admin, createUser, expectFieldError } from "../helpers/api";

/** Issue 10, point 3: one validator for the operator endpoint and notify() refuses open redirects. */
describe("notification actionUrl", () => {
  const refused = [
    "/\\evil.example",
    "/\\/evil.example",
    "https:evil.example",
    "https:/evil.example",
    "//evil.example",
    "/",
    "myapp://reports",
    "http://app.example.com/x",
    "https://app.example.com/a\\b",
    "/path\u0000x",
  ];

  it.each(refused)("refuses %j at POST /admin/notifications and in notify()", async (actionUrl) => {
    const user = await createUser();
    expectFieldError(
      await admin("POST", "/admin/notifications", { userId: user.id, title: "t", body: "b", actionUrl }),
      "actionUrl",
      /https:\/\/ URL or a path/,
    );
    await expect(notify({ db: createDb(env.DB) }, user.id, { title: "t", body: "b", actionUrl })).rejects.toMatchObject(
      {
        code: "bad_request",
      },
    );
  });

  it.each(["https://app.example.com/reports?week=1", "/settings/billing", "/a"])("accepts %j", async (actionUrl) => {
    const user = await createUser();
    const res = await admin("POST", "/admin/notifications", { userId: user.id, title: "t", body: "b", actionUrl });
    expect(res.status).toBe(201);
    expect(res.body.data.actionUrl).toBe(actionUrl);
  });
});
