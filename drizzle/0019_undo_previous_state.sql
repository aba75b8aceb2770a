ALTER TABLE `audit_events` ADD `previous` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `dropped_at` integer;