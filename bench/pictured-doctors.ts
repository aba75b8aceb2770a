/**
 * Ten approved doctors of one specialization, each with a phone photo as profile picture, made
 * through the HTTP API: the worst case of the specialization page's weight (issue 11). Runs under
 * Node (Playwright) and Bun alike: the photo is made by a Bun child process.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { jsonClient } from "../tests/support/http";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const PASSWORD = "correct-horse-1";

/**
 * A 4000 x 3000 camera JPEG with GPS Exif, padded to `size` bytes (a phone photo's 3 MB by default).
 * Asynchronous on purpose: blocking the caller's event loop for the seconds this takes would let
 * its idle keep-alive connections be closed unnoticed, and its next request fail.
 */
export async function phonePhoto(size = 3 * 1024 * 1024): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), "carebook-photo-"));
  try {
    const out = join(dir, "photo.jpg");
    await promisify(execFile)("bun", ["tests/support/make-photo.ts", out, "4000", "3000", String(size)], { cwd: ROOT });
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs up `count` doctors in `specialization`, approves them, and uploads `photo` for each. */
export async function picturedDoctors(
  baseURL: string,
  adminToken: string,
  specialization: string,
  photo: Uint8Array,
  count = 10,
): Promise<string[]> {
  const call = jsonClient(baseURL);
  const stamp = `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `Dr. Pictured ${i + 1}`;
    const email = `pictured.${i}.${stamp}@example.com`;
    const res = await call("POST", "/signupDoctor", { name, email, password: PASSWORD, specialization, collegeName: "City Medical College" });
    await call("PATCH", `/admin-dashboard/doctor-status/${res.doctor._id}`, { status: "approved" }, adminToken);
    const login = await call("POST", "/loginDoctor", { email, password: PASSWORD });
    const form = new FormData();
    form.set("name", name);
    form.set("specialization", specialization);
    form.set("collegeName", "City Medical College");
    form.set("profileImage", new Blob([photo as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "IMG_0001.jpg");
    const put = await fetch(`${baseURL}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${login.token}` }, body: form });
    if (put.status !== 200) throw new Error(`picture upload: ${put.status} ${await put.text()}`);
    names.push(((await put.json()) as { doctor: { profileImage: string } }).doctor.profileImage);
  }
  return names;
}
