/**
 * Profiles of patients and doctors: read, and update with an optional new picture. A failed
 * update changes nothing: the new file is removed, the old name, picture and fields stay.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Tx } from "../../db/client";
import { findDoctor, findPatient, updateDoctor, updatePatient } from "../../db/queries/accounts";
import type { Deps } from "../../deps";
import { ApiError } from "../../http/errors";
import { FORM_OVERHEAD_BYTES, uploadTooLargeMessage } from "../../http/upload-gate";
import { doctorProfileForm, patientProfileForm } from "../../http/schemas";
import { doctorJson, patientJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import type { ImageFolder } from "../../storage/images";
import { processPicture } from "../../storage/picture";

export function profileApi(deps: Deps) {
  const api = new Hono();
  const { database, storage, config } = deps;
  const tooLarge = () => {
    throw new ApiError(413, uploadTooLargeMessage(config.maxUploadBytes), { Connection: "close" });
  };
  const uploadLimit = bodyLimit({ maxSize: config.maxUploadBytes + FORM_OVERHEAD_BYTES, onError: tooLarge });

  /**
   * Saves the new picture (if any), runs the update, and on success removes the old picture.
   * `update` receives the stored file name and returns the previous one.
   */
  async function withPicture<T>(
    folder: ImageFolder,
    file: File | undefined,
    update: (tx: Tx, profileImage: string | undefined) => Promise<{ result: T; previous: string | null }>,
  ): Promise<T> {
    let saved: string | undefined;
    if (file !== undefined) {
      if (file.size > config.maxUploadBytes) tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const picture = await processPicture(bytes);
      saved = await storage.save(folder, picture.bytes, picture.ext);
    }
    let outcome: { result: T; previous: string | null };
    try {
      outcome = await database.write((tx) => update(tx, saved));
    } catch (error) {
      if (saved !== undefined) await storage.remove(folder, saved);
      throw error;
    }
    if (saved !== undefined && outcome.previous !== null) await storage.remove(folder, outcome.previous);
    return outcome.result;
  }

  api.use("/patient-profile", requireRole(deps, "patient"));
  api.use("/doctor-profile", requireRole(deps, "doctor"));

  api.get("/patient-profile", (c) => c.json({ patient: patientJson(signedIn(c, "patient")) }));

  api.put("/patient-profile", uploadLimit, zValidator("form", patientProfileForm, onInvalid), async (c) => {
    const { id } = signedIn(c, "patient");
    const form = c.req.valid("form");
    const patient = await withPicture("patients", form.profileImage, async (tx, profileImage) => {
      const before = await findPatient(tx, id);
      const after = await updatePatient(tx, id, { name: form.name, ...(profileImage && { profileImage }) });
      return { result: after, previous: before?.profileImage ?? null };
    });
    return c.json({ message: "Profile updated successfully!", patient: patientJson(patient) });
  });

  api.get("/doctor-profile", (c) => c.json({ doctor: doctorJson(signedIn(c, "doctor")) }));

  api.put("/doctor-profile", uploadLimit, zValidator("form", doctorProfileForm, onInvalid), async (c) => {
    const { id } = signedIn(c, "doctor");
    const form = c.req.valid("form");
    const doctor = await withPicture("doctors", form.profileImage, async (tx, profileImage) => {
      const before = await findDoctor(tx, id);
      const after = await updateDoctor(tx, id, {
        name: form.name,
        specialization: form.specialization,
        collegeName: form.collegeName,
        ...(profileImage && { profileImage }),
      });
      return { result: after, previous: before?.profileImage ?? null };
    });
    return c.json({ message: "Profile updated successfully!", doctor: doctorJson(doctor) });
  });

  return api;
}
