import type { DomainAccess } from "../helpers/access-suite";
import type { TestUser } from "../helpers/api";
import { api } from "../helpers/client";
import { newSession, sent } from "./helpers";

const P = "/api/v1/ai";

/** Another user's conversation. */
const session = async (owner: TestUser) => ({ params: { sessionId: (await newSession(owner)).id } });

/** Another user's conversation with one turn (the demo model answers). */
const turn = async (owner: TestUser) => {
  const { id: sessionId } = await newSession(owner);
  const { assistantMessage, run } = await sent(owner, sessionId, { content: "mine", model: "demo" });
  return {
    params: { sessionId, assistantMessageId: assistantMessage.id, messageId: assistantMessage.id, runId: run.id },
    body: { POST: { idempotencyKey: "k" } },
  };
};

/** The AI domain: needs the `ai` entitlement; OAuth tokens need `execution:run`. */
export const aiAccess: DomainAccess = {
  prefix: `${P}/`,
  entitlement: "ai",
  oauthScope: "execution:run",
  // CONTRACT: the session's owner decides, with a first-party token; an OAuth client never does.
  firstPartyOnly: [`POST ${P}/sessions/{sessionId}/messages/{assistantMessageId}/tool-calls/{callId}/decision`],
  foreign: {
    [`${P}/sessions/{sessionId}`]: session,
    [`${P}/sessions/{sessionId}/messages`]: async (owner) => ({
      ...(await session(owner)),
      body: { POST: { content: "not yours" } },
    }),
    [`${P}/sessions/{sessionId}/messages/{assistantMessageId}/retries`]: turn,
    [`${P}/sessions/{sessionId}/messages/{assistantMessageId}/selection`]: turn,
    [`${P}/sessions/{sessionId}/messages/{assistantMessageId}/stop`]: turn,
    [`${P}/sessions/{sessionId}/messages/{messageId}/stream`]: turn,
    [`${P}/sessions/{sessionId}/messages/{assistantMessageId}/tool-calls/{callId}/decision`]: async (owner) => {
      const foreign = await turn(owner);
      return { params: { ...foreign.params, callId: "demo-call-1" }, body: { POST: { approve: true } } };
    },
    [`${P}/runs/{runId}`]: turn,
    [`${P}/runs/{runId}/stream`]: turn,
    [`${P}/operations/sessions/{sessionId}/usage`]: session,
    [`${P}/memories/{memoryId}`]: async (owner) => {
      const memory = await api(owner).POST("/api/v1/ai/memories", { body: { content: "mine" } });
      return { params: { memoryId: memory.body.data.id } };
    },
  },
};
