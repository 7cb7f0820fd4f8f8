import type { ToolDescriptor } from "./adapter-port";

/**
 * The `sql-database` connector's tools and limits: plain data, so the API lists the tools
 * (`sync-tools`) without the SQL Worker (workers/sql), which imports them too for its limits.
 */

/** The spec's statement timeout (Limits: "30-second statement timeout"). */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** The spec's row cap (Limits: "result capped at 1,000 rows"); one more is fetched to detect truncation. */
export const MAX_ROWS = 1000;

const objectSchema = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const columnsSchema = {
  type: "array",
  items: {
    type: "object",
    properties: { name: { type: "string" }, type: { type: "string" } },
    required: ["name", "type"],
  },
};

export const TOOLS: ToolDescriptor[] = [
  {
    toolKey: "run_query",
    displayName: "Run query",
    description: "Runs one read-only SELECT statement and returns at most 1,000 rows with column names and types.",
    inputSchema: objectSchema(
      {
        sql: {
          type: "string",
          minLength: 1,
          maxLength: 100_000,
          description: "One SELECT statement; $1, $2, ... refer to params",
        },
        params: { type: "array", maxItems: 100, items: { type: ["string", "number", "boolean", "null"] } },
      },
      ["sql"],
    ),
    outputSchema: objectSchema(
      {
        columns: columnsSchema,
        rows: { type: "array", items: { type: "array" } },
        rowCount: { type: "integer" },
        truncated: { type: "boolean" },
      },
      ["columns", "rows", "rowCount", "truncated"],
    ),
    requiresApproval: false,
    rateLimitRpm: null,
  },
  {
    toolKey: "list_tables",
    displayName: "List tables",
    description: "Lists the tables and views the connection can see, outside the system schemas.",
    inputSchema: objectSchema({ schema: { type: "string", maxLength: 63 } }, []),
    outputSchema: objectSchema(
      {
        tables: {
          type: "array",
          items: {
            type: "object",
            properties: { schema: { type: "string" }, name: { type: "string" }, type: { type: "string" } },
          },
        },
        truncated: { type: "boolean" },
      },
      ["tables", "truncated"],
    ),
    requiresApproval: false,
    rateLimitRpm: null,
  },
  {
    toolKey: "describe_table",
    displayName: "Describe table",
    description: "Lists the columns of one table or view: name, type, nullability, default and primary key.",
    inputSchema: objectSchema(
      { table: { type: "string", minLength: 1, maxLength: 63 }, schema: { type: "string", maxLength: 63 } },
      ["table"],
    ),
    outputSchema: objectSchema({ schema: { type: "string" }, table: { type: "string" }, columns: { type: "array" } }, [
      "schema",
      "table",
      "columns",
    ]),
    requiresApproval: false,
    rateLimitRpm: null,
  },
];
