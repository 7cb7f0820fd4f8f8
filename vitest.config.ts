import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { unstable_readConfig } from "wrangler";
import { defineConfig } from "vitest/config";

/** Secrets for tests only; production and `npm run dev` read theirs from the environment/.dev.vars. */
export const TEST_BINDINGS = {
  JWT_SECRET: "test-jwt-secret-that-is-long-enough-for-hs256",
  ADMIN_TOKEN: "test-admin-token",
  CREDENTIALS_KEY: "v1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  DEMO_DELAY_MS: "2",
  MEDIA_SIGNING_KEY: "test-media-signing-key-0123456789abcdef",
  // The demo model stays selectable beside the configured fake models (CONTRACT "AI sessions").
  AI_DEMO_MODEL: "on",
  // A conversation's import from D1 (the tree before kept messages there) in pages of 20 rows, so
  // the upgrade tests' sessions span several pages.
  AI_IMPORT_PAGE_ROWS: "20",
  // AI tests: the OpenAI-compatible provider points at a local fake (test/ai/fakes/openai.ts).
  OPENAI_BASE_URL: "https://fake-openai.test/v1",
  OPENAI_API_KEY: "test-openai-key",
  OPENAI_MODELS: "fake-basic:basic,fake-pro:pro",
  // AI capabilities: web search through Brave's and Tavily's local fakes (test/ai/fakes/search.ts);
  // Brave is the default (first configured).
  BRAVE_API_KEY: "test-brave-key",
  BRAVE_BASE_URL: "https://fake-brave.test",
  TAVILY_API_KEY: "test-tavily-key",
  TAVILY_BASE_URL: "https://fake-tavily.test",
  // Audio providers' local fakes (test/ai/fakes/audio.ts); their keys are set only in the
  // "media-capabilities" project, so elsewhere media capabilities are answered by the demo runner.
  STABILITY_BASE_URL: "https://fake-stability.test",
  ELEVENLABS_BASE_URL: "https://fake-elevenlabs.test",
  // OAuth clients' metadata documents (test/oauth/client-id-metadata.test.ts): the 5 s fetch deadline
  // made small, so the test of a document that never arrives waits half a second, not five.
  CLIENT_METADATA_DEADLINE_MS: "500",
  // Small enough that a test observes `: ping` comments on a live AI stream within a second.
  SSE_HEARTBEAT_MS: "200",
  // Billing tests: Stripe's API is a local fake (test/billing/fakes/stripe.ts); webhooks are signed
  // with this secret the way Stripe signs them.
  STRIPE_SECRET_KEY: "sk_test_fake_key_for_tests",
  STRIPE_WEBHOOK_SECRET: "whsec_test_fake_webhook_secret",
  STRIPE_BASE_URL: "https://fake-stripe.test",
  STRIPE_PRICE_PRO: "price_test_pro",
  STRIPE_PRICE_BUSINESS: "price_test_business",
  // Connectors: one built-in OAuth provider configured (Slack, pointed at its local fake
  // test/connectors/fakes/slack.ts with the fake's client), the others inactive.
  CONNECTOR_SLACK_CLIENT_ID: "fake-client-id",
  CONNECTOR_SLACK_CLIENT_SECRET: "fake-client-secret",
  CONNECTOR_SLACK_BASE_URL: "https://slack.fake.test",
};

/**
 * The video tests' extra bindings: every video provider configured against its local fake
 * (test/ai/fakes/video.ts) and a small poll interval. A project of its own, because the other AI
 * tests expect the demo runner to answer media capabilities.
 */
const VIDEO_BINDINGS = {
  VIDEO_PROVIDER: "sora",
  GEMINI_API_KEY: "test-gemini-key",
  GEMINI_BASE_URL: "https://fake-gemini.test",
  KLING_ACCESS_KEY: "test-kling-access",
  KLING_SECRET_KEY: "test-kling-secret-0123456789",
  KLING_BASE_URL: "https://fake-kling.test",
  VIDEO_POLL_MS: "20",
  // The video cap lowered from 200 MiB so a test streams past it quickly, yet above one R2
  // multipart part (5 MiB), so the partial upload it aborts is a real one.
  MEDIA_CAP_VIDEO_BYTES: String(6 * 1024 * 1024),
};

/** Tests that need the media capabilities' providers configured (their own project). */
const MEDIA_CAPABILITY_TESTS = ["test/ai/image*.test.ts", "test/ai/audio*.test.ts"];

/**
 * A private Worker the API binds (workers/<dir>) as `wrangler deploy` uploads it (index.js, and any
 * .wasm beside it), built once per run into a temp folder and run by Miniflare in workerd as an
 * auxiliary Worker, as deployed: the SQL Worker's PostgreSQL sockets (`cloudflare:sockets`) exist
 * only there, and the PDF text Worker's bounds (memory, `DecompressionStream`, one isolate beside
 * the API's) mean something only there. The three are built side by side.
 */
function privateWorker(dir: PrivateWorkerDir): ReturnType<typeof buildPrivateWorker> {
  // Vitest evaluates this config once per project in one process; a module variable would not
  // survive (each evaluation imports the config afresh), so the builds are kept on the process
  // (a watch session that changes workers/ restarts to rebuild them).
  const built = ((
    globalThis as { __privateWorkers?: Map<string, ReturnType<typeof buildPrivateWorker>> }
  ).__privateWorkers ??= new Map());
  if (!built.has(dir)) built.set(dir, buildPrivateWorker(dir));
  return built.get(dir)!;
}

type PrivateWorkerDir = "sql" | "pdf-text" | "json-schema";

async function buildPrivateWorker(dir: PrivateWorkerDir) {
  const root = import.meta.dirname;
  const configPath = join(root, "workers", dir, "wrangler.toml");
  const outdir = mkdtempSync(join(tmpdir(), `platform-${dir}-worker-`));
  process.on("exit", () => rmSync(outdir, { recursive: true, force: true }));
  const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [wrangler, "deploy", "--dry-run", "--outdir", outdir, "-c", configPath],
      { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
      (error, _stdout, stderr) => (error ? reject(new Error(`${dir} Worker build failed: ${stderr}`)) : resolve()),
    ),
  );
  const config = unstable_readConfig({ config: configPath });
  const wasm = readdirSync(outdir).filter((file) => file.endsWith(".wasm"));
  return {
    name: config.name!,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    modulesRoot: outdir,
    modules: [
      { type: "ESModule" as const, path: join(outdir, "index.js") },
      ...wasm.map((file) => ({ type: "CompiledWasm" as const, path: join(outdir, file) })),
    ],
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const [sql, pdfText, jsonSchema] = await Promise.all([
    privateWorker("sql"),
    privateWorker("pdf-text"),
    privateWorker("json-schema"),
  ]);
  const workerd = (bindings: Record<string, string> = {}) =>
    cloudflareTest({
      // The app's entry with a test MessageRun host that offers the AI tests' tools.
      main: "./test/worker.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: { ...TEST_BINDINGS, ...bindings, TEST_MIGRATIONS: migrations },
        // The private Workers, built from workers/, in workerd beside the API behind its bindings.
        serviceBindings: { PDF_TEXT: pdfText.name, JSON_SCHEMA: jsonSchema.name, SQL: sql.name },
        workers: [sql, pdfText, jsonSchema],
      },
    });
  return {
    test: {
      projects: [
        {
          // Everything that runs inside workerd with real D1, KV, Durable Objects and Queues.
          plugins: [workerd()],
          test: {
            name: "workers",
            include: ["test/**/*.test.ts"],
            exclude: [
              "test/node/**",
              "test/architecture.test.ts",
              "test/connectors/servers/**",
              "test/ai/video*.test.ts",
              ...MEDIA_CAPABILITY_TESTS,
            ],
            setupFiles: ["./test/helpers/setup.ts"],
            // Rate-limit tests may wait for a fresh window; streams run for seconds.
            testTimeout: 30_000,
          },
        },
        {
          plugins: [workerd(VIDEO_BINDINGS)],
          test: {
            name: "video",
            include: ["test/ai/video*.test.ts"],
            setupFiles: ["./test/helpers/setup.ts"],
            testTimeout: 30_000,
          },
        },
        {
          // Image and audio generation with their providers configured (OpenAI Images, Stable
          // Audio, ElevenLabs Music), against local fakes of their APIs.
          plugins: [
            workerd({
              IMAGE_PROVIDER: "openai",
              STABILITY_API_KEY: "test-stability-key",
              ELEVENLABS_API_KEY: "test-elevenlabs-key",
              // Caps lowered (from 20 and 50 MiB) so the tests pass them with small fakes' answers.
              MEDIA_CAP_IMAGE_BYTES: String(64 * 1024),
              MEDIA_CAP_AUDIO_BYTES: String(128 * 1024),
            }),
          ],
          test: {
            name: "media-capabilities",
            include: MEDIA_CAPABILITY_TESTS,
            setupFiles: ["./test/helpers/setup.ts"],
            testTimeout: 30_000,
          },
        },
        {
          // Connector adapters against real servers (PostgreSQL, an MCP server) that a Node
          // globalSetup starts once per run; a project of its own so other runs need neither.
          // The API reaches them on loopback, which the SSRF rules allow only when listed.
          plugins: [workerd({ ALLOW_PRIVATE_HOSTS: "127.0.0.1" })],
          test: {
            name: "servers",
            include: ["test/connectors/servers/**/*.test.ts"],
            globalSetup: ["./test/connectors/servers/global-setup.ts"],
            setupFiles: ["./test/helpers/setup.ts"],
            testTimeout: 30_000,
          },
        },
        {
          // Checks that need Node (third-party validators that compile code at run time; the
          // architecture test, which reads src/).
          test: {
            name: "node",
            include: ["test/node/**/*.test.ts", "test/architecture.test.ts"],
            environment: "node",
            testTimeout: 120_000,
          },
          resolve: {
            alias: [
              {
                find: "cloudflare:workers",
                replacement: new URL("./test/node/cloudflare-workers-stub.ts", import.meta.url).pathname,
              },
            ],
          },
        },
      ],
    },
  };
});
