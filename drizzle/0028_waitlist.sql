CREATE TABLE `waitlist` (
	`id` text PRIMARY KEY NOT NULL,
	`patient_id` text NOT NULL,
	`doctor_id` text NOT NULL,
	`reason` text NOT NULL,
	`until` text NOT NULL,
	`ends_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`offer_start` integer,
	`offer_end` integer,
	`offer_expires_at` integer,
	`ended_at` integer,
	`ended_why` text,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`doctor_id`) REFERENCES `doctors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_open_patient_doctor` ON `waitlist` (`patient_id`,`doctor_id`) WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX `waitlist_doctor_open` ON `waitlist` (`doctor_id`,`ended_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_patient_created` ON `waitlist` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_expiring` ON `waitlist` (`offer_expires_at`) WHERE ended_at is null and offer_expires_at is not null;