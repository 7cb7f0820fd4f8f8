import { describe, expect, it } from "vitest";
import { askTheAssistant } from "../../clients/typescript/example";
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { DEMO_USER } from "../../scripts/seed/identity.mjs";

describe("the typed client's README example", () => {
  it("signs in, sends a message and reads the streamed reply from a running dev server", async () => {
    const server = await startDevServer({ port: await freePort(), vars: { DEMO_DELAY_MS: "2" } });
    try {
      const reply = await askTheAssistant(server.origin, DEMO_USER.email, DEMO_USER.password, "Tell me about rivers");
      expect(reply.split(/\s+/).length).toBeGreaterThanOrEqual(40);
      expect(reply.toLowerCase()).toContain("rivers");
    } finally {
      await server.stop();
    }
  });
});
