CREATE INDEX `feedback_created` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE INDEX `auth_events_at` ON `auth_events` (`at`);--> statement-breakpoint
CREATE INDEX `audit_events_at` ON `audit_events` (`at`);