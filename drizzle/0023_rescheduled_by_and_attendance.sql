ALTER TABLE `appointments` ADD `rescheduled_by` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `attended` integer;