ALTER TABLE `doctors` ADD `erased_at` integer;--> statement-breakpoint
ALTER TABLE `patients` ADD `erased_at` integer;