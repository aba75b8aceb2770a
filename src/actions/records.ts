/**
 * Issue 56's records: from the start of a confirmed meeting (not cancelled, not missed) its doctor
 * writes the visit note and the prescription as a draft, any number of times, then issues it:
 * a number RX-YYYY-NNNNNN taken in the issuing transaction, and a snapshot of who and where, after
 * which it never changes. An amendment is a new issued version pointing to the one it replaces.
 * Issues and amendments are in the audit trail (their number only: never the medical content).
 * Both doors (the JSON API and the doctor's page) call these.
 */
import type { Tx } from "../db/client";
import { together } from "../db/together";
import { findOwnAppointment, type AppointmentRow } from "../db/queries/appointments";
import { recordAudit } from "../db/queries/audit";
import { insertRecord, insertRecordAtCommit, issueDraft, markReplaced, nextNumber, patientRecords, pruneRecords, recordsOf, snapshotSources, updateDraft, type RecordRow } from "../db/queries/records";
import type { Deps } from "../config/deps";
import type { AppointmentStatus } from "../domain/appointment";
import { ageOn } from "../domain/family";
import { conflict, notFound } from "../domain/refusal";
import { isEmptyRecord, numberYear, RECORD_MESSAGES, recordNumber, type RecordInput, type RecordSnapshot } from "../domain/records";

export type { RecordInput };
import { dateInZone, DEFAULT_TIME_ZONE } from "../domain/time";

/**
 * An appointment's record as its doctor sees it: the draft, else the latest issued version; every
 * version; the appointment; who it is for; and whether the doctor can issue (a verified registration).
 */
export type DoctorRecord = {
  current: RecordRow | null;
  versions: RecordRow[];
  appointment: Own;
  who: { patientName: string; forName: string | null; forRelation: string | null; forAge: number | null };
  verified: boolean;
};

type Own = AppointmentRow & { effective: AppointmentStatus };
type Sources = NonNullable<Awaited<ReturnType<typeof snapshotSources>>>;

/**
 * What an issue or an amendment reads, in one round trip: the doctor's own appointment (404
 * otherwise; refused when not writable), its versions, and what the snapshot is made of.
 */
async function readForIssue(tx: Tx, doctorId: string, appointmentId: string, now: Date) {
  const [appointment, versions, sources] = await together(() =>
    Promise.all([findOwnAppointment(tx, appointmentId, { doctorId }, now), recordsOf(tx, appointmentId), snapshotSources(tx, appointmentId)]),
  );
  if (appointment === undefined || sources === undefined) throw notFound("Appointment");
  checkWritable(appointment, now);
  return { appointment, versions, sources };
}

async function ownAppointment(tx: Tx | Deps["database"]["db"], doctorId: string, appointmentId: string, now: Date): Promise<Own> {
  const appointment = await findOwnAppointment(tx, appointmentId, { doctorId }, now);
  if (appointment === undefined) throw notFound("Appointment");
  return appointment;
}

/** Refuses a record of a cancelled or missed appointment, or one not started yet. */
function checkWritable(appointment: Own, now: Date): void {
  if (appointment.effective === "cancelled" || appointment.effective === "noshow") throw conflict(RECORD_MESSAGES.closed);
  if (appointment.scheduledAt === null || appointment.effective === "pending" || now.getTime() < appointment.scheduledAt.getTime()) throw conflict(RECORD_MESSAGES.tooEarly);
}

const draftOf = (versions: RecordRow[]) => versions.find((r) => r.number === null);
const latestIssued = (versions: RecordRow[]) => versions.filter((r) => r.number !== null && r.replacedByNumber === null).at(-1);

/** The doctor's view of an appointment's record (404 when the appointment is not theirs). */
export async function doctorRecord(deps: Deps, doctorId: string, appointmentId: string): Promise<DoctorRecord> {
  const db = deps.database.db;
  const appointment = await ownAppointment(db, doctorId, appointmentId, deps.now());
  const [versions, s] = await together(() => Promise.all([recordsOf(db, appointmentId), snapshotSources(db, appointmentId)]));
  const who = { patientName: s!.patientName, forName: s!.forName, forRelation: s!.forRelation, forAge: s!.forAge };
  return { current: draftOf(versions) ?? latestIssued(versions) ?? null, versions, appointment, who, verified: s!.registrationNumber !== null };
}

/** Saves the draft (made on the first save); 409 once the record is issued (amend it then). */
export function saveRecord(deps: Deps, doctorId: string, appointmentId: string, input: RecordInput): Promise<RecordRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const [appointment, versions] = await together(() => Promise.all([findOwnAppointment(tx, appointmentId, { doctorId }, now), recordsOf(tx, appointmentId)]));
    if (appointment === undefined) throw notFound("Appointment");
    checkWritable(appointment, now);
    const draft = draftOf(versions);
    if (draft === undefined && versions.length > 0) throw conflict(RECORD_MESSAGES.alreadyIssued);
    const fields = { note: input.note, medicines: input.medicines, followUp: input.followUp, updatedAt: now };
    if (draft !== undefined) return (await updateDraft(tx, draft.id, fields)) ?? conflictIssued();
    return insertRecord(tx, {
      id: crypto.randomUUID(),
      appointmentId,
      doctorId,
      patientId: appointment.patientId,
      visitAt: appointment.scheduledAt!,
      createdAt: now,
      ...fields,
    });
  });
}

const conflictIssued = (): never => {
  throw conflict(RECORD_MESSAGES.alreadyIssued);
};

/**
 * Who and where, read in the issuing transaction: the doctor's verified registration (409 naming
 * why when there is none), the patient's or the family member's name, age at the visit and sex.
 */
function snapshotOf(s: Sources, appointment: Own): RecordSnapshot {
  if (s.registrationNumber === null || s.registrationCouncil === null) throw conflict(RECORD_MESSAGES.unverified);
  const visitDate = dateInZone(appointment.scheduledAt!, DEFAULT_TIME_ZONE);
  const member = appointment.forName !== null;
  const birth = member ? s.memberBirth : s.dateOfBirth;
  return {
    doctorName: s.doctorName,
    qualification: `${s.specialization}, ${s.collegeName}`,
    registrationNumber: s.registrationNumber,
    registrationCouncil: s.registrationCouncil,
    place: visitPlace(s),
    patientName: member ? s.forName! : s.patientName,
    age: birth ? ageOn(birth, visitDate) : member ? s.forAge : null,
    sex: (member ? s.memberSex : s.sex) ?? null,
    relation: member ? s.forRelation : null,
  };
}

/**
 * Where the visit took place, as the issued record keeps it: "video" for a video call, else the
 * clinic's name and address on one line (issue 54), as it was when the record was issued. The
 * printed record says it with visitPlaceLine (src/components/RecordSheet.tsx).
 */
export function visitPlace(s: Pick<Sources, "visitType" | "placeName" | "placeAddress" | "placeLocality" | "placeCity" | "placePinCode">): string {
  if (s.visitType !== "clinic" || s.placeName === null) return "video";
  return [s.placeName, s.placeAddress, s.placeLocality, `${s.placeCity ?? ""} ${s.placePinCode ?? ""}`.trim()].filter(Boolean).join(", ");
}

/** The number of a record issued at `now`: the year's next, in this transaction. */
async function takeNumber(tx: Tx, now: Date): Promise<string> {
  const year = numberYear(now);
  return recordNumber(year, await nextNumber(tx, year));
}

/** Issues the draft: 409 when there is none to issue (empty, or issued already) or the registration is not verified. */
export function issueRecord(deps: Deps, doctorId: string, appointmentId: string): Promise<RecordRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const { appointment, versions, sources } = await readForIssue(tx, doctorId, appointmentId, now);
    const draft = draftOf(versions);
    if (draft === undefined && versions.length > 0) throw conflict(RECORD_MESSAGES.alreadyIssued);
    if (draft === undefined || isEmptyRecord(draft.note, draft.medicines)) throw conflict(RECORD_MESSAGES.empty);
    const snapshot = snapshotOf(sources, appointment);
    const number = await takeNumber(tx, now);
    const issued = (await issueDraft(tx, draft.id, { number, issuedAt: now, snapshot, updatedAt: now })) ?? conflictIssued();
    audit(tx, doctorId, appointmentId, now, "issue record", number);
    return issued;
  });
}

/** A new issued version of the record, replacing the latest one (409 when none is issued yet). */
export function amendRecord(deps: Deps, doctorId: string, appointmentId: string, input: RecordInput): Promise<RecordRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const { appointment, versions, sources } = await readForIssue(tx, doctorId, appointmentId, now);
    const replaced = latestIssued(versions);
    if (replaced === undefined) throw conflict(RECORD_MESSAGES.notIssued);
    if (isEmptyRecord(input.note, input.medicines)) throw conflict(RECORD_MESSAGES.empty);
    const snapshot = snapshotOf(sources, appointment);
    const number = await takeNumber(tx, now);
    const amended: RecordRow = {
      id: crypto.randomUUID(),
      appointmentId,
      doctorId,
      patientId: appointment.patientId,
      visitAt: appointment.scheduledAt!,
      note: input.note,
      medicines: input.medicines,
      followUp: input.followUp,
      number,
      issuedAt: now,
      snapshot,
      replacesId: replaced.id,
      replacesNumber: replaced.number,
      replacedByNumber: null,
      createdAt: now,
      updatedAt: now,
    };
    // Both sent with the COMMIT: this transaction holds the write lock since it took the number,
    // so the version read above is still the latest one.
    markReplaced(tx, replaced.id, number);
    insertRecordAtCommit(tx, amended);
    audit(tx, doctorId, appointmentId, now, "amend record", `${number} replaces ${replaced.number}`);
    return amended;
  });
}

function audit(tx: Tx, doctorId: string, appointmentId: string, at: Date, action: string, reason: string): void {
  recordAudit(tx, { at, actorRole: "doctor", actorId: doctorId, subject: "appointment", subjectId: appointmentId, action, fromStatus: null, toStatus: null, reason });
}

/** The patient's issued records, newest first (never a draft). */
export function recordsOfPatient(deps: Deps, patientId: string): Promise<RecordRow[]> {
  return patientRecords(deps.database.db, patientId);
}

/** One issued record of the patient's (404: a draft, another's, or none). */
export async function recordOfPatient(deps: Deps, patientId: string, id: string): Promise<RecordRow> {
  const [row] = await patientRecords(deps.database.db, patientId, id);
  if (row === undefined) throw notFound("Record");
  return row;
}

/** Deletes the records of visits more than RECORD_KEEP_DAYS ago (the server's hourly prune); how many went. */
export function pruneOldRecords(deps: Deps): Promise<number> {
  const before = new Date(deps.now().getTime() - deps.config.recordKeepDays * 24 * 3_600_000);
  return deps.database.write((tx) => pruneRecords(tx, before));
}
