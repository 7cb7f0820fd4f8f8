/**
 * PostgreSQL's own parser (libpg-query, compiled to WebAssembly), loaded so that it runs in workerd.
 *
 * The package's entry point cannot be used there: its Emscripten glue picks the Node branch
 * (`process.versions.node` is set under nodejs_compat) and then reads `__dirname` and the `.wasm`
 * file from disk, or the Worker branch and then reads `self.location.href`. Both are avoided by
 * giving the glue the `.wasm` module wrangler already compiled at bundle time (`instantiateWasm`),
 * and `__filename`/`__dirname` placeholders for the one line that derives a script directory from
 * them. The version is pinned exactly in package.json because this loader calls the glue's
 * internal exports (`_wasm_parse_query_raw` and the result struct layout).
 *
 * Both halves are imported on the first SQL call, not at startup (docs/performance.md): the glue's
 * top-level code then runs only in isolates that parse SQL, and the 1.7 MB `.wasm` module is
 * compiled only there.
 */

interface PgQueryModule {
  _malloc(size: number): number;
  _free(pointer: number): void;
  _wasm_parse_query_raw(queryPointer: number): number;
  _wasm_free_parse_result(resultPointer: number): void;
  lengthBytesUTF8(text: string): number;
  stringToUTF8(text: string, pointer: number, maxBytes: number): void;
  UTF8ToString(pointer: number): string;
  getValue(pointer: number, type: "i32"): number;
}

/** A statement the parser refused, with its message (`syntax error at or near "..."`). */
export class SqlSyntaxError extends Error {}

let loading: Promise<PgQueryModule> | undefined;

async function load(): Promise<PgQueryModule> {
  const scope = globalThis as Record<string, unknown>;
  scope.__filename ??= "/libpg-query.js";
  scope.__dirname ??= "/";
  const [{ default: createPgQueryModule }, { default: pgQueryWasm }] = await Promise.all([
    // @ts-expect-error: Emscripten glue without type declarations.
    import("libpg-query/wasm/libpg-query.js"),
    import("libpg-query/wasm/libpg-query.wasm"),
  ]);
  return createPgQueryModule({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(pgQueryWasm, imports).then(done);
      return {};
    },
  }) as Promise<PgQueryModule>;
}

/** The parse tree of `sql` as libpg-query's JSON (`{ version, stmts: [{ stmt, stmt_len? }] }`). */
export async function parseSql(sql: string): Promise<{ stmts?: Array<{ stmt: Record<string, unknown> }> }> {
  loading ??= load();
  const pg = await loading;
  const size = pg.lengthBytesUTF8(sql) + 1;
  const queryPointer = pg._malloc(size);
  let resultPointer = 0;
  try {
    pg.stringToUTF8(sql, queryPointer, size);
    resultPointer = pg._wasm_parse_query_raw(queryPointer);
    if (!resultPointer) throw new Error("libpg-query: out of memory");
    // struct PgQueryParseResult { char* parse_tree; char* stderr_buffer; PgQueryError* error; }
    const treePointer = pg.getValue(resultPointer, "i32");
    const errorPointer = pg.getValue(resultPointer + 8, "i32");
    if (errorPointer) {
      const messagePointer = pg.getValue(errorPointer, "i32");
      throw new SqlSyntaxError(messagePointer ? pg.UTF8ToString(messagePointer) : "syntax error");
    }
    return JSON.parse(pg.UTF8ToString(treePointer));
  } finally {
    pg._free(queryPointer);
    if (resultPointer) pg._wasm_free_parse_result(resultPointer);
  }
}
