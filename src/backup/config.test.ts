import { expect, test } from "bun:test";
import { parseEnv } from "../config/env";

test("backups: off by default, into ./backups, keeping 7", () => {
  expect(parseEnv({}).backup).toEqual({ dir: "backups", intervalHours: 0, keep: 7 });
  expect(parseEnv({ BACKUP_DIR: "/srv/backups", BACKUP_INTERVAL_HOURS: "0.5", BACKUP_KEEP: "30" }).backup).toEqual({
    dir: "/srv/backups",
    intervalHours: 0.5,
    keep: 30,
  });
});

test("a negative interval or a keep below 1 is refused, naming the variable", () => {
  expect(() => parseEnv({ BACKUP_INTERVAL_HOURS: "-1" })).toThrow(/BACKUP_INTERVAL_HOURS/);
  expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  expect(() => parseEnv({ BACKUP_INTERVAL_HOURS: "daily" })).toThrow(/BACKUP_INTERVAL_HOURS/);
});
