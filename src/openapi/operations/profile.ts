/** The patient's and the doctor's own profiles (src/routes/api/profile.ts). */
import { answers } from "../../http/answers";
import { doctorProfileForm, patientProfileForm } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH } from "./common";

export const profile = {
  patient: {
    method: "get", path: `${AUTH}/patient-profile`, tag: "Profiles", who: "patient",
    summary: "The signed-in patient",
    ok: { status: 200, schema: answers.patient, description: "The patient", example: { patient: EXAMPLES.patient } },
  },
  changePatient: {
    method: "put", path: `${AUTH}/patient-profile`, tag: "Profiles", who: "patient",
    summary: "Change the patient's name and, optionally, picture",
    body: { kind: "form", schema: patientProfileForm, example: { name: "Pat Patient" } },
    ok: { status: 200, schema: answers.patientUpdated, description: "Updated", example: { message: "Profile updated successfully!", patient: EXAMPLES.patient } },
    errors: [408, 413, 415, 429, 503],
  },
  doctor: {
    method: "get", path: `${AUTH}/doctor-profile`, tag: "Profiles", who: "approved doctor",
    summary: "The signed-in doctor",
    ok: { status: 200, schema: answers.doctor, description: "The doctor", example: { doctor: EXAMPLES.doctor } },
  },
  changeDoctor: {
    method: "put", path: `${AUTH}/doctor-profile`, tag: "Profiles", who: "approved doctor",
    summary: "Change the doctor's name, specialization, college, details (registration, experience, languages, fee, about) and, optionally, picture",
    description: "Each detail is optional: a field left out keeps its value. A new or changed registration (number or council) waits for the admin's check; until then `registration.verified` is false and patients are shown the last verified pair.",
    body: {
      kind: "form",
      schema: doctorProfileForm,
      example: { name: "Dana Doctor", specialization: "Cardiologist", collegeName: "City Medical College", languages: "en,hi", fee: "500", experienceYears: "12" },
    },
    ok: { status: 200, schema: answers.doctorUpdated, description: "Updated", example: { message: "Profile updated successfully!", doctor: EXAMPLES.doctor } },
    errors: [408, 413, 415, 429, 503],
  },
} satisfies Record<string, Operation>;
