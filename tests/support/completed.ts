/** A completed meeting for the tests of feedback and reviews (issue 41), without waiting for one to end. */
import type { Doctor, Harness, Patient } from "./harness";
import { inMinutes } from "./harness";

let slot = 0;

/**
 * Books `patient` with `doctor`, has the doctor schedule it, then moves its time a day into the
 * past through another connection (as the clock would): it reads as completed from then on.
 */
export async function completedMeeting(h: Harness, patient: Patient, doctor: Doctor): Promise<string> {
  const id = await h.book(patient.token, doctor.id, "A check-up");
  // each meeting its own hour, so that none overlaps another of the doctor's
  const res = await h.schedule(doctor.token, id, patient.id, inMinutes(24 * 60 + 60 * ++slot));
  if (res.status !== 200) throw new Error(`schedule: ${res.status} ${res.text}`);
  const start = Date.now() - 24 * 60 * 60_000 - 60 * 60_000 * slot;
  await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [start, start + 30 * 60_000, id]);
  return id;
}
