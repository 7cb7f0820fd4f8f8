// Types of test-postgres.mjs (plain ESM run by node): a throw-away PostgreSQL cluster for tests.
export const APP_USER: string;
export const APP_PASSWORD: string;
export const DATABASE: string;
export const BIG_ROWS: number;
export function freePort(): Promise<number>;
export function startPostgres(options?: { port?: number }): Promise<{
  port: number;
  connectionString: string;
  superuserConnectionString: string;
  stop: () => void;
}>;
