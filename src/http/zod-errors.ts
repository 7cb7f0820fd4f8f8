import type { z } from "@hono/zod-openapi";

/**
 * The one wording of a field error (docs/developer-experience.md "Error wording"): a message that
 * follows the field's name in `details.fields[]`, lower case, no trailing full stop: "is required",
 * "must be a string", "must be at most 2000 characters", "must be one of: a, b". Installed with
 * `z.config({ customError })` by src/http/router.ts, which every router imports; a schema's own
 * message still outranks it, so inline messages are kept only where they say something this rule
 * cannot (a pattern in words, a rule of the spec).
 */
type Issue = z.core.$ZodRawIssue;

/** The noun phrase after "must be" for zod's `expected` type names. */
const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  bigint: "an integer",
  boolean: "a boolean",
  array: "an array",
  tuple: "an array",
  object: "an object",
  record: "an object",
  map: "an object",
  set: "an array",
  date: "a date",
  file: "a file",
  null: "null",
};

/** The noun phrase after "must be" for zod's string formats. */
const FORMAT_NAMES: Record<string, string> = {
  email: "an e-mail address",
  url: "a URL",
  uuid: "a UUID",
  guid: "a UUID",
  datetime: "an ISO 8601 date-time",
  date: "a date YYYY-MM-DD",
  time: "a time HH:MM[:SS]",
  duration: "an ISO 8601 duration",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  cidrv4: "an IPv4 range",
  cidrv6: "an IPv6 range",
  base64: "base64",
  base64url: "base64url",
  jwt: "a JWT",
  lowercase: "lower case",
  uppercase: "upper case",
};

/** Per origin of a size check: how a count reads ("2000 characters", "10 items"). */
const UNITS: Record<string, [one: string, many: string]> = {
  string: ["character", "characters"],
  array: ["item", "items"],
  set: ["item", "items"],
  file: ["byte", "bytes"],
};

const listed = (values: readonly unknown[]) => values.map((value) => String(value)).join(", ");

type Bound = "max" | "min";

/** A size or range check: "must be at most 2000 characters", "must have at least 2 items", "must be less than 5". */
function bounded(
  issue: { origin: string; inclusive?: boolean; exact?: boolean },
  value: number | bigint,
  bound: Bound,
) {
  if (issue.origin === "date") {
    const when = new Date(Number(value)).toISOString();
    const side = bound === "max" ? "before" : "after";
    return `must be ${issue.inclusive === false ? side : `at or ${side}`} ${when}`;
  }
  const unit = UNITS[issue.origin];
  const amount = unit ? `${value} ${Number(value) === 1 ? unit[0] : unit[1]}` : String(value);
  // Lists have items; strings, files and numbers are of a length, size or value.
  const verb = issue.origin === "array" || issue.origin === "set" ? "must have" : "must be";
  if (issue.exact) return `${verb} exactly ${amount}`;
  if (issue.inclusive === false) {
    const comparison = bound === "min" ? "more than" : unit ? "fewer than" : "less than";
    return `${verb} ${comparison} ${amount}`;
  }
  return `${verb} ${bound === "min" ? "at least" : "at most"} ${amount}`;
}

/** The message for one zod issue; undefined leaves a kind of issue zod adds later to zod's own words. */
export function fieldMessage(issue: Issue): string | undefined {
  // A missing field and a field of the wrong type or value are different mistakes and read
  // differently, whatever the field's type (JSON has no undefined: undefined is absent).
  const absent = issue.input === undefined && !(issue.code === "invalid_union" && issue.discriminator);
  if (absent && (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union"))
    return "is required";
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "nonoptional") return "is required";
      if (issue.expected === "never") return "is not allowed";
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_big":
      return bounded(issue, issue.maximum, "max");
    case "too_small": {
      // An empty string or list is the common mistake, and said plainly.
      const text = issue.origin === "string" || issue.origin === "array" || issue.origin === "set";
      if (text && !issue.exact && issue.inclusive !== false && Number(issue.minimum) === 1) return "must not be empty";
      return bounded(issue, issue.minimum, "min");
    }
    case "invalid_format":
      switch (issue.format) {
        case "regex":
          return `must match the pattern ${issue.pattern}`;
        case "starts_with":
          return `must start with "${(issue as { prefix?: string }).prefix}"`;
        case "ends_with":
          return `must end with "${(issue as { suffix?: string }).suffix}"`;
        case "includes":
          return `must include "${(issue as { includes?: string }).includes}"`;
        default:
          return `must be ${FORMAT_NAMES[issue.format] ?? (issue.format.startsWith("uuid") ? "a UUID" : `a valid ${issue.format}`)}`;
      }
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of: ${listed(issue.values)}`;
    case "invalid_union":
      // A discriminated union names its discriminator: missing, or not one of the options.
      if (issue.discriminator) {
        const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
        if (value === undefined) return "is required";
        const options = (issue as { options?: readonly unknown[] }).options;
        if (options?.length) return `must be one of: ${listed(options)}`;
      }
      return issue.inclusive === false
        ? "must match exactly one of the accepted forms"
        : "must match one of the accepted forms";
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "property" : "properties"} ${issue.keys.join(", ")}`;
    case "invalid_key":
      return "has an invalid key";
    case "invalid_element":
      return "has an invalid item";
    case "custom":
      return "is invalid";
    default:
      return undefined;
  }
}
