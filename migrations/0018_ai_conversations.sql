-- Conversations move into one Durable Object per session (issue 36; docs/ai.md "Where a conversation
-- lives"). Nothing here drops, renames or rebuilds ai_messages, ai_sessions or users: D1 ignores
-- PRAGMA foreign_keys=OFF, and a rebuild of ai_sessions would cascade into ai_messages. The old rows
-- stay until each session's object has imported them; a later release drops ai_messages, by a
-- migration that refuses to run while any row remains.
ALTER TABLE `ai_sessions` ADD `message_count` integer;--> statement-breakpoint
ALTER TABLE `ai_sessions` ADD `last_activity_at` text;--> statement-breakpoint
ALTER TABLE `ai_sessions` ADD `updated_at` text;--> statement-breakpoint
-- Conversation objects to erase: every removal of a session row, cascades (a user's deletion)
-- included, lands here by trigger, with the replies whose MessageRun objects (event logs) go too.
CREATE TABLE `ai_session_erasures` (
	`session_id` text NOT NULL,
	`message_id` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`session_id`, `message_id`)
);
--> statement-breakpoint
CREATE TRIGGER `ai_sessions_erased` AFTER DELETE ON `ai_sessions`
BEGIN
	INSERT OR IGNORE INTO `ai_session_erasures` (`session_id`, `message_id`, `created_at`)
	VALUES (OLD.`id`, '', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
--> statement-breakpoint
-- A reply or run row removed with its session (the cascade): its MessageRun object goes too. Rows the
-- session's object imported are deleted while the session stays, and are not caught.
CREATE TRIGGER `ai_messages_erased` AFTER DELETE ON `ai_messages`
WHEN OLD.`role` = 'assistant' AND NOT EXISTS (SELECT 1 FROM `ai_sessions` WHERE `id` = OLD.`session_id`)
BEGIN
	INSERT OR IGNORE INTO `ai_session_erasures` (`session_id`, `message_id`, `created_at`)
	VALUES (OLD.`session_id`, OLD.`id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
--> statement-breakpoint
CREATE TRIGGER `ai_runs_erased` AFTER DELETE ON `ai_runs`
WHEN NOT EXISTS (SELECT 1 FROM `ai_sessions` WHERE `id` = OLD.`session_id`)
BEGIN
	INSERT OR IGNORE INTO `ai_session_erasures` (`session_id`, `message_id`, `created_at`)
	VALUES (OLD.`session_id`, OLD.`message_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
