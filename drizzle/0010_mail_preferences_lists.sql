-- Custom migration: a change of an account's mail preferences raises its lists_version, like a
-- calendar link (0007): the profile pages show the choices and are kept whole per lists version
-- (src/http/cached.ts, keptPage). Admins have no kept pages.
CREATE TRIGGER IF NOT EXISTS `mail_preferences_lists_insert` AFTER INSERT ON `mail_preferences`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'patient' AND `id` = NEW.`account_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'doctor' AND `id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `mail_preferences_lists_update` AFTER UPDATE ON `mail_preferences`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'patient' AND `id` = NEW.`account_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'doctor' AND `id` = NEW.`account_id`;
END;
