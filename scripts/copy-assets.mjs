// Runs after `npm install`: copies the API reference's renderer (Scalar's browser bundle, 3.5 MB)
// into the Worker's static assets (`public/`, wrangler.toml `[assets]`), so the edge serves it
// without the Worker and it is not part of the Worker's upload. The copy follows the installed
// package version (pinned in package-lock.json) and is not committed.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const source = resolve(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js");
const target = resolve(root, "public/api/v1/docs/scalar.js");
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
