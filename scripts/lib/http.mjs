// JSON over HTTP to a running server, for the seed, the benchmarks and the tests that drive
// `wrangler dev`. Answers { status, body }: body parsed as JSON, else the text, null when empty.
export async function request(origin, method, path, { token, body } = {}) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (text === "") return { status: res.status, body: null };
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}
