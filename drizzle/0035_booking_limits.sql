ALTER TABLE `appointments` ADD `booked_instantly` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_events_actor_at` ON `audit_events` (`actor_id`,`at`);--> statement-breakpoint
UPDATE `appointments` SET `booked_instantly` = 1 WHERE `id` IN (SELECT `subject_id` FROM `audit_events` WHERE `subject` = 'appointment' AND `action` = 'book' AND `to_status` = 'confirmed');
