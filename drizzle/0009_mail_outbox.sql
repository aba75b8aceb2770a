CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`template` text NOT NULL,
	`category` text NOT NULL,
	`recipient_role` text NOT NULL,
	`recipient_id` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`calendar` text,
	`unsubscribe_url` text,
	`appointment_id` text,
	`state` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_by` text,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_message_id_unique` ON `mail_outbox` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_state_next` ON `mail_outbox` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_appointment_state` ON `mail_outbox` (`appointment_id`,`state`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `mail_preferences` (
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`reminders` integer DEFAULT true NOT NULL,
	`notices` integer DEFAULT true NOT NULL,
	PRIMARY KEY(`role`, `account_id`)
);
