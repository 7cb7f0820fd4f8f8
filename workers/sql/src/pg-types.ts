import type pg from "pg";
import { extendedQuery } from "./pg-connection";

/**
 * How `run_query` turns PostgreSQL values into JSON and names column types. Values keep
 * PostgreSQL's text form except where JSON has an exact equivalent: booleans, 16/32-bit integers,
 * floats and json/jsonb. `bigint` and `numeric` stay strings (a JS number would round them), dates
 * and timestamps stay as PostgreSQL wrote them (no time-zone conversion), `bytea` stays `\x...`.
 */
const JSON_NATIVE_TYPES = new Set([16, 21, 23, 26, 700, 701, 114, 3802]);

export const valueParsers = (client: pg.Client) =>
  ({
    getTypeParser(oid: number, format?: string) {
      if (JSON_NATIVE_TYPES.has(oid)) return client.getTypeParser(oid, format as "text");
      return (value: string) => value;
    },
  }) as unknown as pg.CustomTypesConfig;

/** `format_type` names of the built-in types most results use, so they cost no catalogue query. */
const BUILT_IN_TYPE_NAMES: Record<number, string> = {
  16: "boolean",
  17: "bytea",
  18: '"char"',
  19: "name",
  20: "bigint",
  21: "smallint",
  23: "integer",
  25: "text",
  26: "oid",
  114: "json",
  700: "real",
  701: "double precision",
  1042: "character",
  1043: "character varying",
  1082: "date",
  1083: "time without time zone",
  1114: "timestamp without time zone",
  1184: "timestamp with time zone",
  1186: "interval",
  1700: "numeric",
  2950: "uuid",
  3802: "jsonb",
  1000: "boolean[]",
  1005: "smallint[]",
  1007: "integer[]",
  1009: "text[]",
  1016: "bigint[]",
  1015: "character varying[]",
  1021: "real[]",
  1022: "double precision[]",
};

/** Names of the type OIDs the built-in table does not know (enums, domains, extensions): one query. */
export async function lookUpTypeNames(client: pg.Client, oids: number[]): Promise<Map<number, string>> {
  const unknown = [...new Set(oids.filter((oid) => !(oid in BUILT_IN_TYPE_NAMES)))];
  const names = new Map<number, string>();
  if (!unknown.length) return names;
  const result = await extendedQuery(
    client,
    "SELECT oid::integer AS oid, format_type(oid, NULL) AS name FROM pg_catalog.pg_type WHERE oid = ANY ($1::oid[])",
    [unknown],
  );
  for (const row of result.rows) names.set(Number(row.oid), row.name);
  return names;
}

export function columnType(oid: number, looked: Map<number, string>): string {
  return BUILT_IN_TYPE_NAMES[oid] ?? looked.get(oid) ?? `oid ${oid}`;
}
