import { getDocumentProxy } from "unpdf";
import { inflatesWithin } from "./inflate-bound";

/** A PDF of more pages than this is not read (CONTRACT "Media"). */
const MAX_PAGES = 200;

export type Extraction =
  | { outcome: "ok"; text: string; truncated: boolean }
  | { outcome: "unreadable" }
  | { outcome: "over_limits"; reason: string };

/** A page's text as unpdf gives it: items' strings, a line break where pdf.js saw one. */
async function pageText(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, number: number): Promise<string> {
  const content = await (await pdf.getPage(number)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
}

/** unpdf's `mergePages` normalisation: collapsed spaces, line breaks kept, at most one blank line. */
const normalised = (text: string) =>
  text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n");

/**
 * A PDF's text, read within the bounds: the inflated-bytes count first (inflate-bound.ts), then
 * pdf.js page by page, at most `MAX_PAGES`, stopping once `maxChars` characters are read (the
 * text is then `truncated`). The caller bounds the time by aborting its call.
 */
export async function pdfText(bytes: Uint8Array, maxChars: number): Promise<Extraction> {
  if (!(await inflatesWithin(bytes))) return { outcome: "over_limits", reason: "inflated streams" };
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch {
    return { outcome: "unreadable" };
  }
  try {
    if (pdf.numPages > MAX_PAGES) return { outcome: "over_limits", reason: "pages" };
    let text = "";
    for (let number = 1; number <= pdf.numPages; number++) {
      text += `${number > 1 ? "\n" : ""}${normalised(await pageText(pdf, number))}`;
      if (text.length > maxChars) {
        text = normalised(text);
        if (text.length > maxChars) return { outcome: "ok", text: text.slice(0, maxChars), truncated: true };
      }
    }
    return { outcome: "ok", text: normalised(text), truncated: false };
  } catch {
    return { outcome: "unreadable" };
  } finally {
    await pdf.cleanup().catch(() => undefined);
  }
}
