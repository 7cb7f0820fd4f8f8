import { extractText, getDocumentProxy } from "unpdf";

/**
 * A PDF's text, pages joined; undefined when pdf.js cannot read it (an upload is checked only by
 * its signature, so a damaged file reaches here).
 */
export async function pdfText(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const pdf = await getDocumentProxy(bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    await pdf.cleanup();
    return text;
  } catch {
    return undefined;
  }
}
