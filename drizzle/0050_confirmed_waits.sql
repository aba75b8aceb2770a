DROP INDEX `appointments_confirmed_at`;--> statement-breakpoint
CREATE INDEX `appointments_confirmed_waits` ON `appointments` (`confirmed_at`,`booked_instantly`,`created_at`);