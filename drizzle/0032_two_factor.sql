CREATE TABLE `login_challenges` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_challenges_expires_at` ON `login_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`code_hash` text NOT NULL,
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	PRIMARY KEY(`role`, `account_id`, `code_hash`)
);
--> statement-breakpoint
CREATE TABLE `two_factor` (
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`secret` text,
	`pending_secret` text,
	`last_step` integer DEFAULT -1 NOT NULL,
	PRIMARY KEY(`role`, `account_id`)
);
--> statement-breakpoint
ALTER TABLE `admins` ADD `two_factor_at` integer;--> statement-breakpoint
ALTER TABLE `doctors` ADD `two_factor_at` integer;--> statement-breakpoint
ALTER TABLE `patients` ADD `two_factor_at` integer;