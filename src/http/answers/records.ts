/** Issue 56's records: the visit note and prescription, as the doctor and the patient read one. */
import { z } from "zod";
import { SEXES } from "../../domain/family";
import { MEDICINE_FORMS, NOTE_SECTIONS, type Medicine, type RecordNote, type RecordSnapshot } from "../../domain/records";
import { id, time } from "./common";

const MedicineLine = z
  .object({
    name: z.string(),
    brand: z.string(),
    strength: z.string(),
    form: z.enum(MEDICINE_FORMS),
    dose: z.string(),
    frequency: z.string(),
    durationDays: z.number().int(),
    instructions: z.string(),
  })
  .meta({ id: "MedicineLine" });

const sections = Object.fromEntries(NOTE_SECTIONS.map((s) => [s, z.string()])) as Record<keyof RecordNote, z.ZodString>;

export const MedicalRecord = z
  .object({
    _id: id,
    appointmentId: id,
    status: z.enum(["draft", "issued"]).meta({ description: "A draft is the doctor's alone; issued, it never changes" }),
    number: z.string().nullable().meta({ description: "RX-YYYY-NNNNNN once issued; null for a draft", example: "RX-2026-000042" }),
    issuedAt: time.nullable(),
    visitAt: time,
    ...sections,
    followUp: z.string().nullable().meta({ description: "YYYY-MM-DD, or null" }),
    medicines: z.array(MedicineLine),
    replaces: z.string().nullable().meta({ description: "The number of the record this amendment replaces" }),
    replacedBy: z.string().nullable().meta({ description: "The number of the amendment that replaced this record" }),
    doctor: z
      .object({ name: z.string(), qualification: z.string(), registrationNumber: z.string(), registrationCouncil: z.string() })
      .nullable()
      .meta({ description: "As at the issue (a verified registration); null for a draft" }),
    patient: z
      .object({ name: z.string(), age: z.number().int().nullable(), sex: z.enum(SEXES).nullable(), relation: z.string().nullable() })
      .nullable()
      .meta({ description: "The patient or the family member the visit was for, as at the issue; null for a draft" }),
    place: z.string().nullable().meta({ description: "Where the visit took place: \"video\" (a video call); null for a draft" }),
    updatedAt: time,
  })
  .meta({ id: "MedicalRecord" });

export type RecordRowLike = {
  id: string;
  appointmentId: string;
  note: RecordNote;
  medicines: Medicine[];
  followUp: string | null;
  number: string | null;
  issuedAt: Date | null;
  snapshot: RecordSnapshot | null;
  replacesNumber: string | null;
  replacedByNumber: string | null;
  visitAt: Date;
  updatedAt: Date;
};

/** A record row as the API answers it. */
export function recordJson(r: RecordRowLike): z.output<typeof MedicalRecord> {
  const s = r.snapshot;
  return {
    _id: r.id,
    appointmentId: r.appointmentId,
    status: r.number === null ? "draft" : "issued",
    number: r.number,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    visitAt: r.visitAt.toISOString(),
    ...Object.fromEntries(NOTE_SECTIONS.map((k) => [k, r.note[k] ?? ""])) as RecordNote,
    followUp: r.followUp,
    medicines: r.medicines,
    replaces: r.replacesNumber,
    replacedBy: r.replacedByNumber,
    doctor: s && { name: s.doctorName, qualification: s.qualification, registrationNumber: s.registrationNumber, registrationCouncil: s.registrationCouncil },
    patient: s && { name: s.patientName, age: s.age, sex: s.sex, relation: s.relation },
    place: s?.place ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const recordAnswers = {
  record: z.object({ record: MedicalRecord.nullable(), versions: z.array(MedicalRecord).meta({ description: "Every version, oldest first: the draft and the issued ones" }) }),
  recordSaved: z.object({ message: z.string(), record: MedicalRecord }),
  patientRecords: z.object({ records: z.array(MedicalRecord) }),
  patientRecord: z.object({ record: MedicalRecord }),
};
