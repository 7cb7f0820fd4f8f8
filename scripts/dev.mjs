// `npm run dev`: writes .dev.vars when missing, applies migrations, seeds (through a private
// instance), then serves on PORT (default 8787) with state under DEV_PERSIST_DIR (default
// .wrangler/state), and prints how to sign in.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { startDevServer } from "./lib/dev-server.mjs";
import { DEMO_USER } from "./seed/identity.mjs";

const root = resolve(import.meta.dirname, "..");
const devVarsPath = resolve(root, ".dev.vars");

if (!existsSync(devVarsPath)) {
  const secrets = [
    `JWT_SECRET=${randomBytes(32).toString("base64url")}`,
    "ADMIN_TOKEN=dev-admin-token",
    // Versioned so keys can rotate: `<version>:<base64 of 32 bytes>`.
    `CREDENTIALS_KEY=v1:${randomBytes(32).toString("base64")}`,
  ];
  writeFileSync(devVarsPath, `${secrets.join("\n")}\n`, { mode: 0o600 });
  console.log("Wrote .dev.vars with fresh secrets (ADMIN_TOKEN=dev-admin-token).");
}
const adminToken = /^ADMIN_TOKEN=(.*)$/m.exec(readFileSync(devVarsPath, "utf8"))?.[1]?.trim();

const port = Number(process.env.PORT ?? 8787);
const persistTo = resolve(root, process.env.DEV_PERSIST_DIR ?? ".wrangler/state");
const server = await startDevServer({ port, persistTo, secrets: null, adminToken, inheritOutput: true, seedBeforeServing: true });

console.log(`
Platform API on ${server.origin.replace("127.0.0.1", "localhost")}/api/v1  (state: ${persistTo})
  demo login:   ${DEMO_USER.email} / ${DEMO_USER.password}
  admin token:  ${adminToken}
  try:          curl -s http://localhost:${port}/api/v1/health
`);

const shutdown = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.process.on("exit", (code) => process.exit(code ?? 0));
