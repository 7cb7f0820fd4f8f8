import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../helpers/api";
import { installToolServer } from "../connectors/fakes/tool-server";
import { connected } from "../connectors/helpers";
import { png, upload } from "../media/helpers";
import { finished, history, newSession, readStream, sent } from "./helpers";

/**
 * A signed media URL opens its item without a token, so the service signs only URLs of items
 * that are the message's user's: never a media path that a tool's input or output (text the model
 * or an outside service chose) merely names. Generated media are signed (test/ai/image.test.ts).
 */
beforeAll(() => installToolServer());

describe("media URLs in tool calls", () => {
  it("another user's media path in a tool's input and output stays unsigned in the stream and in history", async () => {
    const owner = await createUser();
    const foreign = await upload(owner, png(1, 1), "image/png");
    const path = `/api/v1/media/${foreign.id}`;

    const user = await createUser();
    const { key } = await connected(user);
    const session = await newSession(user);
    const input = JSON.stringify({ text: "look", url: path, media: [{ id: foreign.id, url: path }] });
    const reply = await sent(user, session.id, { content: `Show it.\n/tool ${key}.echo ${input}`, model: "demo" });
    const stream = await readStream(user, session.id, reply.assistantMessage.id);
    const message = await finished(user, session.id, reply.assistantMessage.id);

    const streamed = JSON.stringify(stream);
    expect(streamed).toContain(`"url":"${path}"`); // the input and the echoed output, as the model wrote them
    expect(streamed).not.toContain("sig=");
    expect(message.toolCalls[0].input).toMatchObject({ url: path, media: [{ url: path }] });
    expect(message.toolCalls[0].output.echoed).toMatchObject({ url: path, media: [{ url: path }] });
    expect(JSON.stringify((await history(user, session.id)).data)).not.toContain("sig=");
  });
});
