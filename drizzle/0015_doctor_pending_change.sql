ALTER TABLE `doctors` ADD `pending_specialization` text;--> statement-breakpoint
ALTER TABLE `doctors` ADD `pending_college_name` text;