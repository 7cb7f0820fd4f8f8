/**
 * The credential of an `Authorization: Bearer <token>` header (RFC 6750 §2.1), or undefined.
 * The scheme name is case-insensitive (RFC 9110 §11.1); the token is a token68.
 */
export function bearerCredential(header: string | undefined): string | undefined {
  return /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? "")?.[1];
}
