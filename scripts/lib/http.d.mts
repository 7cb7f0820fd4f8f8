// Types of http.mjs (plain ESM run by node).
export function request(
  origin: string,
  method: string,
  path: string,
  options?: { token?: string; body?: unknown },
  // biome-ignore lint/suspicious/noExplicitAny: the body is whatever JSON the server answered
): Promise<{ status: number; body: any }>;
