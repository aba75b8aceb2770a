/**
 * Pictures in backups, for the local uploads folder (the only code besides src/storage/images.ts
 * that touches it). A backup copies the pictures its database snapshot names, after the snapshot.
 * A profile update commits a new picture name and then deletes the old file, so a picture the
 * snapshot names could vanish before it is copied; while a backup runs, its marker file in the
 * folder makes src/storage/images.ts set such files aside instead, and the backup copies from there too.
 */
import { mkdir, rename, rm } from "node:fs/promises";
import { closeSync, constants, existsSync, lstatSync, openSync, readdirSync, readSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { IMAGE_FOLDERS, isStoredName, sniffImage, type ImageFolder } from "../storage/names";
import { copyPrivateFile, copyPrivateFileTo, newPrivateFolder, PRIVATE_DIR, writePrivateFile } from "./private-files";

const MARKER_PREFIX = ".backup-running-";
/** Pictures removed while a backup ran; emptied when the last running backup ends. */
const SET_ASIDE = ".removed-during-backup";
/** A marker whose backup has not ended after this long is from a backup that died. */
const STALE_MS = 6 * 3_600_000;

function markers(root: string): string[] {
  try {
    return readdirSync(root).filter((name) => name.startsWith(MARKER_PREFIX));
  } catch {
    return [];
  }
}

/** Whether a backup's marker belongs to a process that is gone, or is older than any backup runs. */
function isStale(root: string, marker: string): boolean {
  const pid = Number(marker.slice(MARKER_PREFIX.length).split("-")[0]);
  try {
    if (Date.now() - statSync(join(root, marker)).mtimeMs > STALE_MS) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}

/**
 * Called by the local storage before it deletes a picture: while a backup runs, moves the file
 * aside instead and answers true (the caller then deletes nothing).
 */
export async function setAsideDuringBackup(root: string, folder: ImageFolder, name: string): Promise<boolean> {
  if (markers(root).length === 0) return false;
  await mkdir(join(root, SET_ASIDE, folder), { recursive: true, mode: PRIVATE_DIR });
  await rename(join(root, folder, name), join(root, SET_ASIDE, folder, name)).catch(() => undefined);
  // The last backup may have ended (and emptied the folder) while this file moved: then nothing
  // will delete it but this call.
  if (markers(root).length === 0) await rm(join(root, SET_ASIDE), { recursive: true, force: true });
  return true;
}

/** Every stored picture in the folder `root` (for a backup that has no database snapshot to name them). */
export function listPictures(root: string): { folder: ImageFolder; name: string }[] {
  return IMAGE_FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    return existsSync(dir) ? readdirSync(dir).filter(isStoredName).map((name) => ({ folder, name })) : [];
  });
}

export type PictureCopy = { copied: number; bytes: number; missing: string[] };

/**
 * Starts a picture backup of the folder `root`: from now until end(), deleted pictures are set
 * aside. Call it before the database snapshot, then copyNamed() after it.
 */
export async function beginPictureBackup(root: string) {
  await mkdir(root, { recursive: true });
  for (const old of markers(root)) if (isStale(root, old)) await rm(join(root, old), { force: true });
  const marker = join(root, `${MARKER_PREFIX}${process.pid}-${crypto.randomUUID()}`);
  writePrivateFile(marker, `${new Date().toISOString()}\n`);

  return {
    /** Copies every picture in `named` into `dest/{patients,doctors}/`; `missing` lists those found nowhere. */
    async copyNamed(dest: string, named: { folder: ImageFolder; name: string }[]): Promise<PictureCopy> {
      const result: PictureCopy = { copied: 0, bytes: 0, missing: [] };
      // A new folder (refused if anything is there), 0700, as its subfolders and 0600 files.
      newPrivateFolder(dest);
      for (const folder of IMAGE_FOLDERS) newPrivateFolder(join(dest, folder));
      for (const { folder, name } of named) {
        if (!isStoredName(name)) {
          result.missing.push(`${folder}/${name}`);
          continue;
        }
        const target = join(dest, folder, name);
        const source = [join(root, folder, name), join(root, SET_ASIDE, folder, name)].find((path) => existsSync(path));
        let bytes: number;
        try {
          if (source === undefined) throw new Error("missing");
          bytes = copyPrivateFile(source, target);
        } catch {
          result.missing.push(`${folder}/${name}`);
          continue;
        }
        result.copied++;
        result.bytes += bytes;
      }
      return result;
    },
    /** Ends this backup; the last one to end deletes the pictures that were set aside. */
    async end(): Promise<void> {
      await rm(marker, { force: true });
      if (markers(root).length === 0) await rm(join(root, SET_ASIDE), { recursive: true, force: true });
    },
  };
}

/**
 * What is wrong with a backup's pictures folder, before anything is restored (issue 23): only
 * the folders patients/ and doctors/, and in them only regular files with a stored picture's
 * name whose first bytes are a JPEG's or a PNG's. A symlink (named like a picture, pointing at
 * /etc/hostname, would be served publicly), a folder, a device or any other name is refused.
 */
export function picturesFolderProblems(from: string): string[] {
  const problems: string[] = [];
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!(IMAGE_FOLDERS as readonly string[]).includes(entry.name)) problems.push(`${entry.name}: not a pictures folder`);
    else if (!entry.isDirectory()) problems.push(`${entry.name}: ${kindOf(entry)}, not a folder`);
  }
  for (const folder of IMAGE_FOLDERS) {
    const dir = join(from, folder);
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isDirectory()) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const where = `${folder}/${entry.name}`;
      if (!entry.isFile()) problems.push(`${where}: ${kindOf(entry)}, not a regular file`);
      else if (!isStoredName(entry.name)) problems.push(`${where}: not a stored picture's name`);
      else if (sniffImage(firstBytes(join(dir, entry.name))) === undefined) problems.push(`${where}: not a JPEG or PNG`);
    }
  }
  return problems;
}

function kindOf(entry: Dirent): string {
  if (entry.isSymbolicLink()) return "a symlink";
  if (entry.isDirectory()) return "a folder";
  if (entry.isFile()) return "a file";
  return "a special file";
}

/** A file's first 16 bytes, read without following a symlink. */
function firstBytes(path: string): Uint8Array {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const buffer = new Uint8Array(16);
    return buffer.subarray(0, readSync(fd, buffer));
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies a backup's pictures (`from`/{patients,doctors}, checked by picturesFolderProblems) into
 * the uploads folder `root`, each through a new private file renamed into place, skipping names
 * already there (a stored name is never reused for other bytes). Returns how many were added.
 */
export async function restorePictures(from: string, root: string): Promise<number> {
  const problems = picturesFolderProblems(from);
  if (problems.length > 0) throw new Error(`The backup's pictures folder holds what no backup writes: ${problems.slice(0, 5).join("; ")}`);
  let added = 0;
  for (const folder of IMAGE_FOLDERS) {
    const source = join(from, folder);
    if (!existsSync(source)) continue;
    await mkdir(join(root, folder), { recursive: true, mode: PRIVATE_DIR });
    for (const name of readdirSync(source)) {
      const target = join(root, folder, name);
      if (existsSync(target)) continue;
      copyPrivateFileTo(join(source, name), target);
      added++;
    }
  }
  return added;
}
