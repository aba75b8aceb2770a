CREATE TABLE `places` (
	`id` text PRIMARY KEY NOT NULL,
	`doctor_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`locality` text DEFAULT '' NOT NULL,
	`city` text NOT NULL,
	`pin_code` text NOT NULL,
	`phone` text,
	`map_url` text,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`doctor_id`) REFERENCES `doctors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `places_doctor_created` ON `places` (`doctor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `places_pin_code` ON `places` (`pin_code`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `visit_type` text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `place_id` text;--> statement-breakpoint
CREATE INDEX `appointments_place_status_scheduled` ON `appointments` (`place_id`,`status`,`scheduled_at`);