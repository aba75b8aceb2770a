/**
 * The account's data export (issue 44): everything Carebook holds about the signed-in account,
 * as one JSON document: the profile (with its consent), mail choices, family members, the
 * appointments with their story, feedback, waitlist entries, sessions (and the calendar feed),
 * the mails sent (subject and date, never their text) and the audit events about it.
 *
 * One statement a section, all sent in one read (`together`: one round trip, one snapshot).
 * Of another account it holds only what the owner's own pages show: a patient sees their
 * doctors' names and specializations; a doctor sees each patient's name (and the family member
 * booked for), never their email or id. Fields are picked one by one, so a column added later
 * (a second factor's secret) never leaks through.
 */
import type { Deps } from "../config/deps";
import type { AccountRow, AdminRow, DoctorRow, PatientRow } from "../db/queries/accounts";
import { exportAppointments, exportAudit, exportFeedback, exportMails, exportStory, exportWaitlist, type ExportedAppointment } from "../db/queries/export";
import { listFamily } from "../db/queries/family";
import { patientRecords, type RecordRow } from "../db/queries/records";
import { patientDocuments } from "../db/queries/documents";
import { together } from "../db/together";
import { effectiveStatus } from "../domain/appointment";
import type { Role } from "../domain/fields";
import { mailPreferencesOf } from "./mail-preferences";
import { consentStateOf } from "./consent";
import { listSessions } from "./sessions";

/** Who asks: the session's role, account row and session id. */
export type Exporter =
  | { role: "patient"; account: PatientRow; sessionId: string }
  | { role: "doctor"; account: DoctorRow; sessionId: string }
  | { role: "admin"; account: AdminRow; sessionId: string };

const none = async () => [];

/** The whole document for the signed-in account (see the module's comment). */
export async function exportAccount(deps: Deps, who: Exporter) {
  const r = deps.database.db;
  const { role, account } = who;
  const side = role === "admin" ? undefined : role;
  const [family, appointments, story, feedback, waitlist, sessions, mails, audit, mailChoices, records, reports] = await together(() =>
    Promise.all([
      role === "patient" ? listFamily(r, account.id) : none(),
      side ? exportAppointments(r, side, account.id) : none(),
      side ? exportStory(r, side, account.id) : none(),
      side ? exportFeedback(r, side, account.id) : none(),
      role === "patient" ? exportWaitlist(r, account.id) : none(),
      listSessions(deps, role, account.id, who.sessionId),
      exportMails(r, role, account.id),
      exportAudit(r, role, account.id),
      side ? mailPreferencesOf(deps, role, account.id) : undefined,
      role === "patient" ? patientRecords(r, account.id) : none(),
      role === "patient" ? patientDocuments(r, account.id) : none(),
    ]),
  );
  const now = deps.now();
  const consent = consentStateOf(deps, role, account);
  return {
    exportedAt: now,
    profile: { role, ...profileOf(role, account), consent: consent.accepted, consentAsked: consent.due },
    mailPreferences: mailChoices ?? null,
    familyMembers: family.map((m) => ({ name: m.name, relation: m.relation, dateOfBirth: m.dateOfBirth, sex: m.sex, createdAt: m.createdAt })),
    appointments: appointments.map((a) => ({
      ...appointmentOf(a, side ?? "patient", now),
      story: story.filter((e) => e.appointmentId === a.id).map(({ appointmentId: _, ...event }) => event),
    })),
    feedback,
    waitlist,
    sessions: sessions.map((s) => ({ kind: s.kind, device: s.device, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, current: s.current })),
    mails,
    auditEvents: audit,
    // Issue 56: the patient's issued records (visit notes and prescriptions), as their pages show them.
    records: records.map(exportedRecord),
    // Issue 56: the reports the patient uploaded, listed (the files are theirs to download one by one).
    documents: reports.map((d) => ({ appointmentId: d.appointmentId, title: d.title, type: d.type, bytes: d.bytes, uploadedAt: d.uploadedAt })),
  };
}

/** An issued record in the export: its number, dates, the doctor's words and who and where, as issued. */
function exportedRecord(r: RecordRow) {
  return {
    number: r.number!,
    issuedAt: r.issuedAt!,
    visitAt: r.visitAt,
    ...r.note,
    followUp: r.followUp,
    medicines: r.medicines,
    replaces: r.replacesNumber,
    replacedBy: r.replacedByNumber,
    issuedWith: r.snapshot!,
  };
}
export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

/** The account's own fields, picked one by one (never a hash, a token version or a secret). */
function profileOf(role: Role, a: AccountRow) {
  const common = { id: a.id, name: a.name, email: a.email, timeZone: a.timeZone, language: a.language, createdAt: a.createdAt };
  if (role === "admin") return common;
  const p = a as PatientRow | DoctorRow;
  // Issue 55: the phone, as the profile shows it.
  const phone = p.phone === null ? null : { number: p.phone, verifiedAt: p.phoneVerifiedAt };
  if (role === "patient") return { ...common, profileImage: p.profileImage, phone };
  const d = a as DoctorRow;
  return {
    ...common,
    profileImage: d.profileImage,
    phone,
    specialization: d.specialization,
    collegeName: d.collegeName,
    status: d.status,
    pendingSpecialization: d.pendingSpecialization,
    pendingCollegeName: d.pendingCollegeName,
    registrationNumber: d.registrationNumber,
    registrationCouncil: d.registrationCouncil,
    pendingRegistrationNumber: d.pendingRegistrationNumber,
    pendingRegistrationCouncil: d.pendingRegistrationCouncil,
    registrationReason: d.registrationReason,
    experienceYears: d.experienceYears,
    languages: d.languages,
    fee: d.fee,
    about: d.about,
    profileCheckedAt: d.profileCheckedAt,
  };
}

/** One appointment as its owner sees it: a patient's names its doctor, a doctor's names its patient only by name. */
function appointmentOf(a: ExportedAppointment, side: "patient" | "doctor", now: Date) {
  return {
    id: a.id,
    status: effectiveStatus(a.status, a.endsAt, now, a.attended),
    reason: a.reason,
    createdAt: a.createdAt,
    scheduledAt: a.scheduledAt,
    endsAt: a.endsAt,
    meetLink: a.meetLink,
    preferredTimes: a.preferredTimes ?? [],
    cancelled: a.cancelledAt === null ? null : { by: a.cancelledBy, at: a.cancelledAt, reason: a.cancelReason },
    rescheduled: a.rescheduledFrom === null ? null : { from: a.rescheduledFrom, reason: a.rescheduleReason, by: a.rescheduledBy ?? "doctor" },
    for: a.forName === null ? null : { name: a.forName, relation: a.forRelation, age: a.forAge },
    ...(side === "patient" ? { doctor: { name: a.doctorName, specialization: a.doctorSpecialization } } : { patient: { name: a.patientName } }),
  };
}
