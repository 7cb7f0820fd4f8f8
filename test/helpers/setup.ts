import { applyD1Migrations, env } from "cloudflare:test";

// The same migrations wrangler applies in dev and production, applied to the test database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
