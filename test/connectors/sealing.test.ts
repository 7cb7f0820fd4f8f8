import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../helpers/api";
import { open, seal, SealError } from "../../src/domains/connectors/secrets/sealing";
import { installToolServer } from "./fakes/tool-server";
import { connected, SECRET_TOKEN } from "./helpers";

beforeAll(() => installToolServer());

const V1 = "v1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
const V2 = `v2:${btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))}`;

describe("credential sealing", () => {
  it("a sealed credential read straight from D1 does not contain the secret", async () => {
    const user = await createUser();
    const { instanceId } = await connected(user);
    const row = await env.DB.prepare("SELECT * FROM connector_credentials WHERE instance_id = ?")
      .bind(instanceId)
      .first();
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(SECRET_TOKEN);
    expect(JSON.stringify(row)).not.toContain(btoa(SECRET_TOKEN).slice(0, 16));
    expect(row!.key_version).toBe("v1");
  });

  it("swapping two rows' ciphertexts makes both unreadable (the AAD binds each to its instance)", async () => {
    const user = await createUser();
    const a = await connected(user);
    const b = await connected(user);
    const rows = await env.DB.prepare(
      "SELECT instance_id, sealed FROM connector_credentials WHERE instance_id IN (?, ?)",
    )
      .bind(a.instanceId, b.instanceId)
      .all<{ instance_id: string; sealed: string }>();
    const sealedOf = Object.fromEntries(rows.results.map((r) => [r.instance_id, r.sealed]));
    await env.DB.batch([
      env.DB.prepare("UPDATE connector_credentials SET sealed = ? WHERE instance_id = ?").bind(
        sealedOf[b.instanceId],
        a.instanceId,
      ),
      env.DB.prepare("UPDATE connector_credentials SET sealed = ? WHERE instance_id = ?").bind(
        sealedOf[a.instanceId],
        b.instanceId,
      ),
    ]);
    await expect(
      open(env.CREDENTIALS_KEY, [a.instanceId, "bearer_token"], sealedOf[b.instanceId]!),
    ).rejects.toBeInstanceOf(SealError);
    await expect(
      open(env.CREDENTIALS_KEY, [b.instanceId, "bearer_token"], sealedOf[a.instanceId]!),
    ).rejects.toBeInstanceOf(SealError);
    // The originals still open where they belong.
    expect(
      JSON.parse(await open(env.CREDENTIALS_KEY, [a.instanceId, "bearer_token"], sealedOf[a.instanceId]!)),
    ).toEqual({ token: SECRET_TOKEN });
    // Through the API, the swapped instance cannot run its tool (the credential does not open): 409, never the secret.
    const run = await call("POST", `/connectors/instances/${a.instanceId}/tools/${a.toolId}/execute`, {
      ...a.as,
      body: { input: { text: "x" } },
    });
    expectError(run, 409, "CONNECTOR_ERROR");
    expect(JSON.stringify(run.body)).not.toContain(SECRET_TOKEN);
  });

  it("a value sealed under v1 opens after v2 is added first; new seals use v2; a fresh IV every time", async () => {
    const binding = ["instance-1", "api_key"];
    const underV1 = await seal(V1, binding, "secret");
    expect(underV1.keyVersion).toBe("v1");
    const rotated = `${V2},${V1}`;
    expect(await open(rotated, binding, underV1.sealed)).toBe("secret");
    const underV2 = await seal(rotated, binding, "secret");
    expect(underV2.keyVersion).toBe("v2");
    expect(underV2.sealed).not.toBe((await seal(rotated, binding, "secret")).sealed);
    await expect(open(V1, binding, underV2.sealed)).rejects.toBeInstanceOf(SealError);
    await expect(open(rotated, ["instance-1", "bearer_token"], underV2.sealed)).rejects.toBeInstanceOf(SealError);
  });
});
