-- Deleting a custom definition retires it (CONTRACT "Tools and execution"): hidden from the
-- catalogue, its key free again, while other people's personal instances on it remain theirs.
ALTER TABLE `connector_definitions` ADD `retired_at` text;--> statement-breakpoint
DROP INDEX `connector_definitions_account_key_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `connector_definitions_account_key_idx` ON `connector_definitions` (`account_id`,`key`) WHERE retired_at IS NULL;
