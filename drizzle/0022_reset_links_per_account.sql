DROP INDEX `password_resets_account`;--> statement-breakpoint
CREATE INDEX `password_resets_account` ON `password_resets` (`role`,`account_id`,`expires_at`);