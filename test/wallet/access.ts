import type { DomainAccess } from "../helpers/access-suite";

/**
 * Wallet: any signed-in user reads their own (no entitlement); OAuth tokens need `wallet:read`. No
 * path parameters. Setting the spend cap is first-party only (CONTRACT Wallet "Spend cap": no
 * scope admits it, `wallet:read` included).
 */
export const walletAccess: DomainAccess = {
  prefix: "/api/v1/wallet",
  oauthScope: "wallet:read",
  firstPartyOnly: ["PATCH /api/v1/wallet"],
};
