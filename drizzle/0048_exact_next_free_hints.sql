-- Issue 57: a kept next_free_hint is the doctor's real next free start (not only a lower bound) until the booking notice reaches it: a confirmed meeting that may cover the hint's slot sets it to null too, and so does a place removed or restored (hours that name a removed place offer no slots). Hints kept before this were only lower bounds: forgotten here (the servers compute them again).
UPDATE `doctors` SET `next_free_hint` = NULL WHERE `next_free_hint` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `appointments_next_free_insert` AFTER INSERT ON `appointments`
WHEN new.status = 'confirmed'
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = new.doctor_id AND new.ends_at > next_free_hint AND new.scheduled_at < next_free_hint + 86400000;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `appointments_next_free_confirm` AFTER UPDATE ON `appointments`
WHEN new.status = 'confirmed' AND (old.status IS NOT 'confirmed' OR new.scheduled_at IS NOT old.scheduled_at OR new.ends_at IS NOT old.ends_at OR new.doctor_id IS NOT old.doctor_id)
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = new.doctor_id AND new.ends_at > next_free_hint AND new.scheduled_at < next_free_hint + 86400000;
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `places_next_free_update` AFTER UPDATE OF `removed_at`, `doctor_id` ON `places`
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id IN (old.doctor_id, new.doctor_id);
END;--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `places_next_free_delete` AFTER DELETE ON `places`
BEGIN
  UPDATE doctors SET next_free_hint = NULL WHERE id = old.doctor_id;
END;
