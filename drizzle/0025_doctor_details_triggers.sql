-- Custom migration: the doctor's details and registration (issue 41) move the directory version,
-- like the columns of 0003 and 0016: the admin's table and the doctors' lists, kept per
-- directory version, show them.
CREATE TRIGGER IF NOT EXISTS `doctors_directory_details_update` AFTER UPDATE OF `registration_number`, `registration_council`, `pending_registration_number`, `pending_registration_council`, `registration_reason`, `experience_years`, `languages`, `fee`, `about` ON `doctors`
BEGIN
  UPDATE `directory_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
