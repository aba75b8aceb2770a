ALTER TABLE `doctors` ADD `consent_version` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `consent_at` integer;--> statement-breakpoint
ALTER TABLE `patients` ADD `consent_version` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `consent_at` integer;--> statement-breakpoint
CREATE INDEX `mail_outbox_recipient` ON `mail_outbox` (`recipient_role`,`recipient_id`,`created_at`);