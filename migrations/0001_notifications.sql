CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`icon` text,
	`action_url` text,
	`category` text NOT NULL,
	`priority` text NOT NULL,
	`status` text NOT NULL,
	`read_at` text,
	`expires_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_status_created_idx` ON `notifications` (`user_id`,`status`,`created_at`,`id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`,`id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `notifications_expires_idx` ON `notifications` (`expires_at`) WHERE "notifications"."expires_at" IS NOT NULL;