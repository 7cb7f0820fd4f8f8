-- The run record (issue 36, CONTRACT "The run record and the run-level stream"): one row per run,
-- written by the send's batch and completed once at the run's end together with its wallet entry.
-- Nothing here rebuilds or drops ai_messages, ai_sessions or users. IF NOT EXISTS and OR IGNORE
-- make the file safe to apply again (the upgrade test does, over rows written the old way).
CREATE TABLE IF NOT EXISTS `ai_runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`ended_at` text,
	`model_id` text,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cost_units` text,
	`debited_at` text,
	FOREIGN KEY (`session_id`) REFERENCES `ai_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `ai_runs_message_idx` ON `ai_runs` (`message_id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `ai_runs_session_idx` ON `ai_runs` (`session_id`,`created_at`);--> statement-breakpoint
-- Every run of the replies written before this table: ended ones were debited (or cost nothing)
-- already, so they are marked settled and post no wallet entry again; their rows kept no end time,
-- so `ended_at` is the stop time where there is one, else the start. A reply still running stays
-- open: its end, written by this release, completes it and debits it once. A reply whose object
-- refused its run (`run_not_started`) never ran: no row.
INSERT OR IGNORE INTO `ai_runs` (`run_id`, `message_id`, `session_id`, `user_id`, `status`, `created_at`, `ended_at`, `model_id`, `input_tokens`, `output_tokens`, `cost_units`, `debited_at`)
SELECT m.`run_id`, m.`id`, m.`session_id`, s.`user_id`,
	coalesce(m.`status`, 'running'),
	m.`created_at`,
	CASE WHEN m.`status` = 'running' THEN NULL ELSE coalesce(m.`stopped_at`, m.`created_at`) END,
	m.`model_id`, m.`input_tokens`, m.`output_tokens`, m.`cost_units`,
	CASE WHEN m.`status` = 'running' THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
FROM `ai_messages` m JOIN `ai_sessions` s ON s.`id` = m.`session_id`
WHERE m.`role` = 'assistant' AND m.`run_id` IS NOT NULL
	AND coalesce(json_extract(m.`run_error`, '$.code'), '') <> 'run_not_started';
