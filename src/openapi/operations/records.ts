/** Issue 56's visit note and prescription, and the patient's records (src/routes/api/records.ts). */
import { answers } from "../../http/answers";
import { recordAppointmentParam, recordBody, recordIdParam } from "../../http/schemas";
import type { Operation } from "../operation";
import { DOCTOR, PATIENT } from "./common";

const ID = "3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90";
const APPOINTMENT = "7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b";
const MEDICINE = { name: "Paracetamol", brand: "Crocin", strength: "500 mg", form: "tablet", dose: "1 tablet", frequency: "Three times a day", durationDays: 5, instructions: "After food" } as const;
const NOTE = { complaints: "Fever for two days", history: "", findings: "Temperature 38.5 °C", investigations: "", diagnosis: "Viral fever", advice: "Rest and fluids" };
const BODY = { ...NOTE, followUp: "2026-12-10", medicines: [MEDICINE] };
const ISSUED = {
  _id: ID, appointmentId: APPOINTMENT, status: "issued", number: "RX-2026-000042", issuedAt: "2026-12-03T10:20:00.000Z", visitAt: "2026-12-03T10:00:00.000Z",
  ...NOTE, followUp: "2026-12-10", medicines: [MEDICINE], replaces: null, replacedBy: null,
  doctor: { name: "Dana Doctor", qualification: "Cardiologist, City Medical College", registrationNumber: "DMC/12345", registrationCouncil: "Delhi Medical Council" },
  patient: { name: "Pat Patient", age: 34, sex: "female", relation: null },
  place: "video", updatedAt: "2026-12-03T10:20:00.000Z",
} as const;
const DRAFT = { ...ISSUED, status: "draft", number: null, issuedAt: null, doctor: null, patient: null, place: null } as const;

const PATH = `${DOCTOR}/appointments/{id}/record`;
const WHEN = "From the start of a confirmed appointment (before it: 409); a cancelled or missed one: 409; another doctor's: 404.";

export const records = {
  doctorRecord: {
    method: "get", path: PATH, tag: "Doctor", who: "approved doctor",
    summary: "The visit note and prescription of an appointment (issue 56): the draft, else the latest issued version",
    description: "`record` is null until the first save; `versions` lists every version, oldest first. Another doctor's appointment: 404.",
    params: recordAppointmentParam,
    ok: { status: 200, schema: answers.record, description: "The record", example: { record: DRAFT, versions: [DRAFT] } },
    errors: [404],
  },
  saveRecord: {
    method: "put", path: PATH, tag: "Doctor", who: "approved doctor",
    summary: "Save the visit note and prescription as a draft, any number of times",
    description: `Each section 0-2000 characters, \`followUp\` YYYY-MM-DD, at most 20 medicines. ${WHEN} Once issued: 409 (amend it).`,
    params: recordAppointmentParam,
    body: { kind: "json", schema: recordBody, example: BODY },
    ok: { status: 200, schema: answers.recordSaved, description: "Saved", example: { message: "Record saved", record: DRAFT } },
    errors: [404, 409],
  },
  issueRecord: {
    method: "post", path: `${PATH}/issue`, tag: "Doctor", who: "approved doctor",
    summary: "Issue the draft: it takes the year's next number RX-YYYY-NNNNNN and never changes again",
    description: `409 when the draft is empty, when the record is issued already, or when the doctor's medical registration is not verified (the message says why). ${WHEN} Audited.`,
    params: recordAppointmentParam,
    ok: { status: 200, schema: answers.recordSaved, description: "Issued", example: { message: "Record issued", record: ISSUED } },
    errors: [404, 409],
  },
  amendRecord: {
    method: "post", path: `${PATH}/amend`, tag: "Doctor", who: "approved doctor",
    summary: "Amend the issued record: a new issued version with its own number, pointing to the one it replaces",
    description: `The replaced record stays readable, marked with \`replacedBy\`. 409 when none is issued yet, when the body is empty, or when the registration is not verified. ${WHEN} Audited.`,
    params: recordAppointmentParam,
    body: { kind: "json", schema: recordBody, example: BODY },
    ok: { status: 201, schema: answers.recordSaved, description: "Amended", example: { message: "Record amended", record: { ...ISSUED, number: "RX-2026-000043", replaces: "RX-2026-000042" } } },
    errors: [404, 409],
  },
  patientRecords: {
    method: "get", path: `${PATIENT}/records`, tag: "Patient", who: "patient",
    summary: "The patient's issued records (visit notes and prescriptions), newest first: the account holder's and the family members'",
    ok: { status: 200, schema: answers.patientRecords, description: "The records", example: { records: [ISSUED] } },
  },
  patientRecord: {
    method: "get", path: `${PATIENT}/records/{id}`, tag: "Patient", who: "patient",
    summary: "One issued record of the patient's (a draft, or another patient's: 404)",
    params: recordIdParam,
    ok: { status: 200, schema: answers.patientRecord, description: "The record", example: { record: ISSUED } },
    errors: [404],
  },
} satisfies Record<string, Operation>;
