import { describe, expect, it } from "vitest";
import { ToolSet, type ToolDefinition } from "../../src/domains/ai/tool-source";
import { WIRE_NAME } from "../../src/domains/ai/wire-names";
import { FAKE_API_KEY, FAKE_HOST, installFakeOpenAi } from "./fakes/openai";

const tool = (key: string): ToolDefinition => ({
  key,
  description: key,
  inputSchema: { type: "object" },
  execute: async () => ({ key }),
});

describe("model-facing tool names", () => {
  it("keep the readable form when it is valid and unique", () => {
    const set = new ToolSet([tool("slack.post_message"), tool("web-search")]);
    expect(set.specs().map((spec) => spec.name)).toEqual(["slack__post_message", "web-search"]);
    expect(set.find("slack__post_message")?.key).toBe("slack.post_message");
  });

  it("never collide: a dotted key and its sanitized twin, two long keys with one prefix", () => {
    const long = `tools-abc.${"x".repeat(100)}`;
    const keys = ["conn.a.b", "conn.a__b", `${long}1`, `${long}2`, "conn.a__b_"];
    const set = new ToolSet(keys.map(tool));
    const names = set.specs().map((spec) => spec.name);
    expect(new Set(names).size).toBe(keys.length);
    for (const name of names) expect(name).toMatch(WIRE_NAME);
    // Each name leads back to its own tool.
    names.forEach((name, index) => expect(set.find(name)?.key).toBe(keys[index]));
    // Stable: the same tools get the same names in the next run.
    expect(new ToolSet(keys.map(tool)).specs().map((spec) => spec.name)).toEqual(names);
    expect(names[4]).toBe("conn__a__b_");
  });
});

describe("the fake OpenAI refuses invalid function names as the real API does", () => {
  it("a dotted name is 400 invalid_request_error naming the parameter", async () => {
    installFakeOpenAi();
    const response = await fetch(`${FAKE_HOST}/v1/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${FAKE_API_KEY}` },
      body: JSON.stringify({
        model: "m",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
        tools: [
          { type: "function", function: { name: "ok_name" } },
          { type: "function", function: { name: "slack.post_message" } },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "invalid_request_error", param: "tools[1].function.name", code: "invalid_value" },
    });
  });
});
