import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { z } from "zod";
import worker from "../../src/index";
import { api, operator } from "./client";

export const ORIGIN = "http://localhost";
export const BASE = `${ORIGIN}/api/v1`;

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Client IP as Cloudflare would report it; tests use distinct ones to keep per-IP limits apart. */
  ip?: string;
  workspaceId?: string;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  return readResponse<T>(await exports.default.fetch(apiRequest(method, path, options)));
}

/**
 * `call`, and then the work the request left to `waitUntil` (mail written after the answer, say),
 * awaited to its end: the handler runs with an execution context of the test's, so a check that
 * something did not happen needs no sleep.
 */
export async function callAwaitingWork<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const ctx = createExecutionContext();
  const request = apiRequest(method, path, options) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  const answer = await readResponse<T>(response);
  await waitOnExecutionContext(ctx);
  return answer;
}

function apiRequest(method: string, path: string, options: CallOptions): Request {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? "203.0.113.1", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.workspaceId) headers["X-Workspace-Id"] = options.workspaceId;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const url = path.startsWith("http")
    ? path
    : path.startsWith("/api/") || path.startsWith("/.well-known")
      ? `${ORIGIN}${path}`
      : `${BASE}${path}`;
  return new Request(url, { method, headers, body, redirect: "manual" });
}

async function readResponse<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export const admin = (method: string, path: string, body?: unknown) =>
  call(method, path, { body, headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` } });

let sequence = 0;
/** A fresh address per call, so tests never share per-IP limits or e-mail addresses. */
export const uniqueIp = () => `198.51.${Math.floor(++sequence / 250) % 250}.${(sequence % 250) + 1}`;
export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID()}@example.com`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  ip: string;
  personalWorkspaceId: string;
}

/** Registers a user through the API (plan `free` unless set through the operator API). */
export async function createUser(
  options: { plan?: "free" | "pro" | "business"; entitlements?: string[]; name?: string } = {},
): Promise<TestUser> {
  const ip = uniqueIp();
  const email = uniqueEmail();
  const password = "correct-horse-battery";
  const registered = await api(undefined, { ip }).POST("/api/v1/auth/register", {
    body: { email, password, name: options.name },
  });
  expect(registered.status).toBe(201);
  const { user, accessToken, refreshToken } = registered.body.data;
  if (options.plan || options.entitlements) {
    const updated = await operator().PATCH("/api/v1/admin/users/{userId}/account", {
      params: { path: { userId: user.id } },
      body: { plan: options.plan, entitlements: options.entitlements },
    });
    expect(updated.status).toBe(200);
  }
  const me = await api(accessToken, { ip }).GET("/api/v1/me");
  expect(me.status).toBe(200);
  return {
    id: user.id,
    email,
    password,
    accessToken,
    refreshToken,
    ip,
    personalWorkspaceId: me.body.data.workspaces[0]!.id,
  };
}

/** Asserts the exact error envelope: status, code, and request metadata. */
export function expectError(response: ApiResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({
    error: { code, message: expect.any(String) },
    meta: { requestId: expect.any(String) },
  });
  expect(response.body.meta.requestId).toBe(response.headers.get("X-Request-Id"));
  expect(typeof response.body.meta.durationMs).toBe("number");
}

export function expectFieldError(response: ApiResponse, field: string, message?: string | RegExp) {
  expectError(response, 400, "bad_request");
  const fields: { field: string; message: string }[] = response.body.error.details.fields;
  const match = fields.find((f) => f.field === field);
  expect(match, `no error for ${field} in ${JSON.stringify(fields)}`).toBeDefined();
  if (message) expect(match!.message).toMatch(message);
}

/** Checks a response body against the schema the route declares for it. */
export function expectShape<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  expect(result.success, result.success ? "" : JSON.stringify(result.error.issues)).toBe(true);
  return result.data as z.output<T>;
}
