/**
 * A local fake of Resend's `POST /emails`: Bearer API key, JSON `{ from, to[], subject, text }`,
 * 200 `{ id }`; errors in Resend's shape `{ statusCode, name, message }` (401 missing_api_key /
 * 403 invalid_api_key, 422 validation_error).
 */
export const FAKE_RESEND_BASE_URL = "https://fake-resend.test";
export const FAKE_RESEND_KEY = "re_test_fake_key";

export interface ResendRequest {
  authorization: string | null;
  idempotencyKey: string | null;
  body: { from: string; to: string[]; subject: string; text: string };
}

export const resendRequests: ResendRequest[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export async function fakeResendFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/emails")
    return json(404, { statusCode: 404, name: "not_found", message: "The requested endpoint does not exist." });
  const authorization = request.headers.get("Authorization");
  if (!authorization)
    return json(401, {
      statusCode: 401,
      name: "missing_api_key",
      message: "Missing API key in the authorization header.",
    });
  if (authorization !== `Bearer ${FAKE_RESEND_KEY}`)
    return json(403, { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" });
  const body = (await request.json()) as ResendRequest["body"];
  if (!body.from || !Array.isArray(body.to) || !body.subject || (!body.text && !(body as { html?: string }).html)) {
    return json(422, { statusCode: 422, name: "validation_error", message: "Missing required field." });
  }
  resendRequests.push({ authorization, idempotencyKey: request.headers.get("Idempotency-Key"), body });
  return json(200, { id: crypto.randomUUID() });
}

export function installFakeResend() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(new Request(input, init).url).origin === FAKE_RESEND_BASE_URL
      ? fakeResendFetch(input, init)
      : realFetch(input, init)) as typeof fetch;
}
