ALTER TABLE `admins` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `time_zone` text;