/**
 * Profile updates of patients and doctors, with an optional new picture (re-encoded small, see
 * src/storage/picture.ts). A failed update changes nothing: the new file is removed, the old
 * name, picture and fields stay.
 */
import { moveSpecialization } from "../db/queries/stats";
import type { Tx } from "../db/client";
import { findDoctor, findPatient, updateDoctor, updatePatient, type DoctorRow, type PatientRow } from "../db/queries/accounts";
import type { Deps } from "../config/deps";
import { uploadTooLargeMessage, type Specialization } from "../domain/fields";
import type { ImageFolder } from "../storage/names";
import { processPicture } from "../storage/picture";
import { invalid, notFound, Refusal } from "../domain/refusal";
import { BIRTH_IN_FUTURE, isFutureBirth, type Sex } from "../domain/family";
import { registrationChange, REGISTRATION_INCOMPLETE, type LanguageCode } from "../domain/doctor-details";

export const PROFILE_UPDATED = "Profile updated successfully!";

/** The refusal for a picture over MAX_UPLOAD_BYTES (the body limits answer it too). */
export const pictureTooLarge = (maxBytes: number) => new Refusal("too_large", uploadTooLargeMessage(maxBytes));

/** Re-encodes and stores an uploaded picture, counting its outcome and time in the metrics. */
async function storedPicture(deps: Deps, folder: ImageFolder, file: File): Promise<string> {
  const { metrics } = deps.observe;
  if (file.size > deps.config.maxUploadBytes) {
    metrics.pictureUpload("too_large");
    throw pictureTooLarge(deps.config.maxUploadBytes);
  }
  const started = performance.now();
  try {
    // Decoded, squared, shrunk and re-encoded without metadata; refused if it is no JPEG or PNG.
    const picture = await processPicture(new Uint8Array(await file.arrayBuffer()), deps.config.pictureWorkers);
    const decoded = (performance.now() - started) / 1000;
    const name = await deps.storage.save(folder, picture.bytes, picture.ext);
    metrics.pictureUpload("stored", decoded);
    return name;
  } catch (error) {
    const kind = error instanceof Refusal ? error.kind : undefined;
    metrics.pictureUpload(kind === "too_large" || kind === "unsupported" || kind === "busy" ? kind : "failed");
    throw error;
  }
}

/**
 * Saves the new picture (if any), runs the update, and on success removes the old picture.
 * `update` receives the stored file name and returns the previous one.
 */
async function withPicture<T>(
  deps: Deps,
  folder: ImageFolder,
  file: File | undefined,
  update: (tx: Tx, profileImage: string | undefined) => Promise<{ result: T; previous: string | null }>,
): Promise<T> {
  const { storage, database } = deps;
  let saved: string | undefined;
  if (file !== undefined) saved = await storedPicture(deps, folder, file);
  let outcome: { result: T; previous: string | null };
  try {
    outcome = await database.write((tx) => update(tx, saved));
  } catch (error) {
    if (saved !== undefined) await storage.remove(folder, saved);
    throw error;
  }
  if (saved !== undefined && outcome.previous !== null) await storage.remove(folder, outcome.previous);
  return outcome.result;
}

export type PatientProfileInput = { name: string; profileImage?: File; dateOfBirth?: string | null; sex?: Sex | null };
/** The doctor's form has no date of birth or sex. */
type ProfileBasics = { name: string; profileImage?: File };
/** The doctor's details (issue 41): absent keeps the stored value, null clears it. */
export type DoctorDetailsInput = {
  registrationNumber?: string;
  registrationCouncil?: string;
  experienceYears?: number | null;
  languages?: LanguageCode[] | null;
  fee?: number | null;
  about?: string | null;
};
export type DoctorProfileInput = ProfileBasics & { specialization: Specialization; collegeName: string } & DoctorDetailsInput;


/** The detail columns to write: what was sent, and a new or changed registration waiting for the admin. */
function detailChanges(before: DoctorRow, input: DoctorDetailsInput) {
  const registration = registrationChange(before, { number: input.registrationNumber, council: input.registrationCouncil });
  if (registration === "incomplete") throw invalid(REGISTRATION_INCOMPLETE);
  return {
    ...registration,
    ...(input.experienceYears !== undefined && { experienceYears: input.experienceYears }),
    ...(input.languages !== undefined && { languages: input.languages === null ? null : input.languages.join(",") }),
    ...(input.fee !== undefined && { fee: input.fee }),
    ...(input.about !== undefined && { about: input.about }),
  };
}

export function updatePatientProfile(deps: Deps, patientId: string, input: PatientProfileInput): Promise<PatientRow> {
  return withPicture(deps, "patients", input.profileImage, async (tx, profileImage) => {
    const before = await findPatient(tx, patientId);
    // Issue 56: a date of birth in the future is refused as the family's is; absent keeps it.
    if (input.dateOfBirth && isFutureBirth(input.dateOfBirth, deps.now())) throw invalid(BIRTH_IN_FUTURE);
    const details = { ...(input.dateOfBirth !== undefined && { dateOfBirth: input.dateOfBirth }), ...(input.sex !== undefined && { sex: input.sex }) };
    const after = await updatePatient(tx, patientId, { name: input.name, ...details, ...(profileImage && { profileImage }) });
    return { result: after, previous: before?.profileImage ?? null };
  });
}

export function updateDoctorProfile(deps: Deps, doctorId: string, input: DoctorProfileInput): Promise<DoctorRow> {
  return withPicture(deps, "doctors", input.profileImage, async (tx, profileImage) => {
    const before = await findDoctor(tx, doctorId);
    if (before === undefined) throw notFound("Doctor");
    // An approved doctor's new specialization or college waits for the admin (issue 27): the
    // directory keeps the approved values. The approved value sent again (the form shows it) leaves
    // a waiting change as it is; the admin approves or declines it.
    const review = before?.status === "approved";
    const changes = review
      ? {
          ...(input.specialization !== before!.specialization && { pendingSpecialization: input.specialization }),
          ...(input.collegeName !== before!.collegeName && { pendingCollegeName: input.collegeName }),
        }
      : { specialization: input.specialization, collegeName: input.collegeName, pendingSpecialization: null, pendingCollegeName: null };
    // A saved profile is a checked one: the dashboard's first steps stop asking (issue 39).
    const checked = before?.profileCheckedAt ?? deps.now();
    const after = await updateDoctor(tx, doctorId, { name: input.name, ...changes, ...detailChanges(before, input), ...(profileImage && { profileImage }), profileCheckedAt: checked });
    // Issue 58: a doctor not approved changes their specialization at once; their totals by specialization move with them.
    if (after.specialization !== before.specialization) moveSpecialization(tx, doctorId, before.specialization, after.specialization);
    return { result: after, previous: before?.profileImage ?? null };
  });
}
