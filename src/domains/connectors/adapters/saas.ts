import { figmaAdapter, figmaOAuth, FIGMA_REFRESH_URL, readFigmaTokens } from "./figma";
import { gmailAdapter, gmailOAuth } from "./gmail";
import { readGoogleTokens } from "./google";
import { googleCalendarAdapter, googleCalendarOAuth } from "./google-calendar";
import { googleDriveAdapter, googleDriveOAuth } from "./google-drive";
import { notionAdapter, notionOAuth, readNotionTokens } from "./notion";
import type { TokenReader } from "./oauth-tokens";
import type { SaasAdapter } from "./saas-tool";
import { readSlackTokens, SLACK_SCOPE_PARAM, slackAdapter, slackOAuth } from "./slack";
import type { OAuthProviderSpec } from "./types";

/**
 * The six built-in SaaS connectors of CONTRACT.md's catalogue, keyed by connector key, for the
 * adapter factory and the OAuth hand-off / refresh cron. Beyond the port and the provider spec,
 * each says what differs from plain OAuth 2.0 at its provider:
 * - `scopeParam`: the authorize parameter that carries the scopes (Slack user scopes: `user_scope`);
 * - `refreshUrl`: where refresh_token grants go when not `oauth.tokenUrl` (Figma);
 * - `readTokens`: reads the token endpoint's answer into a `TokenSet` or throws `OAuthTokenError`
 *   (Slack answers HTTP 200 `{ok:false}` and nests the user token under `authed_user`).
 */
export interface SaasProvider {
  adapter: SaasAdapter;
  oauth: OAuthProviderSpec;
  scopeParam: "scope" | "user_scope";
  refreshUrl: string;
  readTokens: TokenReader;
}

const provider = (
  adapter: SaasAdapter,
  oauth: OAuthProviderSpec,
  readTokens: TokenReader,
  extra: Partial<SaasProvider> = {},
): SaasProvider => ({
  adapter,
  oauth,
  scopeParam: "scope",
  refreshUrl: oauth.tokenUrl,
  readTokens,
  ...extra,
});

export const SAAS_ADAPTERS = {
  slack: provider(slackAdapter, slackOAuth, readSlackTokens, { scopeParam: SLACK_SCOPE_PARAM }),
  gmail: provider(gmailAdapter, gmailOAuth, readGoogleTokens),
  "google-drive": provider(googleDriveAdapter, googleDriveOAuth, readGoogleTokens),
  "google-calendar": provider(googleCalendarAdapter, googleCalendarOAuth, readGoogleTokens),
  notion: provider(notionAdapter, notionOAuth, readNotionTokens),
  figma: provider(figmaAdapter, figmaOAuth, readFigmaTokens, { refreshUrl: FIGMA_REFRESH_URL }),
} satisfies Record<string, SaasProvider>;

export type SaasConnectorKey = keyof typeof SAAS_ADAPTERS;

export const isSaasConnectorKey = (key: string): key is SaasConnectorKey => Object.hasOwn(SAAS_ADAPTERS, key);

/** A built-in tool's displayName/description in `locale` (the tool list's `locale` query). */
export function saasToolText(connectorKey: string, toolKey: string, locale: string | null | undefined) {
  return isSaasConnectorKey(connectorKey) ? SAAS_ADAPTERS[connectorKey].adapter.toolText(toolKey, locale) : null;
}
