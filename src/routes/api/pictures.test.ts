/**
 * Phone photos through the real server (SERVER-RULES §6, issue 11): Bun.serve with the socket
 * limit src/server.ts sets, real HTTP. A 12-megapixel camera JPEG with GPS Exif and a comment is
 * stored as a small square JPEG with none of it; big bodies are refused as JSON with CORS,
 * declared or chunked, without being read to the end; a bomb's header is refused undecoded.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { cachedCameraPhoto } from "../../../tests/support/photo-cache";
import { GPS_MARK, pngHeaderOnly, SECRET_COMMENT } from "../../../tests/support/photos";
import { socketBodyLimit } from "../../http/upload-gate";
import { codecsReady, decodeJpeg } from "../../storage/codecs";
import { readImageHeader } from "../../storage/image-header";
import { PICTURE_MAX_BYTES } from "../../storage/picture";

const CLIENT = "http://client.example";
const MiB = 1024 * 1024;

let h: Harness;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let doctor: { token: string };
let photo: Uint8Array;

beforeAll(async () => {
  h = await startHarness({ CORS_ORIGINS: CLIENT });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: h.app.fetch, maxRequestBodySize: socketBodyLimit(h.deps.config.maxUploadBytes) });
  base = `http://127.0.0.1:${server.port}`;
  doctor = await h.signupDoctor();
  photo = await cachedCameraPhoto(4000, 3000);
  // The stored picture is decoded here to check it (the cached photo did not load the codecs).
  await codecsReady();
}, 120_000);

afterAll(async () => {
  server.stop(true);
  await h.stop();
});

const fields = { name: "Dana Doctor", specialization: "Cardiologist", collegeName: "City Medical College" };

function form(bytes: Uint8Array, name = "IMG_0001.jpg", type = "image/jpeg") {
  return h.profileForm(fields, { bytes, name, type });
}

async function upload(body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/auth/doctor-profile`, {
    method: "PUT",
    headers: { authorization: `Bearer ${doctor.token}`, origin: CLIENT, ...headers },
    body,
  });
  const text = await res.text();
  return { res, text, json: JSON.parse(text) };
}

/** The JPEG's marker segments before the scan: what metadata it carries. */
function markers(jpeg: Uint8Array): number[] {
  const found: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    found.push(marker);
    if (marker === 0xda) break;
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  return found;
}

const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(Buffer.from(needle));

describe("a 12-megapixel camera photo with GPS", () => {
  test("the fixture really carries Exif GPS and a comment", () => {
    expect(readImageHeader(photo)).toEqual({ type: "jpg", width: 4000, height: 3000 });
    expect(markers(photo)).toContain(0xe1);
    expect(markers(photo)).toContain(0xfe);
    expect(contains(photo, "Exif")).toBe(true);
    expect(contains(photo, GPS_MARK)).toBe(true);
  });

  test("is stored and served as a small square JPEG with no Exif, comment or GPS", async () => {
    const { res, json } = await upload(form(photo));
    expect(res.status).toBe(200);
    const name = json.doctor.profileImage as string;
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);

    const served = await fetch(`${base}/uploads/doctors/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(PICTURE_MAX_BYTES);
    const header = readImageHeader(bytes)!;
    expect(header.width).toBe(header.height);
    expect(header.width).toBeLessThanOrEqual(512);
    const decoded = await decodeJpeg(bytes.buffer.slice(0) as ArrayBuffer);
    expect([decoded.width, decoded.height]).toEqual([header.width, header.height]);

    expect(markers(bytes)).not.toContain(0xe1); // Exif / XMP
    expect(markers(bytes)).not.toContain(0xfe); // comment
    for (const secret of ["Exif", GPS_MARK, SECRET_COMMENT, "GPS"]) expect(contains(bytes, secret)).toBe(false);
    console.log(`stored picture: ${header.width} x ${header.height}, ${bytes.length} bytes (from ${photo.length})`);
  }, 60_000);

  test("an 8 MiB photo is accepted", async () => {
    const big = await cachedCameraPhoto(4000, 3000, 8 * MiB);
    expect(big.length).toBe(8 * MiB);
    const { res, json } = await upload(form(big));
    expect(res.status).toBe(200);
    expect(json.doctor.profileImage).toMatch(/\.jpg$/);
  }, 60_000);
});

describe("refusals are JSON with CORS, at any size", () => {
  test("12 MiB with Content-Length: 413 JSON with the permitted origin's CORS header", async () => {
    const { res, json } = await upload(form(new Uint8Array(12 * MiB).fill(7)));
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    expect(json.message).toBe("Profile picture must be at most 10 MB");
    expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT);
  }, 30_000);

  test("12 MiB chunked (no Content-Length): 413 JSON with CORS, and the body is not read to its end", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(7);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 12 * MiB) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const { res, json } = await upload(stream, { "content-type": "multipart/form-data; boundary=x" });
    expect(res.status).toBe(413);
    expect(json.message).toBe("Profile picture must be at most 10 MB");
    expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT);
    expect(sent).toBeLessThan(12 * MiB);
  }, 30_000);

  test("64 MiB of JSON to login: 413 JSON with CORS from the app, not a bare 413 from the socket", async () => {
    const res = await fetch(`${base}/api/auth/loginPatient`, {
      method: "POST",
      headers: { origin: CLIENT, "content-type": "application/json" },
      body: new Uint8Array(64 * MiB).fill(0x20),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body is too large" });
    expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT);
  }, 30_000);

  test("a 40000 x 40000 PNG header is refused (413) at once, without decoding", async () => {
    const started = performance.now();
    const { res, json } = await upload(form(pngHeaderOnly(40_000, 40_000), "bomb.png", "image/png"));
    const ms = performance.now() - started;
    // Decoding these 33 bytes would fail as "not an image" (415): 413 shows the header alone decided.
    expect(res.status).toBe(413);
    expect(json.message).toContain("megapixels");
    expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT);
    expect(ms).toBeLessThan(1000);
  });

  test("a failed upload keeps the previous picture", async () => {
    const before = (await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.profileImage;
    expect((await upload(form(pngHeaderOnly(40_000, 40_000), "bomb.png", "image/png"))).res.status).toBe(413);
    expect((await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.profileImage).toBe(before);
    expect((await fetch(`${base}/uploads/doctors/${before}`)).status).toBe(200);
  });
});

describe("/uploads for other clients", () => {
  test("a CORS_ORIGINS origin may load a picture cross-origin; another origin may not", async () => {
    const name = (await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.profileImage;
    const permitted = await fetch(`${base}/uploads/doctors/${name}`, { headers: { origin: CLIENT } });
    expect(permitted.status).toBe(200);
    expect(permitted.headers.get("access-control-allow-origin")).toBe(CLIENT);
    expect(permitted.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(permitted.headers.get("vary")).toContain("Origin");

    const other = await fetch(`${base}/uploads/doctors/${name}`, { headers: { origin: "http://evil.example" } });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const none = await fetch(`${base}/uploads/doctors/${name}`);
    expect(none.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });
});
