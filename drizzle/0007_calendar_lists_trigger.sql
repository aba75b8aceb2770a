-- Custom migration: a calendar link made, reset or removed raises its account's lists_version,
-- like a change of the account's lists (0006): the meetings pages show when the link was made,
-- and they are kept whole per lists version (src/http/cached.ts, keptPage).
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_lists_insert` AFTER INSERT ON `calendar_feeds`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'patient' AND `id` = NEW.`account_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE NEW.`role` = 'doctor' AND `id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_lists_update` AFTER UPDATE ON `calendar_feeds`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (SELECT OLD.`account_id` WHERE OLD.`role` = 'patient' UNION SELECT NEW.`account_id` WHERE NEW.`role` = 'patient');
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE `id` IN (SELECT OLD.`account_id` WHERE OLD.`role` = 'doctor' UNION SELECT NEW.`account_id` WHERE NEW.`role` = 'doctor');
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_lists_delete` AFTER DELETE ON `calendar_feeds`
BEGIN
  UPDATE `patients` SET `lists_version` = `lists_version` + 1 WHERE OLD.`role` = 'patient' AND `id` = OLD.`account_id`;
  UPDATE `doctors` SET `lists_version` = `lists_version` + 1 WHERE OLD.`role` = 'doctor' AND `id` = OLD.`account_id`;
END;
