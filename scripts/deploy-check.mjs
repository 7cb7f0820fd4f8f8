// The deploy check: `npm run deploy` and .github/workflows/deploy.yml run it before anything is
// deployed. It refuses what would deploy a broken API: the placeholder D1/KV ids this repository
// ships in wrangler.toml (wrangler would fail late, or create a fresh empty resource) and a missing
// production `ISSUER` (tokens would name whatever host a request used, and the MCP gateway would
// refuse every browser origin but loopback). Each refusal says what to run.
//
//   node scripts/deploy-check.mjs [-c wrangler.toml]   (ISSUER from the environment)
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** An id of only zeros (dashes aside): the placeholder wrangler.toml ships until the resource exists. */
const isPlaceholderId = (id) => typeof id !== "string" || /^[0-]*$/.test(id);

/**
 * What is wrong with deploying `config` (wrangler's resolved configuration) with `issuer` (the
 * `ISSUER` the deploy passes as `--var`): one sentence per problem, naming what to do. Empty: go.
 */
export function deployProblems(config, issuer) {
  const file = config.configPath ? config.configPath.split("/").at(-1) : "wrangler.toml";
  const problems = [];
  for (const db of config.d1_databases ?? []) {
    if (isPlaceholderId(db.database_id))
      problems.push(
        `${file}: D1 database "${db.database_name}" (binding ${db.binding}) has the placeholder database_id ` +
          `${db.database_id}. Run \`npx wrangler d1 create ${db.database_name}\` and put the database_id it prints ` +
          `into ${file}.`,
      );
  }
  for (const kv of config.kv_namespaces ?? []) {
    if (isPlaceholderId(kv.id))
      problems.push(
        `${file}: KV namespace ${kv.binding} has the placeholder id ${kv.id}. Run ` +
          `\`npx wrangler kv namespace create ${kv.binding}\` and put the id it prints into ${file}.`,
      );
  }
  const example = "https://api.example.com";
  if (!issuer)
    problems.push(
      `ISSUER is not set: production needs its public origin (the OAuth issuer, JWT \`iss\`, the only browser ` +
        `Origin the MCP gateway accepts). Deploy with \`ISSUER=${example} npm run deploy\` (GitHub: the ` +
        `repository variable ISSUER). ${file}'s [vars] ISSUER stays empty for local development.`,
    );
  else if (!isHttpsOrigin(issuer))
    problems.push(`ISSUER must be an https origin with no path, like ${example} (it is ${JSON.stringify(issuer)}).`);
  return problems;
}

function isHttpsOrigin(value) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.origin === value;
  } catch {
    return false;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === "-c" || arg === "--config");
  const configPath = resolve(at >= 0 ? args[at + 1] : "wrangler.toml");
  // wrangler's own reader: the same resolution (and validation) `wrangler deploy` applies.
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: configPath }, { hideWarnings: true });
  const problems = deployProblems(config, process.env.ISSUER ?? "");
  if (problems.length) {
    console.error(`Deploy check: not deploying.\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`Deploy check passed: resource ids set, ISSUER=${process.env.ISSUER}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
