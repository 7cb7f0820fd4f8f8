/**
 * PDFs built in the tests, hostile ones included (issue 34): objects with correct offsets and an
 * xref table, streams as given bytes (Flate data from `CompressionStream`, as real writers make it).
 */

const encoder = new TextEncoder();

type PdfObject = string | { dict: string; stream: Uint8Array };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PDF of `objects` (numbered from 1; object 1 is the catalog), with an xref table and trailer. */
export function buildPdf(objects: PdfObject[], trailerExtra = ""): Uint8Array {
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0]!.length;
  const push = (part: Uint8Array) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === "string") push(encoder.encode(`${i + 1} 0 obj\n${object}\nendobj\n`));
    else {
      push(encoder.encode(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.stream.length} >>\nstream\n`));
      push(object.stream);
      push(encoder.encode("\nendstream\nendobj\n"));
    }
  });
  const xref = length;
  push(
    encoder.encode(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return concat(parts);
}

/** `chunk` repeated until `total` bytes, through `CompressionStream("deflate")` (zlib, as FlateDecode is). */
export async function deflated(chunk: Uint8Array, total: number): Promise<Uint8Array> {
  let sent = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";
const page = (contents: string) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} /Resources << /Font << /F1 5 0 R >> >> >>`;

/** A one-page PDF whose content stream is `content`, Flate-compressed when `flate` (how most writers store it). */
export async function pagePdf(content: string, options: { flate?: boolean; filter?: string } = {}) {
  const bytes = encoder.encode(content);
  const stream = options.flate ? await deflated(bytes, bytes.length) : bytes;
  const filter = options.filter ?? (options.flate ? "/Filter /FlateDecode" : "");
  return buildPdf([
    CATALOG,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    page("4 0 R"),
    { dict: filter, stream },
    FONT,
  ]);
}

/** Text operators showing `line` on lines down a page (a page's text as a writer would put it). */
export const textOperators = (line: string, lines: number) =>
  `BT /F1 10 Tf 72 760 Td 12 TL\n${Array.from({ length: lines }, () => `(${line}) '`).join("\n")}\nET`;

/**
 * The first hostile PDF of issue 34: one page whose FlateDecode content stream inflates to about
 * 300 MiB of text operators (about 1 MB stored: the operators vary, as a real bomb's would).
 */
export function inflationBomb(): Promise<Uint8Array> {
  bomb ??= buildInflationBomb();
  return bomb;
}
let bomb: Promise<Uint8Array> | undefined;

async function buildInflationBomb(): Promise<Uint8Array> {
  // A few varied operators repeated: a ratio near the issue's file (916 KB for 300 MiB), short of
  // the 1,000:1 of a single repeated byte.
  const lines = Array.from({ length: 8 }, (_, i) => `(${(i * 2654435761) % 1_000_003} ${i % 97}) Tj\n`).join("");
  // Fed in 1 MiB pieces: a stream of 112-byte chunks would spend its time on the chunks.
  const pattern = encoder.encode(lines.repeat(Math.floor((1024 * 1024) / lines.length)));
  const stream = await deflated(pattern, 300 * 1024 * 1024);
  return buildPdf([
    CATALOG,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    page("4 0 R"),
    { dict: "/Filter /FlateDecode", stream },
    FONT,
  ]);
}

/** The second: a `/Pages` node whose `/Kids` lists one page 100,000 times (about 600 KB). */
export function pageFlood(): Uint8Array {
  const content = encoder.encode("BT /F1 12 Tf 72 720 Td (again) Tj ET");
  return buildPdf([
    CATALOG,
    `<< /Type /Pages /Kids [${"3 0 R ".repeat(100_000)}] /Count 100000 >>`,
    page("4 0 R"),
    { dict: "", stream: content },
    FONT,
  ]);
}
