/**
 * Profiles of patients and doctors: read, and update with an optional new picture
 * (src/actions/profile.ts holds the rules).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { pictureTooLarge, PROFILE_UPDATED, updateDoctorProfile, updatePatientProfile } from "../../actions/profile";
import type { Deps } from "../../deps";
import { doctorProfileForm, patientProfileForm } from "../../http/schemas";
import { doctorJson, patientJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";

/** Room for the form's text fields and multipart boundaries around the largest picture. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The body limit of a profile form: the largest picture and its form around it. */
export function pictureBodyLimit(deps: Deps) {
  const maxBytes = deps.config.maxUploadBytes;
  return bodyLimit({
    maxSize: maxBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw pictureTooLarge(maxBytes);
    },
  });
}

export function profileApi(deps: Deps) {
  const api = new Hono();
  const uploadLimit = pictureBodyLimit(deps);

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
