-- Rows by client (issue 38's review): the purge of metadata-document clients nothing references
-- (oauth/purge.ts, every five minutes) and a client's deletion, whose cascade finds its flows,
-- grants and connector consents, each looked a client up by scanning the whole table. Indexes
-- only: every row stays as it is.
CREATE INDEX `oauth_flows_client_idx` ON `oauth_flows` (`client_id`);--> statement-breakpoint
CREATE INDEX `oauth_grants_client_idx` ON `oauth_grants` (`client_id`);--> statement-breakpoint
CREATE INDEX `connector_consents_client_idx` ON `connector_consents` (`client_id`);