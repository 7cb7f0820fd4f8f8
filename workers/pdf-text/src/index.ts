// The PDF text Worker: pdf.js (unpdf, ~1.7 MB) lives here rather than in the API's Worker, whose
// every cold start would otherwise parse it (docs/performance.md). The API reaches it only through
// its service binding `PDF_TEXT`; it has no route on the internet.
//
// Protocol: `POST /?maxChars=<n>` with the PDF's bytes → 200 with one of
// `{ "outcome": "ok", "text": "...", "truncated": false }` (at most n characters),
// `{ "outcome": "unreadable" }` (pdf.js cannot read it) or
// `{ "outcome": "over_limits", "reason": "..." }` (CONTRACT "Media": pages, inflated bytes).
// A missing or bad `maxChars` is 400; another method 405. The time bound is the caller's: it aborts
// the call (a synchronous parse cannot be interrupted from inside).
import { pdfText } from "./extract";

/** The most characters a caller may ask for (well above any model's context budget). */
const MAX_CHARS = 1_000_000;

export async function handlePdfText(request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const asked = new URL(request.url).searchParams.get("maxChars") ?? "";
  if (!/^\d{1,7}$/.test(asked) || Number(asked) > MAX_CHARS)
    return Response.json({ error: "bad_request" }, { status: 400 });
  return Response.json(await pdfText(new Uint8Array(await request.arrayBuffer()), Number(asked)));
}

export default { fetch: handlePdfText } satisfies ExportedHandler;
