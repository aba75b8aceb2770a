/**
 * Pictures in backups: a picture deleted while a backup runs is set aside, still copied, and
 * deleted once the backup ends; restoring pictures adds the missing ones and keeps the rest.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beginPictureBackup, picturesFolderProblems, restorePictures } from "./pictures";
import { JPEG_1X1, PNG_1X1 } from "../../tests/support/harness";
import { localImageStorage } from "../storage/images";

const dir = mkdtempSync(join(tmpdir(), "carebook-picture-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

test("a picture removed during a backup is still copied, then deleted when the backup ends", async () => {
  const root = join(dir, "uploads");
  const storage = localImageStorage(root);
  const kept = await storage.save("patients", PNG, "png");
  const replaced = await storage.save("doctors", PNG, "png");

  const backup = await beginPictureBackup(root);
  await storage.remove("doctors", replaced); // a profile update after the snapshot
  expect(existsSync(join(root, "doctors", replaced))).toBe(false); // the app no longer sees it
  const copy = await backup.copyNamed(join(dir, "copy"), [
    { folder: "patients", name: kept },
    { folder: "doctors", name: replaced },
  ]);
  expect(copy).toEqual({ copied: 2, bytes: 2 * PNG.length, missing: [] });
  expect(readFileSync(join(dir, "copy", "doctors", replaced))).toEqual(Buffer.from(PNG));
  await backup.end();
  expect(readdirSync(root).sort()).toEqual(["doctors", "patients"]);

  // No backup running: a removal deletes at once.
  await storage.remove("patients", kept);
  expect(existsSync(join(root, "patients", kept))).toBe(false);
});

test("a marker left by a backup that died does not hold removals back", async () => {
  const root = join(dir, "stale");
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, ".backup-running-999999999-x"), "");
  const backup = await beginPictureBackup(root); // clears markers of dead processes
  await backup.end();
  expect(readdirSync(root)).toEqual([]);
});

test("restoring pictures adds the missing ones and leaves the others", async () => {
  const from = join(dir, "from");
  const root = join(dir, "restored");
  const a = "0123456789abcdef0123456789abcdef.png";
  const b = "fedcba9876543210fedcba9876543210.jpg";
  mkdirSync(join(from, "patients"), { recursive: true });
  mkdirSync(join(root, "patients"), { recursive: true });
  writeFileSync(join(from, "patients", a), PNG_1X1);
  writeFileSync(join(from, "patients", b), JPEG_1X1);
  writeFileSync(join(root, "patients", b), "live");
  expect(await restorePictures(from, root)).toBe(1);
  expect(readdirSync(join(root, "patients")).sort()).toEqual([a, b]);
  expect(readFileSync(join(root, "patients", b), "utf8")).toBe("live");
  expect(statSync(join(root, "patients", a)).mode & 0o777).toBe(0o600);
});

test("a pictures folder holding anything but regular picture files is refused, naming each (issue 23)", async () => {
  const from = join(dir, "hostile");
  mkdirSync(join(from, "patients"), { recursive: true });
  mkdirSync(join(from, "doctors", "abcdefabcdefabcdefabcdefabcdefab.jpg"), { recursive: true });
  writeFileSync(join(from, "patients", "0123456789abcdef0123456789abcdef.png"), PNG_1X1);
  symlinkSync("/etc/hostname", join(from, "patients", "11111111111111111111111111111111.jpg"));
  writeFileSync(join(from, "patients", "not-a-picture.txt"), "x");
  writeFileSync(join(from, "patients", "22222222222222222222222222222222.png"), "<svg/>");
  writeFileSync(join(from, "extra"), "x");
  expect(picturesFolderProblems(from).sort()).toEqual([
    "doctors/abcdefabcdefabcdefabcdefabcdefab.jpg: a folder, not a regular file",
    "extra: not a pictures folder",
    "patients/11111111111111111111111111111111.jpg: a symlink, not a regular file",
    "patients/22222222222222222222222222222222.png: not a JPEG or PNG",
    "patients/not-a-picture.txt: not a stored picture's name",
  ]);
  const root = join(dir, "untouched");
  await expect(restorePictures(from, root)).rejects.toThrow("a symlink");
  expect(existsSync(root)).toBe(false);
});
