import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser } from "../helpers/api";
import { installFakeSlack } from "./fakes/slack";
import { connectedSlack } from "./oauth-flow";

/**
 * Issue "conformance", point 3: a result's `httpStatus` is the status the external service really
 * answered (spec: "Status of the external call"). Slack answers `ok:false` with HTTP 200: the result
 * and the history say 200, and Slack's error name is in `error`.
 */
beforeAll(() => installFakeSlack());

describe("httpStatus is the external call's status", () => {
  it("Slack ok:false on HTTP 200 is a failed result with httpStatus 200 and the error name, in the answer and the history", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const id = await connectedSlack(user);
    const tools = (await call("POST", `/connectors/instances/${id}/sync-tools`, as)).body.data as {
      toolKey: string;
      id: string;
    }[];
    const history = tools.find((tool) => tool.toolKey === "read_channel_history")!;
    const result = await call("POST", `/connectors/instances/${id}/tools/${history.id}/execute`, {
      ...as,
      body: { input: { channel: "C404" } },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      success: false,
      output: {},
      error: "Slack: channel_not_found",
      httpStatus: 200,
      durationMs: expect.any(Number),
    });
    const recorded = await call("GET", `/connectors/instances/${id}/executions`, as);
    expect(recorded.body.data[0]).toMatchObject({
      toolKey: "read_channel_history",
      status: "error",
      httpStatus: 200,
      errorMessage: "Slack: channel_not_found",
    });
  });
});
