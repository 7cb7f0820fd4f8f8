import { AdapterError, outboundFetch, parseAllowList, readCapped } from "../../../connectors";
import { CapabilityError } from "../types";

/** CONTRACT: a page read takes at most 2 MiB and 10 s. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 10_000;
/** What is kept of a page's text for the report (a model's context is the limit, not the page). */
const PAGE_TEXT_CHARS = 12_000;

export interface ReadPage {
  url: string;
  title: string;
  text: string;
  bytes: number;
}

/** Elements whose text is not the page's readable content. */
const HIDDEN = "head,script,style,noscript,template,iframe,object,nav,footer,header,aside,form,button,select,textarea";
/** Elements that end a line of text. */
const BLOCKS = "p,div,li,ul,ol,h1,h2,h3,h4,h5,h6,br,tr,section,article,main,blockquote,pre,table,dd,dt,figcaption";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const tidy = (text: string) =>
  decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

/** The readable text of an HTML page (and its title), with HTMLRewriter: no scripts, styles or navigation. */
async function htmlToText(html: string): Promise<{ title: string; text: string }> {
  let hidden = 0;
  let title = "";
  const parts: string[] = [];
  await new HTMLRewriter()
    .on(HIDDEN, {
      element(element) {
        hidden++;
        try {
          element.onEndTag(() => void hidden--);
        } catch {
          // An element written without an end tag (`<iframe/>`) has no content to hide.
          hidden--;
        }
      },
    })
    .on("title", { text: (chunk) => void (title += chunk.text) })
    .on(BLOCKS, { element: () => void parts.push("\n") })
    .onDocument({ text: (chunk) => void (hidden === 0 && parts.push(chunk.text)) })
    .transform(new Response(html, { headers: { "Content-Type": "text/html" } }))
    .text();
  return { title: tidy(title), text: tidy(parts.join("")) };
}

/**
 * Reads one page through the connectors' SSRF-guarded fetch (every redirect hop checked), at most
 * `PAGE_MAX_BYTES` and `PAGE_TIMEOUT_MS`; HTML becomes its readable text, plain text stays. Any
 * failure is a step failure with the reason (the research goes on without that page).
 */
export async function readPage(env: Env, url: string, signal: AbortSignal): Promise<ReadPage> {
  const guarded = outboundFetch({ allowList: parseAllowList(env.ALLOW_PRIVATE_HOSTS) });
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(PAGE_TIMEOUT_MS)]);
  try {
    const response = await guarded(url, {
      headers: { Accept: "text/html,application/xhtml+xml,text/plain;q=0.9" },
      signal: timeout,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new CapabilityError(`The page answered ${response.status}`, "step");
    }
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    const html = type === "text/html" || type === "application/xhtml+xml";
    if (!html && type !== "text/plain") {
      await response.body?.cancel();
      throw new CapabilityError(`The page is not readable text (${type || "no content type"})`, "step");
    }
    const body = await readCapped(response, PAGE_MAX_BYTES);
    const bytes = new TextEncoder().encode(body).byteLength;
    const page = html ? await htmlToText(body) : { title: "", text: tidy(body) };
    return { url, title: page.title || url, text: page.text.slice(0, PAGE_TEXT_CHARS), bytes };
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof CapabilityError) throw error;
    if (error instanceof AdapterError) {
      const reason =
        error.kind === "bad_response" ? `The page is larger than ${PAGE_MAX_BYTES} bytes (2 MiB)` : error.message;
      throw new CapabilityError(reason, "step");
    }
    if (timeout.aborted)
      throw new CapabilityError(`The page did not answer within ${PAGE_TIMEOUT_MS / 1000} s`, "step");
    throw new CapabilityError("The page could not be read", "step");
  }
}
