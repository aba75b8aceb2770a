CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_account` ON `password_resets` (`role`,`account_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`device` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_account` ON `sessions` (`role`,`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_created_at` ON `sessions` (`created_at`);