// The admin domain's public face: what other domains may use.
export { PARTNER_SCOPES } from "./schemas";
