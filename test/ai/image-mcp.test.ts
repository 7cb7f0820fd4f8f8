import { describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { mcp, resultText } from "../helpers/mcp";
import { raw } from "../media/helpers";
import { installFakeImages } from "./fakes/images";
import { installFakeOpenAi } from "./fakes/openai";
import { aiUser } from "./helpers";

// This file runs in the "media-capabilities" project: IMAGE_PROVIDER=openai against the fake.
installFakeOpenAi();
installFakeImages();

const SIGNED = new RegExp(`^${ORIGIN}/api/v1/media/[0-9a-f-]{36}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`);

describe('generate_image over MCP (CONTRACT "Capabilities over MCP")', () => {
  it("answers each image as a resource_link to its absolute signed URL and, under 1 MiB, as image content; the link opens the bytes without a token", async () => {
    const user = await aiUser();
    const tools = (await mcp(user.accessToken, "tools/list")).result.tools as { name: string; inputSchema: any }[];
    const generate = tools.find((tool) => tool.name === "generate_image")!;
    // The default provider's accepted sizes (OpenAI's), not the spec's whole range.
    expect(generate.inputSchema.properties.size.enum).toEqual(expect.arrayContaining(["1024x1024"]));
    expect(generate.inputSchema.required).toEqual(["prompt"]);

    const answer = await mcp(user.accessToken, "tools/call", {
      name: "generate_image",
      arguments: { prompt: "a red kite over hills", numImages: 2 },
    });
    const { content, structuredContent } = answer.result;
    expect(answer.result.isError).toBeUndefined();
    expect(structuredContent.status).toBe("completed");
    const links = content.filter((part: { type: string }) => part.type === "resource_link");
    const images = content.filter((part: { type: string }) => part.type === "image");
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toEqual({
        type: "resource_link",
        uri: expect.stringMatching(SIGNED),
        name: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
        mimeType: "image/png",
        size: expect.any(Number),
      });
    }
    expect(images).toHaveLength(2);
    expect(resultText(answer.result)).toContain("expire after an hour");

    const download = await raw("GET", links[0].uri.slice(ORIGIN.length));
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(links[0].size);
    expect(images[0]).toEqual({ type: "image", mimeType: "image/png", data: expect.any(String) });
    expect(atob(images[0].data).length).toBe(bytes.byteLength);
  });
});
