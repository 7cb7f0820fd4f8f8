import { expect } from "vitest";
import { call, ORIGIN, type TestUser } from "../helpers/api";
import { api } from "../helpers/client";

/** The browser's side of a connector OAuth hand-off, for tests against the local fake providers. */
export async function slackInstance(user: TestUser, extra: { workspaceId?: string; scope?: "personal" | "team" } = {}) {
  const created = await api(user, { workspaceId: extra.workspaceId }).POST("/api/v1/connectors/instances", {
    body: { connectorKey: "slack", displayName: "Slack", scope: extra.scope ?? "personal" },
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

/** The browser's part: open the authorize URL, let the (fake) provider consent, follow it back to our callback. */
export async function consent(redirectUrl: string, query = "") {
  const atProvider = await fetch(`${redirectUrl}${query}`, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  return atProvider.headers.get("Location")!;
}

/** Calls the callback URL the provider sent the browser to; answers where our 302 points. */
export async function land(callbackUrl: string) {
  const url = new URL(callbackUrl);
  expect(url.origin).toBe(ORIGIN);
  const response = await call("GET", url.pathname + url.search, { ip: "198.51.100.77" });
  expect(response.status).toBe(302);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return new URL(response.headers.get("Location")!);
}

/** A Slack instance connected through the whole hand-off (the fake must be installed). */
export async function connectedSlack(
  user: TestUser,
  extra: { workspaceId?: string; scope?: "personal" | "team" } = {},
) {
  const id = await slackInstance(user, extra);
  const initiated = await api(user, { workspaceId: extra.workspaceId }).POST(
    "/api/v1/connectors/instances/{id}/oauth/initiate",
    { params: { path: { id } } },
  );
  expect((await land(await consent(initiated.body.data.redirectUrl))).searchParams.get("status")).toBe("connected");
  return id;
}
