/**
 * Every error code the API answers with, and its one HTTP status. The casing is the spec's
 * (it mixes `not_found` and `NOT_FOUND` on purpose: the connector endpoints use upper case).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_token: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  spend_cap_reached: 402,
  forbidden: 403,
  connector_tool_approval_required: 403,
  not_found: 404,
  NOT_FOUND: 404,
  method_not_allowed: 405,
  conflict: 409,
  CONNECTOR_ERROR: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  unprocessable_entity: 422,
  RATE_LIMIT_EXCEEDED: 429,
  internal_error: 500,
  CONNECTION_FAILED: 502,
  billing_unavailable: 503,
} as const satisfies Record<string, number>;

/** An error status this API answers with (a subset of the statuses that carry a body). */
export type ErrorStatus = (typeof ERROR_STATUS)[keyof typeof ERROR_STATUS];

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  bad_request: "Invalid request",
  invalid_token: "The token or code is invalid, expired or already used",
  unauthorized: "Authentication required",
  invalid_credentials: "Invalid email or password",
  spend_cap_reached: "The account's monthly spend cap is reached",
  forbidden: "Forbidden",
  connector_tool_approval_required: "This tool requires approval and cannot be executed directly",
  not_found: "Not found",
  NOT_FOUND: "Not found",
  method_not_allowed: "Method not allowed",
  conflict: "Conflict",
  CONNECTOR_ERROR: "Connector error",
  payload_too_large: "Request body too large",
  unsupported_media_type: "Unsupported content type",
  range_not_satisfiable: "The requested range is outside the file",
  unprocessable_entity: "Unprocessable entity",
  RATE_LIMIT_EXCEEDED: "Rate limit exceeded",
  internal_error: "Internal error",
  CONNECTION_FAILED: "The external service could not be reached",
  billing_unavailable: "Billing is not configured",
};

export interface FieldError {
  field: string;
  message: string;
  capabilityKey?: string;
}

/** Thrown by services and middleware; `onError` renders it into the error envelope. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers, e.g. `WWW-Authenticate` or `Retry-After`. */
    readonly headers?: Record<string, string>,
    /**
     * A status other than the code's usual one, where the contract pairs one code with two statuses
     * (`CONNECTION_FAILED`: 502 unreachable, 503 provider not configured on this deployment).
     */
    status?: ErrorStatus,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.status = status ?? ERROR_STATUS[code];
  }
}

export const badRequest = (fields: FieldError[], message = "Invalid request") =>
  new ApiError("bad_request", message, { fields });

export const unauthorized = (message = "Authentication required", error?: "invalid_token") =>
  new ApiError("unauthorized", message, undefined, {
    "WWW-Authenticate": error ? `Bearer error="${error}"` : "Bearer",
  });

export const forbidden = (message?: string) => new ApiError("forbidden", message);
export const notFound = (message?: string) => new ApiError("not_found", message);
export const conflict = (message?: string) => new ApiError("conflict", message);

/** The text of an error and of its causes (drizzle wraps D1's error in `cause`). */
export const errorText = (error: unknown): string => {
  const cause = (error as { cause?: unknown })?.cause;
  return `${(error as Error)?.message ?? error} ${cause ? errorText(cause) : ""}`;
};

/** A D1 UNIQUE constraint violation; D1 names the index's columns after it, for callers that tell indexes apart. */
export const isUniqueViolation = (error: unknown) => errorText(error).includes("UNIQUE constraint failed");

/** Runs a write whose only expected failure is a duplicate: a UNIQUE violation becomes `409 conflict`. */
export async function conflictOnDuplicate<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
