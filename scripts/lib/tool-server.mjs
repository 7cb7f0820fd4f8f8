// A custom connector's tool service for tests and benchmarks that drive `wrangler dev` (outbound
// requests leave the Worker there, so the service is a real local server): `POST /echo` answers
// its JSON input, like test/connectors/fakes/tool-server.ts does inside workerd. Every request
// needs `Authorization: Bearer <TOOL_TOKEN>`.
import { createServer } from "node:http";

export const TOOL_TOKEN = "local-tool-token";

export function startToolServer() {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/echo" || req.headers.authorization !== `Bearer ${TOOL_TOKEN}`) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ echoed: JSON.parse(body || "{}") }));
    });
  });
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      done({ origin, host: new URL(origin).host, stop: () => new Promise((closed) => server.close(closed)) });
    }),
  );
}
