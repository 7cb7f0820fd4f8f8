CREATE TABLE `connector_credentials` (
	`instance_id` text PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`cred_type` text NOT NULL,
	`sealed` text NOT NULL,
	`key_version` text NOT NULL,
	`expires_at` text,
	`scopes` text,
	`rotated_at` text NOT NULL,
	`refresh_lease_until` text,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connector_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text,
	`icon_url` text,
	`auth_type` text NOT NULL,
	`auth_config` text,
	`config_schema` text NOT NULL,
	`version` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connector_definitions_account_key_idx` ON `connector_definitions` (`account_id`,`key`);--> statement-breakpoint
CREATE TABLE `connector_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`tool_id` text NOT NULL,
	`tool_key` text NOT NULL,
	`status` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_type` text NOT NULL,
	`run_id` text,
	`duration_ms` integer NOT NULL,
	`http_status` integer,
	`error_message` text,
	`input_sealed` text NOT NULL,
	`output_sealed` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_executions_instance_created_idx` ON `connector_executions` (`instance_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `connector_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`connector_key` text NOT NULL,
	`definition_id` text,
	`scope` text NOT NULL,
	`owner_user_id` text,
	`owner_workspace_id` text,
	`display_name` text NOT NULL,
	`status` text NOT NULL,
	`enabled` integer NOT NULL,
	`config` text NOT NULL,
	`last_health_check` text,
	`health_message` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`definition_id`) REFERENCES `connector_definitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_instances_owner_user_idx` ON `connector_instances` (`owner_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `connector_instances_owner_workspace_idx` ON `connector_instances` (`owner_workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `connector_instances_definition_idx` ON `connector_instances` (`definition_id`);--> statement-breakpoint
CREATE TABLE `connector_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`user_id` text NOT NULL,
	`connector_key` text NOT NULL,
	`code_verifier` text,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_oauth_states_expires_idx` ON `connector_oauth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `connector_tools` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`tool_key` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text,
	`input_schema` text NOT NULL,
	`output_schema` text NOT NULL,
	`requires_approval` integer NOT NULL,
	`rate_limit_rpm` integer,
	`is_active` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connector_tools_instance_key_idx` ON `connector_tools` (`instance_id`,`tool_key`);