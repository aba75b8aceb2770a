ALTER TABLE `admins` ADD `language` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `language` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `language` text;