-- Custom migration: the directory version row and the triggers that move it whenever a doctor
-- patients could see (or stop seeing) changes. Token versions are not part of the directory.
INSERT OR IGNORE INTO `directory_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctors_directory_insert` AFTER INSERT ON `doctors`
BEGIN
  UPDATE `directory_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctors_directory_update` AFTER UPDATE OF `name`, `specialization`, `college_name`, `status`, `profile_image` ON `doctors`
BEGIN
  UPDATE `directory_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `doctors_directory_delete` AFTER DELETE ON `doctors`
BEGIN
  UPDATE `directory_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
