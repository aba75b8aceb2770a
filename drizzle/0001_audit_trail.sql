CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_role` text NOT NULL,
	`actor_id` text NOT NULL,
	`subject` text NOT NULL,
	`subject_id` text NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`reason` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_subject_at` ON `audit_events` (`subject`,`subject_id`,`at`);