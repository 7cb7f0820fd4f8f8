/**
 * The scopes this server grants, with the words the consent page uses for each. Order is the
 * order the consent page lists them in.
 */
export const SCOPE_DESCRIPTIONS = {
  "email:read": "See your e-mail address and whether it is verified",
  "profile:read": "See your name and username",
  "execution:run": "Run the AI assistant on your behalf",
  "wallet:read": "See your wallet balance",
  // An extension of the spec's four (CONTRACT "Capabilities over MCP"): the capability tools on `/mcp`.
  "ai:capabilities": "Use web search, research and media generation, paid from your wallet",
} as const;

export type Scope = keyof typeof SCOPE_DESCRIPTIONS;
export const SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as [Scope, ...Scope[]];
export const isScope = (value: string): value is Scope => Object.hasOwn(SCOPE_DESCRIPTIONS, value);

export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

/** Scope strings are space-delimited (RFC 6749 §3.3); order and repetition carry no meaning. */
export const parseScope = (value: string) => [...new Set(value.split(" ").filter(Boolean))];

/** Scopes in the canonical order, so tokens and responses always spell a set the same way. */
export const sortScopes = (scopes: readonly string[]) => SCOPES.filter((scope) => scopes.includes(scope));
