-- Custom migration: a doctor's hours show on the doctor's own pages (the profile's hours form,
-- the free slots offered beside each pending request), which are kept per lists_version
-- (drizzle/0006): any change to them raises it, in the same transaction.
CREATE TRIGGER IF NOT EXISTS `doctor_availability_lists_insert` AFTER INSERT ON `doctor_availability`
BEGIN
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`doctor_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_lists_update` AFTER UPDATE ON `doctor_availability`
BEGIN
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`doctor_id`, NEW.`doctor_id`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctor_availability_lists_delete` AFTER DELETE ON `doctor_availability`
BEGIN
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`doctor_id`;
END;
