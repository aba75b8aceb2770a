ALTER TABLE `doctors` ADD `next_free_hint` integer;--> statement-breakpoint
CREATE INDEX `doctors_directory_rating` ON `doctors` ((case when "rating_count" >= 3 then -("rating_total" * 1.0 / "rating_count") else 1 end),"name" collate nocase,`id`,`specialization`,`fee`,`languages`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_fee` ON `doctors` ((case when "fee" is null then 1000000000000 else "fee" end),"name" collate nocase,`id`,`specialization`,`languages`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_specialization_rating` ON `doctors` (`specialization`,(case when "rating_count" >= 3 then -("rating_total" * 1.0 / "rating_count") else 1 end),"name" collate nocase,`id`,`fee`,`languages`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_next` ON `doctors` (`next_free_hint`,"name" collate nocase,`id`,`specialization`,`fee`,`languages`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctors_directory_specialization_fee` ON `doctors` (`specialization`,(case when "fee" is null then 1000000000000 else "fee" end),"name" collate nocase,`id`,`languages`) WHERE "doctors"."status" = 'approved' and "doctors"."registration_number" is not null and "doctors"."registration_council" is not null;--> statement-breakpoint
CREATE INDEX `doctor_availability_visits` ON `doctor_availability` (("weekly" like '%"placeId"%'),("weekly" <> '[]'),`doctor_id`);--> statement-breakpoint
-- Issue 57: a doctor's next_free_hint stays a lower bound of their next free start while bookings are only added and time passes; whatever may free a slot sets it to null in the same transaction (src/actions/next-free-hints.ts computes it again).
CREATE TRIGGER IF NOT EXISTS `appointments_next_free_update` AFTER UPDATE ON `appointments`
WHEN old.status = 'confirmed' AND (new.status IS NOT 'confirmed' OR new.scheduled_at IS NOT old.scheduled_at OR new.ends_at IS NOT old.ends_at OR new.doctor_id IS NOT old.doctor_id)
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = old.doctor_id;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `appointments_next_free_delete` AFTER DELETE ON `appointments`
WHEN old.status = 'confirmed'
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = old.doctor_id;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_next_free_insert` AFTER INSERT ON `doctor_availability`
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = new.doctor_id;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_next_free_update` AFTER UPDATE OF `weekly`, `days_off`, `time_zone`, `doctor_id` ON `doctor_availability`
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id IN (old.doctor_id, new.doctor_id);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_next_free_delete` AFTER DELETE ON `doctor_availability`
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = old.doctor_id;
END;
