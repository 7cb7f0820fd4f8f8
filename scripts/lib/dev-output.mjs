// `npm run dev` passes `wrangler dev`'s output through this filter, which drops repetition and one
// false notice. wrangler prints its bindings table when it resolves the configuration and again
// whenever its dev registry changes (its own private Workers registering, and before them
// "[not connected]"): the filter keeps one table, the one in force when the server is ready, and
// later ones only when they say something new. wrangler also compares ./worker-configuration.d.ts
// with each Worker's configuration, so the three private Workers' always differ and print "Your
// types might be out of date" at every start; the filter drops that notice (the real check of the
// API's types is test/node/worker-types.test.ts, in `npm test`). Everything else passes unchanged,
// so a wrangler that words things differently is shown unfiltered, not hidden.
import { stripVTControlCharacters } from "node:util";

const TABLE_TITLE = /has access to the following bindings:$/;
/** wrangler's note explaining "[connected]" (printed after its first table). */
const CONNECTION_NOTE = /^Service bindings, Durable Object bindings, and Tail consumers connect/;
const TYPES_NOTE = /Your types might be out of date/;
const READY = /Ready on https?:\/\//;

const plain = (line) => stripVTControlCharacters(line).trimEnd();

/** A filter writing what it keeps to `write(line)`; feed it wrangler's stdout line by line. */
export function createWranglerOutputFilter(write) {
  let table = null;
  let held = null;
  let heldNote = null;
  let printed = null;
  let ready = false;
  let stopping = false;
  let lastBlank = false;

  const emit = (line) => {
    const blank = plain(line) === "";
    // Blank lines around what was dropped would pile up.
    if (blank && lastBlank) return;
    lastBlank = blank;
    write(line);
  };
  const emitTable = (lines) => {
    printed = lines.map(plain).join("\n");
    for (const line of lines) emit(line);
    emit("");
  };
  const flushHeld = () => {
    if (held) emitTable(held);
    if (heldNote) emit(heldNote);
    held = heldNote = null;
  };
  const finishTable = () => {
    const lines = table;
    table = null;
    if (!ready) held = lines;
    else if (!stopping && lines.map(plain).join("\n") !== printed) emitTable(lines);
  };

  return {
    line(line) {
      const text = plain(line);
      if (table) {
        if (text === "") finishTable();
        else table.push(line);
        return;
      }
      if (TABLE_TITLE.test(text)) {
        table = [line];
        return;
      }
      if (CONNECTION_NOTE.test(text)) {
        if (!ready) heldNote = line;
        return;
      }
      if (TYPES_NOTE.test(text)) return;
      if (!ready && READY.test(text)) {
        ready = true;
        flushHeld();
      }
      emit(line);
    },
    /** The server is being stopped: its bindings going "[not connected]" is no news. */
    stopping() {
      stopping = true;
    },
    /** wrangler's output ended: show what was held (a start that failed before it was ready). */
    end() {
      if (table) finishTable();
      flushHeld();
    },
  };
}
