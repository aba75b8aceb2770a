CREATE TABLE `family_members` (
	`id` text PRIMARY KEY NOT NULL,
	`patient_id` text NOT NULL,
	`name` text NOT NULL,
	`relation` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`sex` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `family_members_patient_created` ON `family_members` (`patient_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `for_member_id` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `for_name` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `for_relation` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `for_age` integer;