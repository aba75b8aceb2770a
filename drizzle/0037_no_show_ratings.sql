-- Issue 51: a visit marked a no-show counts its rating nowhere; the kept counts recomputed once
-- from the ratings that count (not hidden, not of a no-show).
UPDATE `doctors` SET
  `rating_count` = (SELECT count(f.`rating`) FROM `feedback` f JOIN `appointments` a ON a.`id` = f.`appointment_id` WHERE f.`doctor_id` = `doctors`.`id` AND f.`hidden_at` IS NULL AND (a.`attended` IS NULL OR a.`attended` = 1)),
  `rating_total` = (SELECT coalesce(sum(f.`rating`), 0) FROM `feedback` f JOIN `appointments` a ON a.`id` = f.`appointment_id` WHERE f.`doctor_id` = `doctors`.`id` AND f.`hidden_at` IS NULL AND (a.`attended` IS NULL OR a.`attended` = 1));
