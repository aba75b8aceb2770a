CREATE TABLE `directory_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "directory_version_single_row" CHECK("directory_version"."id" = 1)
);
