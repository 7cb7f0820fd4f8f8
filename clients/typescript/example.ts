import { EventSource } from "eventsource";
import { createPlatformClient } from "./index";

/**
 * The README's example: sign in, create an AI session, send a message, and read the reply's SSE
 * stream with a standard WHATWG EventSource client (the `eventsource` package, which lets the
 * request carry the bearer header). Returns the streamed reply.
 */
export async function askTheAssistant(
  origin: string,
  email: string,
  password: string,
  question: string,
): Promise<string> {
  const login = await createPlatformClient({ origin }).POST("/api/v1/auth/login", { body: { email, password } });
  if (!login.data) throw new Error(`login failed: ${login.response.status}`);
  const token = login.data.data.accessToken;
  const api = createPlatformClient({ origin, token });

  const session = await api.POST("/api/v1/ai/sessions", { body: { title: "From the typed client" } });
  if (!session.data) throw new Error(`creating a session failed: ${session.response.status}`);
  const sessionId = session.data.data.id;
  const sent = await api.POST("/api/v1/ai/sessions/{sessionId}/messages", {
    params: { path: { sessionId } },
    body: { content: question },
  });
  if (!sent.data) throw new Error(`sending failed: ${sent.response.status}`);
  const messageId = sent.data.data.assistantMessage.id;

  const stream = new EventSource(`${origin}/api/v1/ai/sessions/${sessionId}/messages/${messageId}/stream`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, Authorization: `Bearer ${token}` } }),
  });
  return new Promise((resolve, reject) => {
    let reply = "";
    stream.addEventListener("message.delta", (event) => (reply += JSON.parse(event.data).payload.delta));
    stream.addEventListener("message.completed", () => {
      stream.close();
      resolve(reply);
    });
    stream.addEventListener("run.error", (event) => {
      stream.close();
      reject(new Error(JSON.parse(event.data).payload.error?.message ?? "run failed"));
    });
  });
}
