CREATE TABLE `trusted_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`tag` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trusted_devices_tag` ON `trusted_devices` (`tag`);--> statement-breakpoint
CREATE INDEX `trusted_devices_created_at` ON `trusted_devices` (`created_at`);