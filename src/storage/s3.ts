/**
 * Profile pictures in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) through Bun's
 * built-in S3 client. Same names and rules as the local folder: objects are
 * `{prefix}{patients|doctors}/{32 hex}.{png|jpg}`, written once and never overwritten, and a
 * name that this storage could not have made is never sent to the bucket.
 */
import { S3Client } from "bun";
import type { S3Config } from "../config/env";
import { isStoredName, STORED_TYPES, randomName, storedType, type ImageStorage, type StoredFolder } from "./names";

/** The object key of a stored picture. */
export function objectKey(prefix: string, folder: StoredFolder, name: string): string {
  return `${prefix}${folder}/${name}`;
}

/** Whether the client's error means "no such object" (a 404 from GET, or S3's NoSuchKey code). */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "NoSuchKey" || code === "ERR_S3_FILE_NOT_FOUND";
}

export function s3ImageStorage(config: S3Config, client?: S3Client): ImageStorage {
  const s3 =
    client ??
    new S3Client({
      bucket: config.bucket,
      endpoint: config.endpoint,
      region: config.region,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      sessionToken: config.sessionToken,
    });
  const key = (folder: StoredFolder, name: string) => objectKey(config.prefix, folder, name);
  return {
    async save(folder, bytes, ext) {
      const name = randomName(ext);
      await s3.write(key(folder, name), bytes, { type: STORED_TYPES[ext] });
      return name;
    },
    async remove(folder, name) {
      if (!isStoredName(name)) return;
      // Deleting a missing object succeeds on S3; anything else (network, permissions) is
      // logged and swallowed, as the local folder does: the new picture is already saved.
      await s3.delete(key(folder, name)).catch((error) => {
        if (!isMissing(error)) console.error(`Could not delete ${key(folder, name)} from the bucket:`, error);
      });
    },
    async read(folder, name) {
      if (!isStoredName(name)) return undefined;
      // One GET, read whole: pictures are at most MAX_UPLOAD_BYTES, and the size must be known.
      let bytes: ArrayBuffer;
      try {
        bytes = await s3.file(key(folder, name)).arrayBuffer();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const type = storedType(name);
      return { body: new Blob([bytes], { type }), type, size: bytes.byteLength };
    },
  };
}
