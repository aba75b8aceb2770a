CREATE TABLE `wrong_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`account_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wrong_codes_account_at` ON `wrong_codes` (`role`,`account_id`,`at`);--> statement-breakpoint
CREATE INDEX `wrong_codes_at` ON `wrong_codes` (`at`);--> statement-breakpoint
ALTER TABLE `login_challenges` ADD `wrong_codes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `codes_held_until` integer;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `code_holds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `two_factor` ADD `last_hold_at` integer;