CREATE TABLE `doctor_availability` (
	`doctor_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`weekly` text NOT NULL,
	`days_off` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`doctor_id`) REFERENCES `doctors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `appointments` ADD `preferred_times` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `rescheduled_from` integer;--> statement-breakpoint
ALTER TABLE `appointments` ADD `reschedule_reason` text;