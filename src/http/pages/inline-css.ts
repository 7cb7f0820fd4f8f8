import { raw } from "hono/html";

/**
 * A stylesheet for a `<style>` element, inserted as written. hono/jsx escapes text children
 * (`"` becomes `&quot;`), right for text but wrong here: a `<style>` element's content is raw text,
 * so the browser reads `&quot;` literally and drops the whole rule (the status page's `font:` rule
 * with `"Segoe UI"` was, and the page fell back to Times). Only for the source's own constants, never
 * input; the one sequence that could end the element early, `</style`, is refused.
 */
export function inlineCss(css: string) {
  if (/<\/style/i.test(css)) throw new Error("inline CSS must not contain </style");
  return raw(css);
}
