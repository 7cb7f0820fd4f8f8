-- Capabilities (issue 25): cost units beside tokens on each reply, and pinned memories.
ALTER TABLE `ai_messages` ADD `cost_units` text;
--> statement-breakpoint
CREATE TABLE `ai_memories` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_memories_user_created_idx` ON `ai_memories` (`user_id`,`created_at`,`id`);
