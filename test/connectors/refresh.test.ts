import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { sealCredentials } from "../../src/domains/connectors/secrets/credentials";
import { refreshExpiringCredentials } from "../../src/domains/connectors/secrets/refresh";
import { call, createUser, type TestUser } from "../helpers/api";
import { installFakeHost, json } from "./fakes/fake-host";
import { DEAD_REFRESH_TOKEN, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_REFRESH_TOKEN } from "./fakes/oauth-server";
import { installFakeSlack, slackRequests } from "./fakes/slack";
import { businessTeam } from "./helpers";
import { connectedSlack, slackInstance } from "./oauth-flow";

const db = () => createDb(env.DB);
/** What one cron run did to one instance (other tests' credentials may be due in the same run). */
const outcomeOf = async (instanceId: string, now = Date.now()) =>
  (await refreshExpiringCredentials(db(), env, now))
    .filter((entry) => entry.instanceId === instanceId)
    .map((entry) => entry.outcome);
const HOUR = 3600_000;
const refreshGrants = () =>
  slackRequests.filter(
    (r) =>
      r.url.pathname === "/api/oauth.v2.access" && new URLSearchParams(r.body).get("grant_type") === "refresh_token",
  );

/** A token endpoint that is down (503) for the transient case. */
const FLAKY = "https://flaky-oauth.fake.test";
let flakyCalls = 0;
/** A token endpoint that refuses the grant quoting what it was sent: the refresh token and the client's Basic credentials. */
const ECHOING = "https://echoing-oauth.fake.test";

beforeAll(() => {
  installFakeSlack();
  installFakeHost(FLAKY, () => {
    flakyCalls++;
    return json({ error: "temporarily_unavailable" }, 503);
  });
  installFakeHost(ECHOING, async (request) => {
    const refreshToken = new URLSearchParams(await request.text()).get("refresh_token");
    return json({ error: `invalid_grant ${refreshToken} for ${request.headers.get("Authorization")}` }, 400);
  });
});

/** A personal instance of a new custom oauth2 definition whose token endpoint is `origin`. */
async function customOAuthInstance(user: TestUser, origin: string, clientSecret = FAKE_CLIENT_SECRET) {
  const key = `custom-${crypto.randomUUID().slice(0, 8)}`;
  const as = { token: user.accessToken };
  const authConfig = {
    client_id: FAKE_CLIENT_ID,
    client_secret: clientSecret,
    authorization_url: `${origin}/authorize`,
    token_url: `${origin}/token`,
  };
  const definition = await call("POST", "/connectors/definitions", {
    ...as,
    body: { key, displayName: "Custom", authType: "oauth2", authConfig },
  });
  expect(definition.status).toBe(201);
  return (
    await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: key, displayName: "Custom", scope: "personal", config: {} },
    })
  ).body.data.id as string;
}

const expireSoon = (instanceId: string, now = Date.now()) =>
  env.DB.prepare("UPDATE connector_credentials SET expires_at = ? WHERE instance_id = ?")
    .bind(new Date(now + 5 * 60_000).toISOString(), instanceId)
    .run();

const credentialRow = (instanceId: string) =>
  env.DB.prepare(
    "SELECT expires_at, refresh_lease_until, refresh_failed_at, sealed FROM connector_credentials WHERE instance_id = ?",
  )
    .bind(instanceId)
    .first<{
      expires_at: string;
      refresh_lease_until: string | null;
      refresh_failed_at: string | null;
      sealed: string;
    }>();

async function connectorNotices(user: TestUser) {
  const list = await call("GET", "/notifications?limit=50", { token: user.accessToken });
  return (list.body.data as { title: string; category: string; priority: string }[]).filter(
    (n) => n.category === "connectors",
  );
}

/** oauth2 credentials stored by hand with a refresh token of our choosing, expiring in a minute. */
async function storeTokens(user: TestUser, instanceId: string, refreshToken: string, workspaceId?: string) {
  const stored = await call("POST", `/connectors/instances/${instanceId}/credentials`, {
    token: user.accessToken,
    workspaceId,
    body: {
      credType: "oauth2",
      credentials: { access_token: "xoxp-old", refresh_token: refreshToken, expires_in: 60 },
    },
  });
  expect(stored.status).toBe(200);
}

describe("token refresh cron", () => {
  it("two runners at once refresh a due token once; the rotated refresh token is stored and works next time", async () => {
    const user = await createUser();
    const id = await connectedSlack(user);
    const now = Date.now();
    await expireSoon(id, now);
    const before = refreshGrants().length;
    const [first, second] = await Promise.all([
      refreshExpiringCredentials(db(), env, now),
      refreshExpiringCredentials(db(), env, now),
    ]);
    expect([...first, ...second].filter((entry) => entry.instanceId === id).map((entry) => entry.outcome)).toEqual([
      "refreshed",
    ]);
    expect(refreshGrants().length).toBe(before + 1);
    const row = await credentialRow(id);
    expect(Date.parse(row!.expires_at)).toBeGreaterThan(now + 11 * HOUR);
    expect(row!.refresh_lease_until).toBeNull();

    // Slack rotates refresh tokens: the old one is dead at the fake, so a second refresh only
    // works if the new one was stored.
    await expireSoon(id, now);
    expect(await outcomeOf(id, now)).toContain("refreshed");
    expect(
      (await call("GET", `/connectors/instances/${id}`, { token: user.accessToken })).body.data.authorizationState,
    ).toBe("connected");
  });

  it("a dead grant: status error and one high-priority notice to the managers; no repeat; one recovery notice after a success", async () => {
    const { owner, admin, member, teamId } = await businessTeam();
    const id = await slackInstance(owner, { workspaceId: teamId, scope: "team" });
    await storeTokens(owner, id, DEAD_REFRESH_TOKEN, teamId);
    const now = Date.now();
    expect(await outcomeOf(id, now)).toContain("dead");
    const instance = (
      await call("GET", `/connectors/instances/${id}`, { token: owner.accessToken, workspaceId: teamId })
    ).body.data;
    expect(instance).toMatchObject({
      status: "error",
      healthMessage: expect.stringContaining("authorize the connection again"),
    });
    for (const manager of [owner, admin])
      expect(await connectorNotices(manager)).toEqual([
        expect.objectContaining({ priority: "high", title: "Slack needs to be reconnected" }),
      ]);
    expect(await connectorNotices(member)).toEqual([]);

    // Not asked again within the hour; asked again after it, still dead: no second notice.
    expect(await outcomeOf(id, now + 10 * 60_000)).not.toContain("dead");
    expect(await outcomeOf(id, now + 2 * HOUR)).toContain("dead");
    expect((await connectorNotices(owner)).length).toBe(1);

    // The grant works again (the provider accepts the stored refresh token): one recovery notice.
    const { sealed, keyVersion } = await sealCredentials(env, id, "oauth2", {
      access_token: "xoxp-old",
      refresh_token: FAKE_REFRESH_TOKEN,
    });
    await env.DB.prepare("UPDATE connector_credentials SET sealed = ?, key_version = ? WHERE instance_id = ?")
      .bind(sealed, keyVersion, id)
      .run();
    expect(await outcomeOf(id, now + 4 * HOUR)).toContain("recovered");
    expect(
      (await call("GET", `/connectors/instances/${id}`, { token: owner.accessToken, workspaceId: teamId })).body.data
        .status,
    ).toBe("active");
    expect((await connectorNotices(admin)).map((n) => [n.title, n.priority])).toEqual([
      ["Slack is connected again", "normal"],
      ["Slack needs to be reconnected", "high"],
    ]);
    expect(await outcomeOf(id, now + 4 * HOUR)).not.toContain("recovered");
    expect((await connectorNotices(owner)).length).toBe(2);
  });

  it("a dead grant's health message quotes neither the refresh token nor the client secret the endpoint echoed (hardening 34, point 4)", async () => {
    const user = await createUser();
    const clientSecret = "custom-client-secret-0123456789";
    const id = await customOAuthInstance(user, ECHOING, clientSecret);
    const refreshToken = "rt-echoed-back-0123456789";
    await storeTokens(user, id, refreshToken);
    expect(await outcomeOf(id)).toContain("dead");
    const instance = (await call("GET", `/connectors/instances/${id}`, { token: user.accessToken })).body.data;
    expect(instance).toMatchObject({
      status: "error",
      healthMessage:
        "Access could not be renewed (The token endpoint refused the grant: invalid_grant [redacted] for Basic [redacted]); authorize the connection again",
    });
    expect(JSON.stringify(instance)).not.toContain(refreshToken);
    expect(JSON.stringify(instance)).not.toContain(btoa(`${FAKE_CLIENT_ID}:${clientSecret}`));
  });

  it("a transient failure changes nothing and is tried again next tick", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const id = await customOAuthInstance(user, FLAKY);
    await storeTokens(user, id, "any-refresh-token");
    const calls = flakyCalls;
    expect(await outcomeOf(id)).toContain("retry");
    expect(flakyCalls).toBe(calls + 1);
    expect((await call("GET", `/connectors/instances/${id}`, as)).body.data.status).toBe("active");
    const row = await credentialRow(id);
    expect(row).toMatchObject({ refresh_lease_until: null, refresh_failed_at: null });
    expect(await connectorNotices(user)).toEqual([]);
    expect(await outcomeOf(id)).toContain("retry");
    expect(flakyCalls).toBe(calls + 2);
  });

  it("the cron's 5-minute job runs the refresh", async () => {
    const { CRON_TASKS, EVERY_FIVE_MINUTES } = await import("../../src/cron");
    const user = await createUser();
    const id = await connectedSlack(user);
    await expireSoon(id);
    const before = refreshGrants().length;
    await Promise.all(CRON_TASKS[EVERY_FIVE_MINUTES]!.map((task) => task(env, Date.now())));
    expect(refreshGrants().length).toBeGreaterThan(before);
    expect(Date.parse((await credentialRow(id))!.expires_at)).toBeGreaterThan(Date.now() + 11 * HOUR);
  });
});
