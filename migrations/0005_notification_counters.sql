CREATE TABLE `notification_counters` (
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `status`)
);
--> statement-breakpoint
CREATE INDEX `notifications_user_status_expiring_idx` ON `notifications` (`user_id`,`status`,`expires_at`) WHERE "notifications"."expires_at" IS NOT NULL;--> statement-breakpoint
-- Counters follow every write of notifications, whoever makes it (src/db/schema/notifications.ts).
INSERT INTO `notification_counters` (`user_id`, `status`, `count`)
  SELECT `user_id`, `status`, count(*) FROM `notifications` GROUP BY `user_id`, `status`;
--> statement-breakpoint
CREATE TRIGGER `notifications_count_insert` AFTER INSERT ON `notifications` BEGIN
  INSERT OR IGNORE INTO `notification_counters` (`user_id`, `status`, `count`) VALUES (NEW.`user_id`, NEW.`status`, 0);
  UPDATE `notification_counters` SET `count` = `count` + 1 WHERE `user_id` = NEW.`user_id` AND `status` = NEW.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_count_delete` AFTER DELETE ON `notifications` BEGIN
  UPDATE `notification_counters` SET `count` = `count` - 1 WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_count_status` AFTER UPDATE OF `status` ON `notifications` WHEN OLD.`status` <> NEW.`status` BEGIN
  UPDATE `notification_counters` SET `count` = `count` - 1 WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`status`;
  INSERT OR IGNORE INTO `notification_counters` (`user_id`, `status`, `count`) VALUES (NEW.`user_id`, NEW.`status`, 0);
  UPDATE `notification_counters` SET `count` = `count` + 1 WHERE `user_id` = NEW.`user_id` AND `status` = NEW.`status`;
END;
