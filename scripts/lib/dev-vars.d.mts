// Types of dev-vars.mjs (plain ESM run by node).
export type Vars = Record<string, string>;
export function readDevVars(path: string): Vars;
export function ensureDevVars(path: string): string[];
export function wranglerVarNames(root: string): string[];
export function exampleNames(root: string): string[];
export function fromEnvironment(environment: Record<string, string | undefined>, root: string): Vars;
export function devBindings(devVars: Vars, taken: Vars): Vars;
export function describeTaken(taken: Vars, root: string): string[];
export function envFileText(bindings: Vars): string;
