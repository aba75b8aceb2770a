CREATE TABLE `next_free_hint_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	CONSTRAINT "next_free_hint_state_single_row" CHECK("next_free_hint_state"."id" = 1)
);
