ALTER TABLE `doctors` ADD `consent_withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `patients` ADD `consent_withdrawn_at` integer;