// The typed client (clients/typescript) for the seed and the benchmarks: they call the API the
// way its users do. Node runs the client's TypeScript directly (type stripping).
import { createPlatformClient } from "../../clients/typescript/index.ts";

export const apiClient = (origin, token) => createPlatformClient({ origin, token });

/** An openapi-fetch result as `{ status, body }`: the parsed answer, success or error. */
export async function answer(pending) {
  const { data, error, response } = await pending;
  return { status: response.status, body: data ?? error ?? null };
}
