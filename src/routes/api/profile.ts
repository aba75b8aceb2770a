/**
 * Profiles of patients and doctors: read, and update with an optional new picture
 * (src/actions/profile.ts holds the rules; src/storage/picture.ts re-encodes the picture).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { PROFILE_UPDATED, updateDoctorProfile, updatePatientProfile } from "../../actions/profile";
import type { Deps } from "../../config/deps";
import { ApiError } from "../../http/errors";
import { uploadTooLargeMessage } from "../../domain/fields";
import { pictureBodyLimit } from "../../http/upload-gate";
import { doctorProfileForm, patientProfileForm } from "../../http/schemas";
import { doctorJson, patientJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";

export function profileApi(deps: Deps) {
  const api = new Hono();
  const maxBytes = deps.config.maxUploadBytes;
  const uploadLimit = pictureBodyLimit(maxBytes, () => {
    // A chunked body cut at the limit: end the connection rather than drain the rest.
    throw new ApiError(413, uploadTooLargeMessage(maxBytes), { Connection: "close" });
  });

  api.use("/patient-profile", requireRole(deps, "patient"));
  api.use("/doctor-profile", requireRole(deps, "doctor"));

  api.get("/patient-profile", (c) => c.json({ patient: patientJson(signedIn(c, "patient")) }));

  api.put("/patient-profile", uploadLimit, zValidator("form", patientProfileForm, onInvalid), async (c) => {
    const patient = await updatePatientProfile(deps, signedIn(c, "patient").id, c.req.valid("form"));
    return c.json({ message: PROFILE_UPDATED, patient: patientJson(patient) });
  });

  api.get("/doctor-profile", (c) => c.json({ doctor: doctorJson(signedIn(c, "doctor")) }));

  api.put("/doctor-profile", uploadLimit, zValidator("form", doctorProfileForm, onInvalid), async (c) => {
    const doctor = await updateDoctorProfile(deps, signedIn(c, "doctor").id, c.req.valid("form"));
    return c.json({ message: PROFILE_UPDATED, doctor: doctorJson(doctor) });
  });

  return api;
}
