CREATE TABLE `connector_consents` (
	`instance_id` text NOT NULL,
	`client_id` text NOT NULL,
	`tool_keys` text NOT NULL,
	`workspace_id` text NOT NULL,
	`audience` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`instance_id`, `client_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `oauth_clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
