// `npm run dev`: writes .dev.vars when missing (or adds the generated secrets it lacks), takes every
// variable the contract names from the environment (which wins over .dev.vars), applies
// migrations, seeds (through a private instance), then serves on PORT (default 8787) with state
// under DEV_PERSIST_DIR (default .wrangler/state), and prints how to sign in. Each preparation step
// prints its progress (lib/dev-progress.mjs); wrangler's output comes without its repetitions
// (lib/dev-output.mjs). docs/developer-experience.md "npm run dev's output".
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createProgress } from "./lib/dev-progress.mjs";
import { nextFreePort, portProblem, startDevServer } from "./lib/dev-server.mjs";
import {
  describeTaken,
  devBindings,
  ensureDevVars,
  envFileText,
  fromEnvironment,
  readDevVars,
} from "./lib/dev-vars.mjs";
import { DEMO_USER } from "./seed/identity.mjs";

const root = resolve(import.meta.dirname, "..");
const devVarsPath = resolve(root, ".dev.vars");

// The port first: a taken one would otherwise surface half a minute later as wrangler's error.
const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (1-65535), not ${JSON.stringify(process.env.PORT)}: PORT=8788 npm run dev`);
  process.exit(1);
}
const problem = await portProblem(port);
if (problem) {
  const reason =
    problem === "EADDRINUSE" ? "is in use (another npm run dev or wrangler dev?)" : `cannot be used (${problem})`;
  console.error(`Port ${port} ${reason}. Start on another port: PORT=${await nextFreePort(port)} npm run dev`);
  process.exit(1);
}

const added = ensureDevVars(devVarsPath);
if (added.length)
  console.log(
    `Added fresh ${added.join(", ")} to .dev.vars${added.includes("ADMIN_TOKEN") ? " (ADMIN_TOKEN=dev-admin-token)" : ""}.`,
  );
const taken = fromEnvironment(process.env, root);
if (Object.keys(taken).length)
  console.log(`Taken from the environment (over .dev.vars):\n  ${describeTaken(taken, root).join("\n  ")}`);
const bindings = devBindings(readDevVars(devVarsPath), taken);

const persistTo = resolve(root, process.env.DEV_PERSIST_DIR ?? ".wrangler/state");
// The merged bindings live beside the local state (git-ignored), private to this user, and go
// when the server stops: they may hold secrets from the environment.
mkdirSync(persistTo, { recursive: true });
const envFile = join(persistTo, ".dev-bindings.env");
writeFileSync(envFile, envFileText(bindings), { mode: 0o600 });
const forgetBindings = () => rmSync(envFile, { force: true });

const adminToken = bindings.ADMIN_TOKEN;
let server;
try {
  server = await startDevServer({
    port,
    persistTo,
    secrets: null,
    envFile,
    adminToken,
    inheritOutput: true,
    seedBeforeServing: true,
    progress: createProgress(process.stdout),
  });
} catch (error) {
  forgetBindings();
  throw error;
}

const origin = server.origin.replace("127.0.0.1", "localhost");
console.log(`
Platform API on ${origin}/api/v1  (state: ${persistTo})
  reference:    ${origin}/api/v1/docs
  demo login:   ${DEMO_USER.email} / ${DEMO_USER.password}
  admin token:  ${"ADMIN_TOKEN" in taken ? "(hidden: taken from the environment)" : adminToken}
  demo model:   ${bindings.AI_DEMO_MODEL === "on" ? "on" : "off"} (AI_DEMO_MODEL)
  try:          curl -s ${origin}/api/v1/health
`);

const shutdown = async () => {
  await server.stop();
  forgetBindings();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.process.on("exit", (code) => {
  forgetBindings();
  process.exit(code ?? 0);
});
