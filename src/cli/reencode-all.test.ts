/**
 * The one-off migration (bun run pictures:reencode): a picture stored before issue 11, a camera
 * photo with GPS Exif kept as uploaded, is replaced by a small clean copy under a new name, the
 * original removed; a second run changes nothing; an undecodable file is kept and reported.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startHarness, type Harness } from "../../tests/support/harness";
import { cameraPhoto, GPS_MARK } from "../../tests/support/photos";
import { findDoctor, findPatient, updateDoctor, updatePatient } from "../db/queries/accounts";
import { readImageHeader } from "../storage/image-header";
import { PICTURE_MAX_BYTES, PICTURE_SIDE } from "../storage/picture";
import { isReencoded } from "../storage/reencode-stored";
import { reencodeAll } from "./reencode-all";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("old pictures are re-encoded once, metadata dropped, originals removed; broken ones kept", async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const broken = await h.signupPatient("Broken Picture");
  // As the server before issue 11 stored them: the uploaded bytes under a random name.
  const photo = await cameraPhoto(1600, 1200);
  const oldDoctor = await h.deps.storage.save("doctors", photo, "jpg");
  const oldPatient = await h.deps.storage.save("patients", photo, "jpg");
  const junk = await h.deps.storage.save("patients", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "png");
  await h.deps.database.write(async (tx) => {
    const d = (await findDoctor(tx, doctor.id))!;
    await updateDoctor(tx, doctor.id, { name: d.name, specialization: d.specialization, collegeName: d.collegeName, profileImage: oldDoctor });
    await updatePatient(tx, patient.id, { name: patient.name, profileImage: oldPatient });
    await updatePatient(tx, broken.id, { name: "Broken Picture", profileImage: junk });
  });
  expect(isReencoded(photo)).toBe(false);

  const lines: string[] = [];
  const first = await reencodeAll(h.deps, (line) => lines.push(line));
  // Each line names both sizes: the original's as stored, never the emptied buffer sent to the worker.
  expect(lines.filter((line) => line.includes(`(${photo.length} -> `))).toHaveLength(2);
  expect(first).toEqual({ reencoded: 2, alreadyDone: 0, missing: 0, failed: [`patients/${junk}`] });

  const newDoctor = (await findDoctor(h.deps.database.db, doctor.id))!.profileImage!;
  const newPatient = (await findPatient(h.deps.database.db, patient.id))!.profileImage!;
  expect(newDoctor).not.toBe(oldDoctor);
  expect(newDoctor).toMatch(/^[0-9a-f]{32}\.jpg$/);
  expect(existsSync(join(h.dir, "uploads", "doctors", oldDoctor))).toBe(false);
  expect(existsSync(join(h.dir, "uploads", "patients", oldPatient))).toBe(false);
  for (const file of [join(h.dir, "uploads", "doctors", newDoctor), join(h.dir, "uploads", "patients", newPatient)]) {
    const bytes = new Uint8Array(readFileSync(file));
    expect(readImageHeader(bytes)).toEqual({ type: "jpg", width: PICTURE_SIDE, height: PICTURE_SIDE });
    expect(bytes.length).toBeLessThanOrEqual(PICTURE_MAX_BYTES);
    expect(Buffer.from(bytes).includes(Buffer.from(GPS_MARK))).toBe(false);
    expect(isReencoded(bytes)).toBe(true);
  }
  expect((await findPatient(h.deps.database.db, broken.id))!.profileImage).toBe(junk);
  expect(existsSync(join(h.dir, "uploads", "patients", junk))).toBe(true);

  const second = await reencodeAll(h.deps);
  expect(second).toEqual({ reencoded: 0, alreadyDone: 2, missing: 0, failed: [`patients/${junk}`] });
  expect((await findDoctor(h.deps.database.db, doctor.id))!.profileImage).toBe(newDoctor);
}, 60_000);
