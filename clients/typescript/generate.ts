import openapiTS, { astToString } from "openapi-typescript";

/**
 * The client's types from an OpenAPI document, as `npm run client:generate` writes them to
 * `schema.d.ts` and as the drift check (test/node/client-drift.test.ts) regenerates them in memory.
 */
const SCHEMA_HEADER = "// Generated from the OpenAPI document by `npm run client:generate`. Do not edit by hand.\n";

export async function generateClientTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return SCHEMA_HEADER + astToString(ast);
}

/** The first line where the committed types and freshly generated ones differ, or null when none does. */
export function firstDifference(
  committed: string,
  generated: string,
): { line: number; committed: string; generated: string } | null {
  const a = committed.split("\n");
  const b = generated.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { line: i + 1, committed: a[i] ?? "<end of file>", generated: b[i] ?? "<end of file>" };
  }
  return null;
}

const JS_HEADER = "// Generated from index.ts by `npm run client:generate`. Do not edit by hand.\n";

/**
 * The client as plain JavaScript (`index.js`), which any Node (or bundler) imports without a
 * TypeScript loader: the types are erased, nothing else changes. TypeScript code importing
 * `./index.js` still gets `index.ts` and its types.
 */
export async function compileClient(source: string): Promise<string> {
  const { default: ts } = await import("typescript");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
  });
  return JS_HEADER + outputText;
}
