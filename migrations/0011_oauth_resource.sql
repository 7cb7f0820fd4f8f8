ALTER TABLE `oauth_flows` ADD `resource` text;--> statement-breakpoint
ALTER TABLE `oauth_grants` ADD `resource` text;
