/**
 * Whether pictures can be stored, for the readiness probe: a small file written and removed in
 * the uploads folder, or an object put and deleted in the bucket. A bucket bills each request and
 * answers slower, so it is asked at most once in BUCKET_EVERY_MS and the answer reused meanwhile.
 */
import { S3Client } from "bun";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config/env";

const BUCKET_EVERY_MS = 30_000;

/** Resolves when a picture could be stored now; rejects with the reason otherwise. */
export function storageProbe(config: Pick<Config, "s3" | "uploadDir">): () => Promise<void> {
  if (config.s3) {
    const s3 = config.s3;
    const client = new S3Client({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      sessionToken: s3.sessionToken,
    });
    let last: { at: number; answer: Promise<void> } | undefined;
    return () => {
      if (last === undefined || Date.now() - last.at > BUCKET_EVERY_MS) {
        const key = `${s3.prefix}.readyz-${crypto.randomUUID()}`;
        last = { at: Date.now(), answer: client.write(key, "ok").then(() => client.delete(key)) };
      }
      return last.answer;
    };
  }
  const root = config.uploadDir;
  return async () => {
    // The folders are made by the first upload; the probe may come first.
    await mkdir(root, { recursive: true });
    const file = join(root, `.readyz-${crypto.randomUUID()}`);
    await writeFile(file, "ok");
    await unlink(file);
  };
}
