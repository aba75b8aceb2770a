/**
 * Issue 56 item 4: the patient's reports on an open or past appointment. The type is told by the
 * file's first bytes; a picture is re-encoded in a picture worker (src/storage/picture.ts, the
 * "page" shape: whole, no metadata) and a PDF kept as sent. The file goes to src/storage's
 * documents folder under a random name; the row holds the name. Only the patient and the
 * appointment's doctor read a report; each read by the doctor is in the audit trail (ids only,
 * never the title). Both doors (the JSON API and the appointments pages) call these.
 */
import { findOwnAppointment } from "../db/queries/appointments";
import { together } from "../db/together";
import { recordAudit } from "../db/queries/audit";
import { countDocuments, deleteDocument, documentOf, documentsOf, insertDocumentIfRoom, type DocumentRow } from "../db/queries/documents";
import type { Deps } from "../config/deps";
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, documentTooLargeMessage, sniffDocument, type DocumentType } from "../domain/documents";
import { conflict, invalid, notFound, Refusal } from "../domain/refusal";
import { DOCUMENT_FOLDER, type StoredExtension, type StoredImage } from "../storage/names";
import { processPicture } from "../storage/picture";

export type { DocumentRow };
export type DocumentUpload = { title: string; file: File };

const EXTENSION: Record<DocumentType, StoredExtension> = { pdf: "pdf", jpeg: "jpg", png: "png" };

async function patientAppointment(deps: Deps, patientId: string, appointmentId: string) {
  const appointment = await findOwnAppointment(deps.database.db, appointmentId, { patientId }, deps.now());
  if (appointment === undefined) throw notFound("Appointment");
  return appointment;
}

/** The bytes to store and their type: a PDF as sent, a picture re-encoded off this thread. */
async function storedBytes(deps: Deps, file: File): Promise<{ bytes: Uint8Array; type: DocumentType }> {
  if (file.size > deps.config.maxDocumentBytes) throw new Refusal("too_large", documentTooLargeMessage(deps.config.maxDocumentBytes));
  if (file.size === 0) throw invalid(DOCUMENT_MESSAGES.empty);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffDocument(bytes);
  if (type === undefined) throw new Refusal("unsupported", DOCUMENT_MESSAGES.type);
  if (type === "pdf") return { bytes, type };
  try {
    const picture = await processPicture(bytes, deps.config.pictureWorkers, "page");
    return { bytes: picture.bytes, type: "jpeg" };
  } catch (error) {
    // The picture checks speak of profile pictures: a report's refusal says what to do instead.
    if (error instanceof Refusal && (error.kind === "unsupported" || error.kind === "too_large")) throw new Refusal(error.kind, DOCUMENT_MESSAGES.picture);
    throw error;
  }
}

/** Stores a report on the patient's appointment (not a cancelled one; at most 10 each). */
export async function uploadDocument(deps: Deps, patientId: string, appointmentId: string, input: DocumentUpload): Promise<DocumentRow> {
  const db = deps.database.db;
  // Checked before the work (one round trip), and again by the insert itself (two uploads at once).
  const [appointment, held] = await together(() => Promise.all([findOwnAppointment(db, appointmentId, { patientId }, deps.now()), countDocuments(db, appointmentId)]));
  if (appointment === undefined) throw notFound("Appointment");
  if (appointment.effective === "cancelled") throw conflict(DOCUMENT_MESSAGES.cancelled);
  if (held >= DOCUMENT_LIMITS.perAppointment) throw conflict(DOCUMENT_MESSAGES.tooMany);
  const { bytes, type } = await storedBytes(deps, input.file);
  const storedName = await deps.storage.save(DOCUMENT_FOLDER, bytes, EXTENSION[type]);
  const row: DocumentRow = {
    id: crypto.randomUUID(),
    appointmentId,
    patientId,
    doctorId: appointment.doctorId,
    title: input.title,
    type,
    bytes: bytes.byteLength,
    storedName,
    uploadedAt: deps.now(),
  };
  try {
    await deps.database.write(async (tx) => {
      if (!(await insertDocumentIfRoom(tx, row, DOCUMENT_LIMITS.perAppointment))) throw conflict(DOCUMENT_MESSAGES.tooMany);
    });
  } catch (error) {
    await deps.storage.remove(DOCUMENT_FOLDER, storedName);
    throw error;
  }
  return row;
}

/** The reports of the patient's appointment, oldest first. */
export async function patientDocumentList(deps: Deps, patientId: string, appointmentId: string): Promise<DocumentRow[]> {
  await patientAppointment(deps, patientId, appointmentId);
  return documentsOf(deps.database.db, appointmentId);
}

/** The reports of the doctor's appointment (their titles, for the card), oldest first. */
export async function doctorDocumentList(deps: Deps, doctorId: string, appointmentId: string): Promise<DocumentRow[]> {
  const appointment = await findOwnAppointment(deps.database.db, appointmentId, { doctorId }, deps.now());
  if (appointment === undefined) throw notFound("Appointment");
  return documentsOf(deps.database.db, appointmentId);
}

/** Deletes a report of the patient's appointment, its file after the row. */
export async function removeDocument(deps: Deps, patientId: string, appointmentId: string, documentId: string): Promise<void> {
  const row = await deps.database.write(async (tx) => {
    const found = await documentOf(tx, appointmentId, documentId);
    if (found === undefined || found.patientId !== patientId) throw notFound("Document");
    await deleteDocument(tx, found.id);
    return found;
  });
  await deps.storage.remove(DOCUMENT_FOLDER, row.storedName);
}

export type DocumentFile = { row: DocumentRow; file: StoredImage };

async function fileOf(deps: Deps, row: DocumentRow | undefined): Promise<DocumentFile> {
  if (row === undefined) throw notFound("Document");
  const file = await deps.storage.read(DOCUMENT_FOLDER, row.storedName);
  if (file === undefined) throw notFound("Document");
  return { row, file };
}

/** A report as its patient reads it. */
export async function patientDocumentFile(deps: Deps, patientId: string, appointmentId: string, documentId: string): Promise<DocumentFile> {
  const row = await documentOf(deps.database.db, appointmentId, documentId);
  return fileOf(deps, row?.patientId === patientId ? row : undefined);
}

/** A report as the appointment's doctor reads it: the read is audited (ids only) in the same transaction. */
export async function doctorDocumentFile(deps: Deps, doctorId: string, appointmentId: string, documentId: string): Promise<DocumentFile> {
  const row = await deps.database.write(async (tx) => {
    const found = await documentOf(tx, appointmentId, documentId);
    if (found === undefined || found.doctorId !== doctorId) return undefined;
    recordAudit(tx, {
      at: deps.now(),
      actorRole: "doctor",
      actorId: doctorId,
      subject: "appointment",
      subjectId: appointmentId,
      action: "document_read",
      fromStatus: null,
      toStatus: null,
      reason: found.id,
    });
    return found;
  });
  return fileOf(deps, row);
}
