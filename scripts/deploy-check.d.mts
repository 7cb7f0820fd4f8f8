// Types of deploy-check.mjs (plain ESM run by node), for its test.
export interface DeployConfig {
  configPath?: string;
  d1_databases?: { binding: string; database_name?: string; database_id?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
}
export function deployProblems(config: DeployConfig, issuer: string): string[];
