/**
 * The S3 picture storage, through Bun's real S3 client, against a small in-process stand-in
 * for an S3 endpoint (path-style PUT, GET, DELETE on /bucket/key, S3's XML errors). It checks
 * what this code decides: key names, content types, what is never sent, and how a missing
 * object reads. It does not prove anything about a real provider's signing or permissions.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { S3Client } from "bun";
import { parseEnv } from "../config/env";
import { imageStorage } from "./images";
import { objectKey, s3ImageStorage } from "./s3";

type Seen = { method: string; path: string; type: string | null; authorized: boolean };
const objects = new Map<string, { bytes: Uint8Array<ArrayBuffer>; type: string }>();
let seen: Seen[] = [];
/** While true, every request answers 500 InternalError (the client may retry). */
let failing = false;

const fake = Bun.serve({
  port: 0,
  async fetch(req) {
    const path = decodeURIComponent(new URL(req.url).pathname);
    seen.push({ method: req.method, path, type: req.headers.get("content-type"), authorized: /AWS4-HMAC-SHA256 Credential=test-key\//.test(req.headers.get("authorization") ?? "") });
    if (failing) return xmlError(500, "InternalError");
    if (req.method === "PUT") {
      objects.set(path, { bytes: await req.bytes(), type: req.headers.get("content-type") ?? "" });
      return new Response(null, { status: 200, headers: { ETag: '"1"' } });
    }
    const object = objects.get(path);
    if (req.method === "DELETE") {
      objects.delete(path);
      return new Response(null, { status: 204 });
    }
    if (!object) return xmlError(404, "NoSuchKey");
    return new Response(object.bytes, { headers: { "Content-Type": object.type } });
  },
});

function xmlError(status: number, code: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  return new Response(body, { status, headers: { "Content-Type": "application/xml" } });
}

const config = { bucket: "pics", endpoint: `http://127.0.0.1:${fake.port}`, region: "us-east-1", accessKeyId: "test-key", secretAccessKey: "test-secret", prefix: "carebook/" };
const storage = s3ImageStorage(config);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeEach(() => {
  seen = [];
  failing = false;
});
afterAll(() => fake.stop(true));

describe("S3 picture storage", () => {
  test("objectKey is prefix, folder, name", () => {
    expect(objectKey("", "doctors", "a.png")).toBe("doctors/a.png");
    expect(objectKey("carebook/", "patients", "b.jpg")).toBe("carebook/patients/b.jpg");
  });

  test("save writes a new random name under the prefix and folder, with the picture's type, signed", async () => {
    const name = await storage.save("patients", PNG, "png");
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(seen).toEqual([{ method: "PUT", path: `/pics/carebook/patients/${name}`, type: "image/png", authorized: true }]);
    const other = await storage.save("patients", PNG, "png");
    expect(other).not.toBe(name);
  });

  test("read returns the bytes, type and size; a missing object is undefined", async () => {
    const name = await storage.save("doctors", PNG, "png");
    const image = await storage.read("doctors", name);
    expect(image?.type).toBe("image/png");
    expect(image?.size).toBe(PNG.length);
    expect(new Uint8Array(await image!.body.arrayBuffer())).toEqual(PNG);
    expect(await storage.read("doctors", "0123456789abcdef0123456789abcdef.jpg")).toBeUndefined();
    expect(await storage.read("patients", name)).toBeUndefined();
  });

  test("names this storage could not have made never reach the bucket", async () => {
    for (const bad of ["../secret.png", "x.png", "0123456789ABCDEF0123456789ABCDEF.png", "0123456789abcdef0123456789abcdef.gif", ""]) {
      expect(await storage.read("patients", bad)).toBeUndefined();
      await storage.remove("patients", bad);
    }
    expect(seen).toEqual([]);
  });

  test("remove deletes the object; removing a missing one is fine", async () => {
    const name = await storage.save("patients", PNG, "png");
    await storage.remove("patients", name);
    expect(objects.has(`/pics/carebook/patients/${name}`)).toBe(false);
    await storage.remove("patients", name);
  });

  test("a failing bucket is an error on read, not a missing picture", async () => {
    const name = await storage.save("patients", PNG, "png");
    failing = true;
    await expect(storage.read("patients", name)).rejects.toThrow();
  });

  test("an injected client is used as given", async () => {
    const client = new S3Client({ bucket: "other", endpoint: config.endpoint, accessKeyId: "test-key", secretAccessKey: "x" });
    const name = await s3ImageStorage({ ...config, prefix: "" }, client).save("doctors", PNG, "png");
    expect(seen.at(-1)?.path).toBe(`/other/doctors/${name}`);
  });
});

describe("STORAGE selects the storage", () => {
  test("local by default, S3 with STORAGE=s3 and a bucket", async () => {
    expect(parseEnv({}).s3).toBeUndefined();
    const env = { STORAGE: "s3", S3_BUCKET: "pics", S3_ENDPOINT: config.endpoint, S3_ACCESS_KEY_ID: "test-key", S3_SECRET_ACCESS_KEY: "s", S3_PREFIX: "/carebook/" };
    const parsed = parseEnv(env);
    expect(parsed.s3).toEqual({ bucket: "pics", endpoint: config.endpoint, region: undefined, accessKeyId: "test-key", secretAccessKey: "s", sessionToken: undefined, prefix: "carebook/" });
    const name = await imageStorage(parsed).save("patients", PNG, "png");
    expect(seen.at(-1)?.path).toBe(`/pics/carebook/patients/${name}`);
  });

  test("STORAGE=s3 needs a bucket, and keys come in pairs", () => {
    expect(() => parseEnv({ STORAGE: "s3" })).toThrow("S3_BUCKET");
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" })).toThrow("S3_SECRET_ACCESS_KEY");
    expect(() => parseEnv({ STORAGE: "nfs" })).toThrow("STORAGE");
    expect(() => parseEnv({ STORAGE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toThrow("S3_ENDPOINT");
  });
});
