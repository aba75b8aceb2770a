CREATE TABLE `record_numbers` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `records` (
	`id` text PRIMARY KEY NOT NULL,
	`appointment_id` text NOT NULL,
	`doctor_id` text NOT NULL,
	`patient_id` text NOT NULL,
	`note` text NOT NULL,
	`medicines` text NOT NULL,
	`follow_up` text,
	`number` text,
	`issued_at` integer,
	`snapshot` text,
	`replaces_id` text,
	`replaces_number` text,
	`replaced_by_number` text,
	`visit_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`doctor_id`) REFERENCES `doctors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `records_number_unique` ON `records` (`number`);--> statement-breakpoint
CREATE INDEX `records_appointment_created` ON `records` (`appointment_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_one_draft` ON `records` (`appointment_id`) WHERE "records"."number" is null;--> statement-breakpoint
CREATE INDEX `records_patient_issued` ON `records` (`patient_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `records_visit_at` ON `records` (`visit_at`);--> statement-breakpoint
ALTER TABLE `patients` ADD `date_of_birth` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `sex` text;