ALTER TABLE `doctors` ADD `registration_number` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `registration_council` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `pending_registration_number` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `pending_registration_council` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `registration_reason` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `experience_years` integer;--> statement-breakpoint
ALTER TABLE `doctors` ADD `languages` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `fee` integer;--> statement-breakpoint
ALTER TABLE `doctors` ADD `about` text;