/** The doctor directory: the patients' list, and the public search and profiles (issue 41; src/routes/api/patient.ts, public-directory.ts). */
import { answers } from "../../http/answers";
import { directoryQuery, directoryDoctorParam } from "../../http/schemas";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { AUTH, PATIENT } from "./common";

export const directory = {
  patientDirectory: {
    method: "get", path: `${PATIENT}/doctors`, tag: "Patient", who: "patient",
    summary: "Every approved doctor, by specialization then name",
    ok: { status: 200, schema: answers.directory, description: "The directory (no emails)", example: [EXAMPLES.directoryDoctor] },
    notModified: true,
  },
  search: {
    method: "get", path: `${AUTH}/directory/doctors`, tag: "Directory", who: "anyone",
    summary: "Search the public doctor directory (issue 41), 20 doctors a page",
    description:
      "Every approved doctor with a verified registration. `q` matches a word of the name, a specialization in English or Hindi, or an " +
      "everyday word (\"skin\", \"दिल\"); `specialization`, `language` (a code), `maxFee` (whole rupees), `availableDays` (a free time within " +
      "that many days, 1 to 14) filter; `sort` is `next` (soonest free time first, the default), `rating` (highest average first) or `fee` " +
      "(lowest first), doctors without that value last, then by name. A page past the last is empty. No email, status or anything private.",
    query: directoryQuery,
    ok: { status: 200, schema: answers.publicDirectory, description: "One page of doctors, its number and how many pages there are", example: EXAMPLES.publicDirectory },
  },
  profile: {
    method: "get", path: `${AUTH}/directory/doctors/{id}`, tag: "Directory", who: "anyone",
    summary: "A public doctor's profile and their newest published reviews",
    description: "Up to 20 published reviews no admin hid, newest first, each by first name and initial with the doctor's reply. 404 for a doctor the directory does not show (not approved, or no verified registration).",
    params: directoryDoctorParam,
    ok: { status: 200, schema: answers.publicProfile, description: "The profile and its reviews", example: EXAMPLES.publicProfile },
    errors: [404],
  },
} satisfies Record<string, Operation>;
