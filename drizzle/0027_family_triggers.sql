-- Custom migration: a change of a patient's family members (issue 42) raises the patient's
-- lists_version, like the triggers of 0006: the booking page, kept per account state
-- (src/routes/pages/kept.ts), asks whom the visit is for from the members.
CREATE TRIGGER IF NOT EXISTS `family_members_lists_insert` AFTER INSERT ON `family_members`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = NEW.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `family_members_lists_update` AFTER UPDATE ON `family_members`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (OLD.`patient_id`, NEW.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `family_members_lists_delete` AFTER DELETE ON `family_members`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` = OLD.`patient_id`;
END;
