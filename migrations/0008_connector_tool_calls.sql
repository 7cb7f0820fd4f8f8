CREATE TABLE `connector_tool_calls` (
	`call_id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`tool_id` text NOT NULL,
	`run_id` text,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`execution_id` text,
	`error` text,
	`claimed_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `connector_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_tool_calls_run_idx` ON `connector_tool_calls` (`run_id`);