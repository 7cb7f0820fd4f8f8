import { and, eq, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectorConsents, oauthClients, oauthFlows, oauthGrants } from "../../db/schema";
import { METADATA_DOCUMENT_PARTNER_KEY } from "./client-metadata";
import { purgeFlows } from "./flow-service";
import { purgeTokens } from "./token-service";

/**
 * Rows of metadata-document clients nothing references any more (no flow, grant or connector
 * consent): anyone can have one written by starting a flow, so they do not stay once their flows
 * and grants are gone. A client that comes back gets its row again with its next flow.
 */
async function purgeMetadataClients(db: Db) {
  const referenced = (table: typeof oauthFlows | typeof oauthGrants | typeof connectorConsents) =>
    notExists(db.select({ one: sql`1` }).from(table).where(eq(table.clientId, oauthClients.id)));
  await db
    .delete(oauthClients)
    .where(
      and(
        eq(oauthClients.partnerKeyId, METADATA_DOCUMENT_PARTNER_KEY),
        referenced(oauthFlows),
        referenced(oauthGrants),
        referenced(connectorConsents),
      ),
    );
}

/**
 * Cron task (every five minutes): expired flows, codes, tokens and stale outbox mail, then the
 * metadata-document clients those were the last references to.
 */
export async function purgeOAuth(db: Db) {
  await Promise.all([purgeFlows(db), purgeTokens(db)]);
  await purgeMetadataClients(db);
}
