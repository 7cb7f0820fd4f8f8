// The PDF text Worker: pdf.js (unpdf, ~1.7 MB) lives here rather than in the API's Worker, whose
// every cold start would otherwise parse it (docs/performance.md). The API reaches it only through
// its service binding `PDF_TEXT`; it has no route on the internet.
//
// Protocol: `POST /` with the PDF's bytes; 200 `{ "text": "..." }`, or 422 `{ "error": "unreadable" }`
// when pdf.js cannot read the file.
import { pdfText } from "./extract";

export async function handlePdfText(request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const text = await pdfText(new Uint8Array(await request.arrayBuffer()));
  return text === undefined ? Response.json({ error: "unreadable" }, { status: 422 }) : Response.json({ text });
}

export default { fetch: handlePdfText } satisfies ExportedHandler;
