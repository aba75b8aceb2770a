CREATE TABLE `message_links` (
	`code` text PRIMARY KEY NOT NULL,
	`appointment_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_links_appointment_id_unique` ON `message_links` (`appointment_id`);--> statement-breakpoint
CREATE TABLE `phone_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`role` text,
	`account_id` text,
	`number` text NOT NULL,
	`code_hash` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `phone_codes_account` ON `phone_codes` (`role`,`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `phone_codes_number` ON `phone_codes` (`number`,`created_at`);--> statement-breakpoint
ALTER TABLE `doctors` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `phone_verified_at` integer;--> statement-breakpoint
ALTER TABLE `patients` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `phone_verified_at` integer;--> statement-breakpoint
CREATE INDEX `patients_phone` ON `patients` (`phone`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `provider_id` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_provider` ON `mail_outbox` (`provider_id`);--> statement-breakpoint
ALTER TABLE `mail_preferences` ADD `sms` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_preferences` ADD `whatsapp` integer DEFAULT false NOT NULL;