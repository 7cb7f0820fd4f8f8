/**
 * The secrets door: everything of connectors outside secrets/ (instances, execution, the routes,
 * the cron) reaches secrets through this module only (test/architecture.test.ts checks it). Sealing
 * keys, the sealed form and the OAuth client's internals stay behind it.
 */
export {
  CRED_TYPES,
  expiryOf,
  oauthCredentialValues,
  openCredentials,
  openExecutionPart,
  REQUIRED_KEYS,
  saveCredentials,
} from "./credentials";
export {
  beginOAuth,
  handleCallback,
  purgeExpiredOAuthStates,
  settingsRedirect,
  type CallbackOutcome,
  type CallbackQuery,
  type OAuthInstance,
} from "./oauth-handoff";
export { providerUnavailable, validateOAuth2AuthConfig } from "./oauth-providers";
export {
  deleteToolCallInput,
  executionKey,
  getExecutionPayload,
  getToolCallInput,
  purgeDeletedPayloads,
  putExecutionPayload,
  putToolCallInput,
  type ExecutionPayload,
} from "./payloads";
export { providerSettings } from "./provider-settings";
export { redact, redactFailure, redactJson, secretsOf } from "./redact";
export { refreshExpiringCredentials } from "./refresh";
