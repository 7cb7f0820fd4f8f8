// The dev seed: every file in scripts/seed/ exports `seed({ origin, adminToken })` and uses only
// the public and operator APIs, so seeding is idempotent and exercises the real code paths.
// identity.mjs runs first (others may rely on the demo user).
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const seedDir = resolve(import.meta.dirname, "../seed");

/** The seed files in the order they run. */
export const seedFiles = () =>
  readdirSync(seedDir)
    .filter((f) => f.endsWith(".mjs"))
    .sort((a, b) => (a === "identity.mjs" ? -1 : b === "identity.mjs" ? 1 : a.localeCompare(b)));

/** Runs every seed; `onSeeded(name)` after each (npm run dev's progress). */
export async function runSeeds(context, onSeeded = () => {}) {
  for (const file of seedFiles()) {
    const { seed } = await import(pathToFileURL(join(seedDir, file)).href);
    await seed(context);
    onSeeded(file.replace(/\.mjs$/, ""));
  }
}
