ALTER TABLE `doctors` ADD `lists_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `patients` ADD `lists_version` integer DEFAULT 0 NOT NULL;