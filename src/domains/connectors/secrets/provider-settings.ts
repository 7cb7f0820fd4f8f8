/**
 * A built-in provider's settings from the environment (CONTRACT: `CONNECTOR_<K>_CLIENT_ID`,
 * `_CLIENT_SECRET`, `_BASE_URL`): the client secret is a secret, so they are read here, behind the
 * secrets door, and the catalogue asks through it whether a provider is configured.
 */

/** `slack` → `SLACK`, `google-drive` → `GOOGLE_DRIVE` (CONTRACT: upper case, `-` as `_`). */
const envKey = (connectorKey: string) => connectorKey.toUpperCase().replaceAll("-", "_");

/** The provider settings a built-in OAuth connector reads from the environment. */
export function providerSettings(env: Env, connectorKey: string) {
  const vars = env as unknown as Record<string, string | undefined>;
  const k = envKey(connectorKey);
  return {
    clientId: vars[`CONNECTOR_${k}_CLIENT_ID`] || undefined,
    clientSecret: vars[`CONNECTOR_${k}_CLIENT_SECRET`] || undefined,
    baseUrl: vars[`CONNECTOR_${k}_BASE_URL`] || undefined,
  };
}
