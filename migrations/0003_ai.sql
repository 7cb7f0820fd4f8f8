CREATE TABLE `status_components` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`service_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `status_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `status_components_slug_unique` ON `status_components` (`slug`);--> statement-breakpoint
CREATE INDEX `status_components_service_idx` ON `status_components` (`service_id`);--> statement-breakpoint
CREATE TABLE `status_daily_downtime` (
	`service_id` text NOT NULL,
	`date` text NOT NULL,
	`downtime_minutes` real NOT NULL,
	PRIMARY KEY(`service_id`, `date`),
	FOREIGN KEY (`service_id`) REFERENCES `status_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_daily_downtime_date_idx` ON `status_daily_downtime` (`date`);--> statement-breakpoint
CREATE TABLE `status_incident_services` (
	`incident_id` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`incident_id`, `service_id`),
	FOREIGN KEY (`incident_id`) REFERENCES `status_incidents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `status_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_incident_services_service_idx` ON `status_incident_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `status_incident_updates` (
	`id` text PRIMARY KEY NOT NULL,
	`incident_id` text NOT NULL,
	`status` text NOT NULL,
	`message` text NOT NULL,
	`author_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`incident_id`) REFERENCES `status_incidents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_incident_updates_incident_idx` ON `status_incident_updates` (`incident_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `status_incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`impact` text NOT NULL,
	`severity` text,
	`description` text NOT NULL,
	`started_at` text NOT NULL,
	`resolved_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `status_incidents_started_idx` ON `status_incidents` (`started_at`);--> statement-breakpoint
CREATE TABLE `status_maintenance` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`service_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `status_services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_maintenance_ends_idx` ON `status_maintenance` (`ends_at`);--> statement-breakpoint
CREATE TABLE `status_projection_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `status_services` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`sort_order` integer NOT NULL,
	`is_public` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `status_services_slug_unique` ON `status_services` (`slug`);--> statement-breakpoint
CREATE TABLE `status_snapshots` (
	`snapshot_date` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ai_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`role` text NOT NULL,
	`content` text,
	`status` text,
	`parent_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`run_id` text,
	`run_status` text,
	`run_error` text,
	`tool_calls` text,
	`suggestions` text DEFAULT '[]' NOT NULL,
	`model_id` text,
	`model_name` text,
	`provider_key` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`request` text,
	`idempotency_key` text,
	`stopped_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `ai_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_messages_session_seq_idx` ON `ai_messages` (`session_id`,`seq`,`role`);--> statement-breakpoint
CREATE INDEX `ai_messages_parent_idx` ON `ai_messages` (`parent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ai_messages_one_running_idx` ON `ai_messages` (`session_id`) WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX `ai_messages_send_idempotency_idx` ON `ai_messages` (`session_id`,`idempotency_key`) WHERE role = 'user' AND idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `ai_messages_retry_idempotency_idx` ON `ai_messages` (`parent_id`,`idempotency_key`) WHERE role = 'assistant' AND idempotency_key IS NOT NULL;--> statement-breakpoint
CREATE TABLE `ai_personas` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`instructions` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_personas_user_idx` ON `ai_personas` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ai_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`title` text,
	`persona_id` text,
	`effort_mode` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`persona_id`) REFERENCES `ai_personas`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ai_sessions_user_created_idx` ON `ai_sessions` (`user_id`,`created_at`,`id`);