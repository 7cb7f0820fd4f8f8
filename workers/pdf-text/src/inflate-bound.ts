/**
 * The inflated-bytes bound (CONTRACT "Media": 32 MiB of inflated content streams, counted while
 * inflating with `DecompressionStream`, before pdf.js parses a stream). pdf.js inflates and parses
 * a content stream in one synchronous run that no timer can interrupt, so a page whose 1 MB of
 * Flate data holds 300 MiB of text operators must be refused before pdf.js sees it: every stream
 * pdf.js could inflate is inflated here first, natively and asynchronously, and only counted.
 *
 * What pdf.js would inflate is decided without trusting stream dictionaries (a nested dictionary
 * or a string can make a dictionary lie to a scanner): every `stream` keyword's data that starts
 * with a zlib header (the only Flate data pdf.js accepts) is inflated. A filter this count cannot
 * follow makes the file uncountable, hence over the limits: LZW and RunLength (expanding codecs
 * `DecompressionStream` does not speak), ASCIIHex/ASCII85 (they would hide a Flate layer from
 * the header check), Flate twice in one chain, a filter given by reference, and encryption (the
 * data is inflated only after decryption). Image codecs (DCT, JPX, CCITT, JBIG2) are not inflated.
 */

/** Deflate data inflated by this count, over all streams of one file (CONTRACT). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** Bytes written to the inflater at a time. */
const WRITE_BYTES = 64 * 1024;

const ascii = (text: string) => new TextEncoder().encode(text);
const STREAM = ascii("stream");
const ENDSTREAM = ascii("endstream");
const FILTER = ascii("/Filter");
const ENCRYPT = ascii("/Encrypt");

/** Filters this count cannot follow (full names and pdf.js's abbreviations). */
const UNCOUNTABLE_FILTERS = new Set([
  "LZWDecode",
  "LZW",
  "RunLengthDecode",
  "RL",
  "ASCIIHexDecode",
  "AHx",
  "ASCII85Decode",
  "A85",
  "Crypt",
]);
const FLATE = new Set(["FlateDecode", "Fl"]);

const isWhite = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte: number) => "()<>[]{}/%".includes(String.fromCharCode(byte));

/** Every index where `needle` starts in `bytes`, from `from` on. */
function* occurrences(bytes: Uint8Array, needle: Uint8Array, from = 0): Generator<number> {
  for (let i = bytes.indexOf(needle[0]!, from); i !== -1; i = bytes.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) yield i;
  }
}

function firstOccurrence(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  for (const at of occurrences(bytes, needle, from)) return at;
  return -1;
}

/** A name token at `at` (which holds `/`), `#xx` escapes decoded as pdf.js decodes them; and its end. */
function nameAt(bytes: Uint8Array, at: number): { name: string; end: number } {
  let name = "";
  let i = at + 1;
  while (i < bytes.length && !isWhite(bytes[i]!) && !isDelimiter(bytes[i]!)) {
    const hex = bytes[i] === 0x23 ? String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      name += String.fromCharCode(Number.parseInt(hex, 16));
      i += 3;
    } else {
      name += String.fromCharCode(bytes[i]!);
      i++;
    }
  }
  return { name, end: i };
}

/** Skips white space and comments. */
function skipBlank(bytes: Uint8Array, i: number): number {
  while (i < bytes.length) {
    if (isWhite(bytes[i]!)) i++;
    else if (bytes[i] === 0x25) while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    else break;
  }
  return i;
}

/**
 * Whether a `/Filter` value at `at` (just past the key) is one this count follows: a name or an
 * array of names, with at most one Flate and no filter of `UNCOUNTABLE_FILTERS`.
 */
function countableFilter(bytes: Uint8Array, at: number): boolean {
  let i = skipBlank(bytes, at);
  const names: string[] = [];
  if (bytes[i] === 0x2f) names.push(nameAt(bytes, i).name);
  else if (bytes[i] === 0x5b) {
    for (i = skipBlank(bytes, i + 1); bytes[i] !== 0x5d; i = skipBlank(bytes, i)) {
      if (bytes[i] !== 0x2f) return false; // a reference, a number, an unterminated array: uncountable
      const token = nameAt(bytes, i);
      names.push(token.name);
      i = token.end;
    }
  } else return false;
  return !names.some((name) => UNCOUNTABLE_FILTERS.has(name)) && names.filter((name) => FLATE.has(name)).length <= 1;
}

/** A file's names that make its inflation uncountable: a filter it cannot follow, or encryption. */
function uncountable(bytes: Uint8Array): boolean {
  for (const at of occurrences(bytes, ENCRYPT)) if (nameAt(bytes, at).name === "Encrypt") return true;
  for (const at of occurrences(bytes, FILTER)) {
    const { name, end } = nameAt(bytes, at);
    if (name === "Filter" && !countableFilter(bytes, end)) return true;
  }
  // A filter name spelled with `#` escapes does not match the byte search above: check every
  // escaped name.
  for (let at = bytes.indexOf(0x23); at !== -1; at = bytes.indexOf(0x23, at + 1)) {
    let start = at;
    while (start > 0 && bytes[start] !== 0x2f && !isWhite(bytes[start]!) && !isDelimiter(bytes[start]!)) start--;
    if (bytes[start] !== 0x2f) continue;
    const { name, end } = nameAt(bytes, start);
    if (name === "Encrypt" || UNCOUNTABLE_FILTERS.has(name)) return true;
    if (name === "Filter" && !countableFilter(bytes, end)) return true;
  }
  return false;
}

/**
 * A zlib header (RFC 1950) as pdf.js's FlateStream checks it: deflate, a valid check, no preset
 * dictionary. pdf.js does not check the window size, so neither does this: a size
 * `DecompressionStream` refuses is an inflation that fails, hence uncountable.
 */
const zlibHeader = (cmf: number | undefined, flg: number | undefined) =>
  cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;

/** The data of each stream: from the line after `stream` to the next `endstream`. */
function* streamData(bytes: Uint8Array): Generator<{ start: number; end: number }> {
  for (const at of occurrences(bytes, STREAM)) {
    if (at >= 3 && bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64) continue; // endstream
    // As pdf.js does: the data begins after the end of the keyword's line.
    let start = at + STREAM.length;
    while (start < bytes.length && bytes[start] !== 0x0a && bytes[start] !== 0x0d) start++;
    if (bytes[start] === 0x0d && bytes[start + 1] === 0x0a) start++;
    start++;
    const end = firstOccurrence(bytes, ENDSTREAM, start);
    yield { start, end: end === -1 ? bytes.length : end };
  }
}

/**
 * The bytes `data` inflates to, if it inflates cleanly (complete, nothing after its end) to at
 * most `room` bytes; "over" past `room`; "error" otherwise (an inflater's error discards what it
 * had queued, so a count that ends in an error is no count).
 */
async function inflatedSize(data: Uint8Array, room: number): Promise<number | "over" | "error"> {
  const inflater = new DecompressionStream("deflate");
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  const writing = (async () => {
    for (let i = 0; i < data.length; i += WRITE_BYTES) await writer.write(data.subarray(i, i + WRITE_BYTES));
    await writer.close();
  })();
  writing.catch(() => undefined);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > room) {
        await reader.cancel().catch(() => undefined);
        return "over";
      }
    }
  } catch {
    return "error";
  }
}

/** End-of-line bytes a writer may put between the data and `endstream`, longest first. */
const EOL_VARIANTS = [2, 1, 0];

/**
 * Whether every stream of the file inflates to at most `maxBytes` in all, counted as it inflates.
 * A stream's data may end with the line break before `endstream` or not: each way is tried, and
 * only one that inflates cleanly counts; none does, and the file cannot be bounded.
 */
export async function inflatesWithin(bytes: Uint8Array, maxBytes = MAX_INFLATED_BYTES): Promise<boolean> {
  if (uncountable(bytes)) return false;
  let total = 0;
  for (const { start, end } of streamData(bytes)) {
    if (!zlibHeader(bytes[start], bytes[start + 1])) continue;
    let counted = false;
    for (const eol of EOL_VARIANTS) {
      const cut = end - eol;
      if (cut <= start) continue;
      if (eol && !bytes.subarray(cut, end).every((byte) => byte === 0x0a || byte === 0x0d)) continue;
      const size = await inflatedSize(bytes.subarray(start, cut), maxBytes - total);
      if (size === "over") return false;
      if (size === "error") continue;
      total += size;
      counted = true;
      break;
    }
    if (!counted) return false;
  }
  return true;
}
