// What `npm run dev` prints while it prepares the state folder (migrations, the demo data) before it
// serves: a first start takes half a minute, and silence looks like a hang. In a terminal each
// step is one line whose count updates in place; elsewhere (a log, a pipe) a step prints a line
// when it starts and one when it ends, so a log's length does not grow with the migrations.
import { stripVTControlCharacters } from "node:util";

const CLEAR_LINE = "\r\x1b[2K";

/** A reporter that prints nothing (servers for tests and benchmarks). */
export const silentProgress = {
  step: () => ({ total() {}, advance() {}, note() {}, finish() {} }),
  line() {},
};

/** Progress on `stream` (a terminal when `stream.isTTY`). */
export function createProgress(stream = process.stdout) {
  const live = Boolean(stream.isTTY);
  return {
    /** A plain line (the step that starts the server). */
    line(text) {
      stream.write(`${text}\n`);
    },
    /** A step of `total` parts (unknown until `total(n)` when omitted). */
    step(label, total) {
      const started = performance.now();
      let done = 0;
      const counter = () => (total === undefined ? label : `${label} ${done}/${total}`);
      const show = (detail) => {
        if (live) stream.write(`${CLEAR_LINE}${counter()}${detail ? `  ${detail}` : ""}`);
      };
      if (live) show();
      else stream.write(`${counter()} …\n`);
      return {
        total(n) {
          total = n;
          show();
        },
        /** One part done; `detail` names it. */
        advance(detail) {
          done++;
          show(detail);
        },
        /** What the step is doing now, beside its count. */
        note(detail) {
          show(detail);
        },
        finish(verb = "done") {
          total ??= done;
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          stream.write(`${live ? CLEAR_LINE : ""}${counter()} ${verb} (${seconds} s)\n`);
        },
      };
    },
  };
}

/**
 * What a line of `wrangler d1 migrations apply` says about its progress: how many it will apply
 * ("About to apply 16 migration(s)"), or that one was applied (it reports each as it finishes).
 * Anything else (and wording a later wrangler changes) says nothing: the step then ends uncounted.
 */
export function migrationEvent(line) {
  const text = stripVTControlCharacters(line);
  const total = /About to apply (\d+) migration/.exec(text);
  if (total) return { total: Number(total[1]) };
  if (/commands? executed successfully/.test(text)) return { applied: true };
  return null;
}
