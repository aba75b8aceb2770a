/**
 * Pictures in backups, for the local uploads folder (the only code besides src/storage/images.ts
 * that touches it). A backup copies the pictures its database snapshot names, after the snapshot.
 * A profile update commits a new picture name and then deletes the old file, so a picture the
 * snapshot names could vanish before it is copied; while a backup runs, its marker file in the
 * folder makes src/storage/images.ts set such files aside instead, and the backup copies from there too.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_FOLDERS, isStoredName, type ImageFolder } from "../storage/names";

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
  await mkdir(join(root, SET_ASIDE, folder), { recursive: true });
  await rename(join(root, folder, name), join(root, SET_ASIDE, folder, name)).catch(() => undefined);
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
  await writeFile(marker, `${new Date().toISOString()}\n`);

  return {
    /** Copies every picture in `named` into `dest/{patients,doctors}/`; `missing` lists those found nowhere. */
    async copyNamed(dest: string, named: { folder: ImageFolder; name: string }[]): Promise<PictureCopy> {
      const result: PictureCopy = { copied: 0, bytes: 0, missing: [] };
      for (const folder of IMAGE_FOLDERS) await mkdir(join(dest, folder), { recursive: true });
      for (const { folder, name } of named) {
        if (!isStoredName(name)) {
          result.missing.push(`${folder}/${name}`);
          continue;
        }
        const target = join(dest, folder, name);
        const source = [join(root, folder, name), join(root, SET_ASIDE, folder, name)].find((path) => existsSync(path));
        if (source === undefined || !(await copyFile(source, target).then(() => true, () => false))) {
          result.missing.push(`${folder}/${name}`);
          continue;
        }
        result.copied++;
        result.bytes += statSync(target).size;
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
 * Copies a backup's pictures (`from`/{patients,doctors}) into the uploads folder `root`, each
 * under a temporary name and then renamed, skipping names already there (a stored name is
 * never reused for other bytes). Returns how many were added.
 */
export async function restorePictures(from: string, root: string): Promise<number> {
  let added = 0;
  for (const folder of IMAGE_FOLDERS) {
    const source = join(from, folder);
    if (!existsSync(source)) continue;
    await mkdir(join(root, folder), { recursive: true });
    for (const name of await readdir(source)) {
      const target = join(root, folder, name);
      if (!isStoredName(name) || existsSync(target)) continue;
      const partial = `${target}.restoring`;
      await writeFile(partial, await readFile(join(source, name)));
      await rename(partial, target);
      added++;
    }
  }
  return added;
}
