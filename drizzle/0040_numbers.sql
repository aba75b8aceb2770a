CREATE TABLE `daily_totals` (
	`doctor_id` text NOT NULL,
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`doctor_id`, `day`, `metric`)
);
--> statement-breakpoint
CREATE INDEX `daily_totals_metric_day` ON `daily_totals` (`metric`,`day`,`doctor_id`);--> statement-breakpoint
CREATE TABLE `stats_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`zone` text NOT NULL,
	`rebuilt_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `appointments` ADD `confirmed_at` integer;--> statement-breakpoint
CREATE INDEX `appointments_confirmed_at` ON `appointments` (`confirmed_at`);--> statement-breakpoint
CREATE INDEX `appointments_status_ends` ON `appointments` (`status`,`ends_at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `given_up_at` integer;--> statement-breakpoint
ALTER TABLE `waitlist` ADD `offered_at` integer;--> statement-breakpoint
UPDATE `appointments` SET `confirmed_at` = (SELECT max(`at`) FROM `audit_events` WHERE `subject` = 'appointment' AND `subject_id` = `appointments`.`id` AND `to_status` = 'confirmed' AND `action` IN ('schedule', 'book')) WHERE `status` <> 'pending';--> statement-breakpoint
UPDATE `mail_outbox` SET `given_up_at` = `next_attempt_at` WHERE `state` = 'given_up';--> statement-breakpoint
UPDATE `waitlist` SET `offered_at` = `offer_expires_at` WHERE `offer_start` IS NOT NULL;
