CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`appointment_id` text NOT NULL,
	`patient_id` text NOT NULL,
	`doctor_id` text NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`stored_name` text NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`doctor_id`) REFERENCES `doctors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `documents_appointment` ON `documents` (`appointment_id`,`uploaded_at`);--> statement-breakpoint
CREATE INDEX `documents_patient` ON `documents` (`patient_id`);--> statement-breakpoint
CREATE INDEX `documents_doctor` ON `documents` (`doctor_id`);