// The typed client (clients/typescript) for the seed and the benchmarks: they call the API the
// way its users do. Node runs the client's TypeScript directly (type stripping).
import { createPlatformClient } from "../../clients/typescript/index.ts";

export const apiClient = (origin, token) => createPlatformClient({ origin, token });

/** An openapi-fetch result as `{ status, body }`: the parsed answer, success or error. */
export async function answer(pending) {
  const { data, error, response } = await pending;
  return { status: response.status, body: data ?? error ?? null };
}

/**
 * A fresh user for a benchmark: made through the operator API on a dev server (`startDevServer`'s
 * `{ origin, adminToken }`) and signed in with a password, on `plan` when given (else the default).
 * Answers its id and access token.
 */
export async function benchUser(server, prefix = "bench", plan = undefined) {
  const post = (path, body, token) => answer(apiClient(server.origin, token).POST(`/api/v1${path}`, { body }));
  const email = `${prefix}-${crypto.randomUUID()}@example.com`;
  const password = "bench-password-123";
  const created = await post("/admin/users", { email, password, ...(plan ? { plan } : {}) }, server.adminToken);
  if (created.status !== 201) throw new Error(`creating a bench user failed: ${JSON.stringify(created.body)}`);
  const login = await post("/auth/login", { email, password });
  if (login.status !== 200) throw new Error(`bench login failed: ${JSON.stringify(login.body)}`);
  return { id: created.body.data.id, token: login.body.data.accessToken };
}
