import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oauthAccessTokens, oauthGrants, revokedAccessTokens } from "../../db/schema";

/**
 * The statements that end every live grant of a user (a password reset: whoever held the old
 * password may have authorized an application): access tokens still alive go on the deny-list,
 * then the grants are marked revoked, which kills their refresh tokens. Returned unexecuted so
 * the caller runs them in the same batch (one transaction) as the password change. Order
 * matters: the deny-list insert selects grants that are not yet revoked.
 */
export function userGrantRevocation(db: Db, userId: string, now: string) {
  const liveGrants = db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)));
  return [
    db
      .insert(revokedAccessTokens)
      .select(
        db
          .select({ jti: oauthAccessTokens.jti, expiresAt: oauthAccessTokens.expiresAt })
          .from(oauthAccessTokens)
          .where(and(inArray(oauthAccessTokens.grantId, liveGrants), gt(oauthAccessTokens.expiresAt, now))),
      )
      .onConflictDoNothing(),
    db
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt))),
  ] as const;
}
