/**
 * Issue 44's answers (./index.ts lists them): the consent notice's state, its acceptance, and
 * the account's data export. Objects are closed, as everywhere: a field that leaks into the
 * export without being described here fails the API tests.
 */
import { z } from "zod";
import { MEDICINE_FORMS, NOTE_SECTIONS } from "../../domain/records";
import { DOCUMENT_TYPES } from "../../domain/documents";
import { APPOINTMENT_STATUSES } from "../../domain/appointment";
import { DOCTOR_STATUSES, ROLES, SPECIALIZATIONS } from "../../domain/fields";
import { LANGS } from "../../domain/i18n";
import { RELATIONS, SEXES } from "../../domain/family";

const time = z.iso.datetime().meta({ description: "An ISO 8601 UTC time", example: "2026-11-23T09:30:00.000Z" });
const version = z.string().meta({ description: "A consent notice's version", example: "2026-11-28" });
const accepted = z.object({ version, at: time }).nullable().meta({ description: "The notice the account accepted and when; null: not given" });
const by = z.enum(["patient", "doctor", "admin"]);

export const ConsentState = z
  .object({
    version: version.meta({ description: "The notice in force" }),
    accepted,
    due: z.boolean().meta({ description: "The person's pages ask them to accept (nothing, or an older notice, was accepted); never for the admin" }),
    withdrawnAt: time.nullable().meta({ description: "Issue 51: when the person last withdrew their consent (kept after accepting again); null: never" }),
  })
  .meta({ id: "ConsentState" });

export const ConsentWithdrawn = z.object({ message: z.string(), withdrawnAt: time }).meta({ id: "ConsentWithdrawn" });

export const ConsentRecorded = z.object({ message: z.string(), version, at: time }).meta({ id: "ConsentRecorded" });

const nullableText = z.string().nullable();
const doctorOnly = {
  specialization: z.enum(SPECIALIZATIONS),
  collegeName: z.string(),
  status: z.enum(DOCTOR_STATUSES),
  pendingSpecialization: z.enum(SPECIALIZATIONS).nullable(),
  pendingCollegeName: nullableText,
  registrationNumber: nullableText,
  registrationCouncil: nullableText,
  pendingRegistrationNumber: nullableText,
  pendingRegistrationCouncil: nullableText,
  registrationReason: nullableText,
  experienceYears: z.number().int().nullable(),
  languages: nullableText.meta({ description: "Language codes, comma-separated" }),
  fee: z.number().int().nullable(),
  about: nullableText,
  profileCheckedAt: time.nullable(),
};
const Profile = z.object({
  role: z.enum(ROLES),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  timeZone: nullableText,
  language: z.enum(LANGS).nullable(),
  createdAt: time,
  profileImage: nullableText.optional().meta({ description: "Patients and doctors" }),
  phone: z
    .object({ number: z.string(), verifiedAt: time.nullable() })
    .nullable()
    .optional()
    .meta({ description: "Issue 55, patients and doctors: the mobile number and when it was verified (null: not yet); null when none" }),
  ...Object.fromEntries(Object.entries(doctorOnly).map(([k, v]) => [k, v.optional().meta({ description: "Doctors only" })])),
  consent: accepted,
  consentAsked: z.boolean(),
});

const storyEvent = z.object({ at: time, action: z.string(), by, from: nullableText, to: nullableText, reason: nullableText });

const ExportedAppointment = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  reason: z.string(),
  createdAt: time,
  scheduledAt: time.nullable(),
  endsAt: time.nullable(),
  meetLink: nullableText,
  preferredTimes: z.array(z.string()),
  cancelled: z.object({ by: by.nullable(), at: time, reason: nullableText }).nullable(),
  rescheduled: z.object({ from: time, reason: nullableText, by: z.enum(["patient", "doctor"]) }).nullable(),
  for: z.object({ name: z.string(), relation: z.enum(RELATIONS).nullable(), age: z.number().int().nullable() }).nullable().meta({ description: "The family member it was booked for; null: the account holder" }),
  doctor: z.object({ name: z.string(), specialization: z.enum(SPECIALIZATIONS) }).optional().meta({ description: "A patient's export: the doctor" }),
  patient: z.object({ name: z.string() }).optional().meta({ description: "A doctor's export: the patient, by name only (as the doctor's pages show them)" }),
  story: z.array(storyEvent).meta({ description: "Every change of the appointment, oldest first (the audit trail)" }),
});

/** Issue 56: an issued record in the export. */
const ExportedRecord = z.object({
  number: z.string(),
  issuedAt: time,
  visitAt: time,
  ...Object.fromEntries(NOTE_SECTIONS.map((k) => [k, z.string()])),
  followUp: z.string().nullable(),
  medicines: z.array(z.object({ name: z.string(), brand: z.string(), strength: z.string(), form: z.enum(MEDICINE_FORMS), dose: z.string(), frequency: z.string(), durationDays: z.number().int(), instructions: z.string() })),
  replaces: z.string().nullable(),
  replacedBy: z.string().nullable(),
  issuedWith: z.object({
    doctorName: z.string(),
    qualification: z.string(),
    registrationNumber: z.string(),
    registrationCouncil: z.string(),
    place: z.string(),
    patientName: z.string(),
    age: z.number().int().nullable(),
    sex: z.enum(SEXES).nullable(),
    relation: z.string().nullable(),
  }),
});

export const AccountExport = z
  .object({
    exportedAt: time,
    profile: Profile,
    mailPreferences: z.object({ reminders: z.boolean(), notices: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }).nullable().meta({ description: "null for the admin" }),
    familyMembers: z.array(z.object({ name: z.string(), relation: z.enum(RELATIONS), dateOfBirth: z.string(), sex: z.enum(SEXES).nullable(), createdAt: time })),
    appointments: z.array(ExportedAppointment),
    feedback: z.array(
      z.object({
        appointmentId: z.string(),
        message: z.string(),
        rating: z.number().int().nullable(),
        published: z.boolean(),
        replyText: nullableText,
        repliedAt: time.nullable(),
        hiddenAt: time.nullable(),
        hiddenReason: nullableText,
        createdAt: time,
      }),
    ),
    waitlist: z.array(z.object({ doctorName: z.string(), reason: z.string(), until: z.string(), createdAt: time, endedAt: time.nullable(), endedWhy: nullableText })),
    sessions: z.array(z.object({ kind: z.enum(["device", "calendarFeed"]), device: z.string(), createdAt: time, lastSeenAt: time, current: z.boolean() })),
    mails: z.array(z.object({ subject: z.string(), template: z.string(), state: z.string(), createdAt: time, sentAt: time.nullable() })).meta({ description: "Subject and dates only, never the text" }),
    auditEvents: z
      .array(z.object({ subject: z.enum(["doctor", "appointment"]), subjectId: z.string(), at: time, action: z.string(), by, from: nullableText, to: nullableText, reason: nullableText }))
      .meta({ description: "A doctor's account history; an admin's decisions about doctors; none for a patient (their appointments' story holds theirs)" }),
    records: z.array(ExportedRecord).meta({ description: "Issue 56: the patient's issued records (never a draft), oldest last; none for a doctor or an admin" }),
    documents: z
      .array(z.object({ appointmentId: z.string(), title: z.string(), type: z.enum(DOCUMENT_TYPES), bytes: z.number().int(), uploadedAt: time }))
      .meta({ description: "Issue 56: the reports the patient uploaded, listed without their files (each downloads from its appointment); none for a doctor or an admin" }),
  })
  .meta({ id: "AccountExport" });
