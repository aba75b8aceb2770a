-- Custom migration: a doctor's pending change of specialization or college (issue 27) moves the
-- directory version, like the other columns of 0003: the admin's table, kept per directory
-- version, shows the change waiting for review. Patients' directory reads only the approved
-- columns, so for them nothing changes until the admin approves.
CREATE TRIGGER IF NOT EXISTS `doctors_directory_pending_update` AFTER UPDATE OF `pending_specialization`, `pending_college_name` ON `doctors`
WHEN OLD.`pending_specialization` IS NOT NEW.`pending_specialization` OR OLD.`pending_college_name` IS NOT NEW.`pending_college_name`
BEGIN
  UPDATE `directory_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
