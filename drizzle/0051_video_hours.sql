DROP INDEX `doctors_directory_rating`;--> statement-breakpoint
DROP INDEX `doctors_directory_fee`;--> statement-breakpoint
DROP INDEX `doctors_directory_specialization_rating`;--> statement-breakpoint
DROP INDEX `doctors_directory_next`;--> statement-breakpoint
DROP INDEX `doctors_directory_specialization_fee`;--> statement-breakpoint
ALTER TABLE `doctors` ADD `video_hours` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 57: whether the hours hold a range by video (one naming no place), kept beside the doctor for the directory's indexes.
UPDATE `doctors` SET `video_hours` = 1 WHERE `id` IN (SELECT h.doctor_id FROM doctor_availability h WHERE EXISTS (SELECT 1 FROM json_each(h.weekly) r WHERE json_type(r.value, '$.placeId') IS NULL));--> statement-breakpoint
CREATE INDEX `doctors_directory_rating` ON `doctors` ((case when "rating_count" >= 3 then -("rating_total" * 1.0 / "rating_count") else 1 end),"name" collate nocase,`id`,`specialization`,`fee`,`languages`,`video_hours`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_fee` ON `doctors` ((case when "fee" is null then 1000000000000 else "fee" end),"name" collate nocase,`id`,`specialization`,`languages`,`video_hours`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_specialization_rating` ON `doctors` (`specialization`,(case when "rating_count" >= 3 then -("rating_total" * 1.0 / "rating_count") else 1 end),"name" collate nocase,`id`,`fee`,`languages`,`video_hours`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_next` ON `doctors` (`next_free_hint`,"name" collate nocase,`id`,`specialization`,`fee`,`languages`,`video_hours`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_specialization_fee` ON `doctors` (`specialization`,(case when "fee" is null then 1000000000000 else "fee" end),"name" collate nocase,`id`,`languages`,`video_hours`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_video_insert` AFTER INSERT ON `doctor_availability`
BEGIN
  UPDATE doctors SET video_hours = EXISTS (SELECT 1 FROM json_each(new.weekly) r WHERE json_type(r.value, '$.placeId') IS NULL) WHERE id = new.doctor_id AND video_hours IS NOT EXISTS (SELECT 1 FROM json_each(new.weekly) r WHERE json_type(r.value, '$.placeId') IS NULL);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_video_update` AFTER UPDATE OF `weekly`, `doctor_id` ON `doctor_availability`
BEGIN
  UPDATE doctors SET video_hours = 0 WHERE id = old.doctor_id AND old.doctor_id IS NOT new.doctor_id;
  UPDATE doctors SET video_hours = EXISTS (SELECT 1 FROM json_each(new.weekly) r WHERE json_type(r.value, '$.placeId') IS NULL) WHERE id = new.doctor_id AND video_hours IS NOT EXISTS (SELECT 1 FROM json_each(new.weekly) r WHERE json_type(r.value, '$.placeId') IS NULL);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_video_delete` AFTER DELETE ON `doctor_availability`
BEGIN
  UPDATE doctors SET video_hours = 0 WHERE id = old.doctor_id;
END;
