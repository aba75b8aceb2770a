/**
 * Issue 56: the visit note and the prescription, one record. The field rules, the refusals and
 * the number, shared by the API's schemas, the use cases, the pages and the printed record.
 * Pure: no I/O.
 */
import type { Sex } from "./family";

/** The note's sections, in the order of India's Telemedicine Practice Guidelines (2020). */
export const NOTE_SECTIONS = ["complaints", "history", "findings", "investigations", "diagnosis", "advice"] as const;
export type NoteSection = (typeof NOTE_SECTIONS)[number];
export type RecordNote = Record<NoteSection, string>;

export const MEDICINE_FORMS = ["tablet", "capsule", "syrup", "injection", "drops", "cream", "inhaler", "other"] as const;
export type MedicineForm = (typeof MEDICINE_FORMS)[number];

export type Medicine = {
  name: string;
  brand: string;
  strength: string;
  form: MedicineForm;
  dose: string;
  frequency: string;
  durationDays: number;
  instructions: string;
};

export const RECORD_LIMITS = {
  section: { min: 0, max: 2000 },
  medicines: { max: 20 },
  name: { min: 1, max: 80 },
  brand: { min: 0, max: 80 },
  strength: { min: 0, max: 40 },
  dose: { min: 1, max: 40 },
  frequency: { min: 1, max: 40 },
  durationDays: { min: 1, max: 365 },
  instructions: { min: 0, max: 200 },
} as const;

/** Who and where, as they were when the record was issued: a printed prescription never changes. */
export type RecordSnapshot = {
  doctorName: string;
  /** The doctor's specialization and college, as the profile says them (Carebook keeps no degree of its own). */
  qualification: string;
  registrationNumber: string;
  registrationCouncil: string;
  /** The place of the visit: "video" for now (visitPlaceLine says it). */
  place: string;
  patientName: string;
  /** Whole years at the visit; null when the patient did not say their date of birth. */
  age: number | null;
  sex: Sex | null;
  /** The family member's relation to the account holder; null for the holder. */
  relation: string | null;
};

export const RECORD_MESSAGES = {
  saved: "Record saved",
  issued: "Record issued",
  amended: "Record amended",
  empty: "This record is empty: write at least one section or one medicine before issuing it",
  alreadyIssued: "This record is already issued: amend it to change it",
  notIssued: "This record is not issued yet: issue it first",
  tooEarly: "This appointment has not started: its record can be written from its start",
  closed: "This appointment was cancelled or missed: it has no record",
  unverified: "Your medical registration is not verified: an admin must verify it before you can issue a prescription",
} as const;

/** What the doctor writes: the note's sections, the medicines and the follow-up date (YYYY-MM-DD or null). */
export type RecordInput = { note: RecordNote; medicines: Medicine[]; followUp: string | null };

/**
 * The API's record refusals as a page says them (src/domain/messages.ts): the catalog's key, and
 * the English, which src/i18n/en/records.ts says word for word.
 */
export const RECORD_WORDS: Readonly<Record<string, { key: string; plain: string }>> = {
  [RECORD_MESSAGES.empty]: { key: "msg.records.empty", plain: "Write at least one section or one medicine before issuing." },
  [RECORD_MESSAGES.alreadyIssued]: { key: "msg.records.issued", plain: "This record is already issued: issue an amended record to change it." },
  [RECORD_MESSAGES.notIssued]: { key: "msg.records.notIssued", plain: "This record is not issued yet." },
  [RECORD_MESSAGES.tooEarly]: { key: "msg.records.tooEarly", plain: "This appointment has not started yet: you can write its record from its start." },
  [RECORD_MESSAGES.closed]: { key: "msg.records.closed", plain: "This appointment was cancelled or missed, so it has no record." },
  [RECORD_MESSAGES.unverified]: { key: "msg.records.unverified", plain: "Your medical registration is not verified yet: an admin must verify it before you can issue a prescription." },
  [`durationDays must be a whole number from ${RECORD_LIMITS.durationDays.min} to ${RECORD_LIMITS.durationDays.max}`]: {
    key: "msg.records.days",
    plain: `Please enter the number of days as a whole number from ${RECORD_LIMITS.durationDays.min} to ${RECORD_LIMITS.durationDays.max}.`,
  },
  "followUp must be a date YYYY-MM-DD": { key: "msg.records.followUp", plain: "Please enter the follow-up date, such as 2026-12-20." },
};

/** Whether a note and its medicines hold nothing to issue. */
export const isEmptyRecord = (note: RecordNote, medicines: readonly Medicine[]) =>
  medicines.length === 0 && NOTE_SECTIONS.every((s) => note[s].trim() === "");

/** The record number: RX-YYYY-NNNNNN, the nth of the year. */
export const recordNumber = (year: number, n: number) => `RX-${year}-${String(n).padStart(6, "0")}`;

/** The year a record issued at `at` is numbered in: the calendar year in UTC. */
export const numberYear = (at: Date) => at.getUTCFullYear();

/** An empty note (every section ""). */
export const emptyNote = (): RecordNote => Object.fromEntries(NOTE_SECTIONS.map((s) => [s, ""])) as RecordNote;
