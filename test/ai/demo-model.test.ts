import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { loadApp } from "../../src/app";
import { BASE, expectFieldError, type TestUser } from "../helpers/api";
import { aiUser, newSession, readStream } from "./helpers";

/**
 * CONTRACT "AI sessions": the demo model is listed and accepted only where no real model is
 * configured or `AI_DEMO_MODEL` is `on` (the tests' bindings turn it on; production leaves it empty).
 */
const app = await loadApp();

function under(overrides: Record<string, string>) {
  const configured = { ...env, ...overrides } as Env;
  return async (user: TestUser, method: string, path: string, body?: unknown) => {
    const ctx = createExecutionContext();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${user.accessToken}`,
      "CF-Connecting-IP": user.ip,
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await app.fetch(
      new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      configured,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
}

const keys = (res: { body: { data: { key: string }[] } }) => res.body.data.map((m) => m.key);

describe("the demo model", () => {
  it.each(["", "off"])(
    "with a real model configured and AI_DEMO_MODEL=%j, is neither listed nor accepted",
    async (value) => {
      const call = under({ AI_DEMO_MODEL: value });
      const user = await aiUser();
      const models = await call(user, "GET", "/ai/models");
      expect(models.status).toBe(200);
      expect(keys(models)).toEqual(["fake-basic", "fake-pro"]);
      const session = await newSession(user);
      const refused = await call(user, "POST", `/ai/sessions/${session.id}/messages`, {
        content: "hello",
        model: "demo",
      });
      expectFieldError(refused, "model", '"demo" is not an active model');
      expect(refused.body.error.details.fields).toEqual([{ field: "model", message: '"demo" is not an active model' }]);
    },
  );

  it("with a real model configured and AI_DEMO_MODEL=on, is listed after the real ones and accepted", async () => {
    const call = under({ AI_DEMO_MODEL: "on" });
    const user = await aiUser();
    expect(keys(await call(user, "GET", "/ai/models"))).toEqual(["fake-basic", "fake-pro", "demo"]);
    const session = await newSession(user);
    const sent = await call(user, "POST", `/ai/sessions/${session.id}/messages`, { content: "hello", model: "demo" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it("with no real model configured, is the only model and the default, whatever AI_DEMO_MODEL says", async () => {
    const call = under({ AI_DEMO_MODEL: "", OPENAI_BASE_URL: "" });
    const user = await aiUser();
    const models = await call(user, "GET", "/ai/models");
    expect(models.body.data).toEqual([expect.objectContaining({ key: "demo", providerKey: "demo" })]);
    const session = await newSession(user);
    const sent = await call(user, "POST", `/ai/sessions/${session.id}/messages`, { content: "hello" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await readStream(user, session.id, sent.body.data.assistantMessage.id);
    const history = await call(user, "GET", `/ai/sessions/${session.id}/messages`);
    expect(history.body.data[1]).toMatchObject({ role: "assistant", status: "completed", providerKey: "demo" });
  });
});
