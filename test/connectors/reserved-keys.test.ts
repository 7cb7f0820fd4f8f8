import { describe, expect, it } from "vitest";
import { call, createUser, expectError } from "../helpers/api";

/**
 * CONTRACT "Tools and execution": custom definitions may not use the keys of the AI capabilities'
 * steps. A run names a connector tool `<connectorKey>.<toolKey>`, so these keys would pass a custom
 * tool off as one of the capability steps below.
 */
const CAPABILITY_STEP_TOOL_KEYS = ["web.search", "web.fetch", "image.generate", "video.generate", "audio.generate"];

describe("custom definition keys reserved for capability steps", () => {
  const reserved = [...new Set(CAPABILITY_STEP_TOOL_KEYS.map((toolKey) => toolKey.split(".")[0]!))];

  it.each(reserved)("%s is a 400 field error on key", async (key) => {
    const user = await createUser();
    const refused = await call("POST", "/connectors/definitions", {
      token: user.accessToken,
      body: { key, displayName: "Mine", authType: "none" },
    });
    expectError(refused, 400, "bad_request");
    expect(refused.body.error.details.fields).toEqual([
      { field: "key", message: "is reserved for the AI capabilities' steps (web, image, video, audio)" },
    ]);
    // Nothing was created under it.
    expectError(await call("GET", `/connectors/${key}`, { token: user.accessToken }), 404, "NOT_FOUND");
  });

  it("keys that only begin with one of them stay free", async () => {
    const user = await createUser();
    for (const key of ["webhooks", "image-bank", "audio2"]) {
      const created = await call("POST", "/connectors/definitions", {
        token: user.accessToken,
        body: { key, displayName: "Mine", authType: "none" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  });
});
