-- Execution payloads move to R2 (key executions/<id>, sealed); D1 keeps the pointer (CONTRACT "Sizes":
-- a D1 row holds at most 2 MB). Rows written before keep their sealed columns, now nullable.
CREATE TABLE `connector_executions_new` (
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
	`payload_key` text,
	`input_sealed` text,
	`output_sealed` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `connector_executions_new` (`id`, `instance_id`, `tool_id`, `tool_key`, `status`, `actor_id`, `actor_type`, `run_id`, `duration_ms`, `http_status`, `error_message`, `payload_key`, `input_sealed`, `output_sealed`, `created_at`)
	SELECT `id`, `instance_id`, `tool_id`, `tool_key`, `status`, `actor_id`, `actor_type`, `run_id`, `duration_ms`, `http_status`, `error_message`, NULL, `input_sealed`, `output_sealed`, `created_at` FROM `connector_executions`;
--> statement-breakpoint
DROP TABLE `connector_executions`;
--> statement-breakpoint
ALTER TABLE `connector_executions_new` RENAME TO `connector_executions`;
--> statement-breakpoint
CREATE INDEX `connector_executions_instance_created_idx` ON `connector_executions` (`instance_id`,`created_at`,`id`);
--> statement-breakpoint
-- R2 objects whose row is gone; the triggers catch every delete, foreign-key cascades included.
CREATE TABLE `connector_blob_deletions` (
	`key` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `connector_executions_payload_deleted` AFTER DELETE ON `connector_executions`
WHEN OLD.`payload_key` IS NOT NULL
BEGIN
	INSERT OR IGNORE INTO `connector_blob_deletions` (`key`, `created_at`) VALUES (OLD.`payload_key`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
--> statement-breakpoint
CREATE TRIGGER `connector_tool_calls_input_deleted` AFTER DELETE ON `connector_tool_calls`
BEGIN
	INSERT OR IGNORE INTO `connector_blob_deletions` (`key`, `created_at`) VALUES ('tool-calls/' || OLD.`call_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
