ALTER TABLE `doctors` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `doctors` ADD `rating_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `feedback` ADD `rating` integer;--> statement-breakpoint
ALTER TABLE `feedback` ADD `published` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `feedback` ADD `reply_text` text;--> statement-breakpoint
ALTER TABLE `feedback` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `feedback` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `feedback` ADD `hidden_reason` text;--> statement-breakpoint
CREATE INDEX `feedback_doctor_published_created` ON `feedback` (`doctor_id`,`published`,`created_at`);