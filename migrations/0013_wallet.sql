CREATE TABLE `wallets` (
	`account_id` text PRIMARY KEY NOT NULL,
	`balance_micros` integer NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`balance_after_micros` integer NOT NULL,
	`reference` text,
	`description` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_entries_account_created_idx` ON `wallet_entries` (`account_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_entries_kind_reference_idx` ON `wallet_entries` (`kind`,`reference`);--> statement-breakpoint
CREATE TABLE `wallet_top_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`session_id` text,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`credited_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_top_ups_session_id_unique` ON `wallet_top_ups` (`session_id`);--> statement-breakpoint
CREATE INDEX `wallet_top_ups_account_idx` ON `wallet_top_ups` (`account_id`);
