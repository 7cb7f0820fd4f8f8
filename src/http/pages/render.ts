import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../env";
import { base64url } from "../../lib/crypto";

export type PageRenderer<P> = (props: P & { nonce: string }) => unknown;

/**
 * Sends a server-rendered page: no framing by anyone (`frame-ancestors 'none'`, clickjacking),
 * no scripts at all, styles only under this response's nonce, forms posting only to this origin
 * (plus `formOrigins`: e.g. the OAuth consent page's client, where its 303 leads), and never
 * cached (pages carry CSRF tokens).
 */
export function renderPage(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  render: (nonce: string) => unknown,
  formOrigins: string[] = [],
) {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `form-action 'self' ${formOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  return c.html(`<!doctype html>${String(render(nonce))}`, status, {
    "Content-Security-Policy": csp,
    "Cache-Control": "no-store",
  });
}
