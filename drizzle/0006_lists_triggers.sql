-- Custom migration: the triggers that raise an account's lists_version whenever something its
-- lists show changes, in the same transaction as the change, whoever makes it (the app, another
-- instance on the same libSQL server, a script). Lists kept in memory are keyed by this version
-- (src/db/queries/account-lists.ts). What the lists show: a patient's appointments and whether
-- each has feedback, with the doctor's name and specialization; a doctor's appointments and
-- feedback, with the patient's name and email. "completed" is derived from ends_at at read time
-- and needs no write. A profile save that leaves the name as it was moves nothing.
CREATE TRIGGER IF NOT EXISTS `appointments_lists_insert` AFTER INSERT ON `appointments`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`patient_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`doctor_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `appointments_lists_update` AFTER UPDATE ON `appointments`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`patient_id`, NEW.`patient_id`);
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`doctor_id`, NEW.`doctor_id`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `appointments_lists_delete` AFTER DELETE ON `appointments`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`patient_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`doctor_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `feedback_lists_insert` AFTER INSERT ON `feedback`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`patient_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`doctor_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `feedback_lists_update` AFTER UPDATE ON `feedback`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`patient_id`, NEW.`patient_id`);
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`doctor_id`, NEW.`doctor_id`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `feedback_lists_delete` AFTER DELETE ON `feedback`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`patient_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`doctor_id`;
END;
--> statement-breakpoint
-- The patient's name and email appear in their own lists and in every list of a doctor they
-- have an appointment with (appointments_patient_status_scheduled serves the lookup).
CREATE TRIGGER IF NOT EXISTS `patients_lists_update` AFTER UPDATE OF `name`, `email` ON `patients`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`email` IS NOT NEW.`email`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (SELECT `doctor_id` FROM `appointments` WHERE `patient_id` = NEW.`id`);
END;
--> statement-breakpoint
-- The doctor's name and specialization likewise (appointments_doctor_status_created serves it).
CREATE TRIGGER IF NOT EXISTS `doctors_lists_update` AFTER UPDATE OF `name`, `specialization` ON `doctors`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`specialization` IS NOT NEW.`specialization`
BEGIN
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`id`;
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (SELECT `patient_id` FROM `appointments` WHERE `doctor_id` = NEW.`id`);
END;
