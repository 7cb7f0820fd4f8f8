import type { DomainAccess } from "../helpers/access-suite";

/** Wallet: any signed-in user reads their own (no entitlement); OAuth tokens need `wallet:read`. No path parameters. */
export const walletAccess: DomainAccess = {
  prefix: "/api/v1/wallet",
  oauthScope: "wallet:read",
};
