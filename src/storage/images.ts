/**
 * The only code that touches the uploads folder. Profile pictures are checked by their first
 * bytes (JPEG or PNG), stored under a new random name, and read back by name. The folder on the
 * local disk is the default; `imageStorage` picks an S3-compatible bucket (./s3.ts) instead when
 * STORAGE=s3, so that any number of instances share one set of pictures.
 */
import { mkdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config/env";
import { setAsideDuringBackup } from "../backup/pictures";
import { isStoredName, randomName, storedType, DOCUMENT_FOLDER, type ImageStorage, type StoredFolder } from "./names";
import { s3ImageStorage } from "./s3";

/** Pictures in `root/patients` and `root/doctors` on the local disk. */
export function localImageStorage(root: string): ImageStorage {
  const path = (folder: StoredFolder, name: string) => join(root, folder, name);
  return {
    async save(folder, bytes, ext) {
      await mkdir(join(root, folder), { recursive: true });
      const name = randomName(ext);
      await Bun.write(path(folder, name), bytes);
      return name;
    },
    async remove(folder, name) {
      if (!isStoredName(name)) return;
      // While a backup copies pictures it may still need this one (src/backup/pictures.ts).
      // Reports are not in the pictures' backups: nothing to set aside for them.
      if (folder !== DOCUMENT_FOLDER && (await setAsideDuringBackup(root, folder, name))) return;
      await unlink(path(folder, name)).catch(() => undefined);
    },
    async read(folder, name) {
      if (!isStoredName(name)) return undefined;
      const file = Bun.file(path(folder, name));
      if (!(await file.exists())) return undefined;
      return { body: file, type: storedType(name), size: file.size };
    },
  };
}

/** The storage the configuration names: the local uploads folder, or an S3-compatible bucket. */
export function imageStorage(config: Pick<Config, "s3" | "uploadDir">): ImageStorage {
  return config.s3 ? s3ImageStorage(config.s3) : localImageStorage(config.uploadDir);
}
