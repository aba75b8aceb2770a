/**
 * The patient's side of a doctor's waitlist (issue 40 item 5): join, see their entries, leave,
 * and take or turn down an offer. How offers are made and passed on is ./waitlist-offers.ts.
 */
import { keepWaitlist } from "./stats";
import { isUniqueViolation, type Reader } from "../db/client";
import { findDoctor } from "../db/queries/accounts";
import type { AppointmentRow } from "../db/queries/appointments";
import { readAvailability } from "../db/queries/availability";
import { hasOpenAppointment } from "../db/queries/open-appointments";
import { endEntry, insertEntry, ownEntries, type WaitlistRow, type WaitlistView } from "../db/queries/waitlist";
import { together } from "../db/together";
import type { Deps } from "../config/deps";
import { conflict, invalid, notFound } from "../domain/refusal";
import { waitingUntil, WAITLIST_ALREADY, WAITLIST_NO_OFFER, WAITLIST_NOT_INSTANT } from "../domain/waitlist";
import { bookSlotIn, OPEN_WITH_DOCTOR } from "./appointments";
import { offerFreedSlot } from "./waitlist-offers";

export type JoinInput = { doctorId: string; reason: string; until?: string };

/**
 * The patient joins the waitlist of an approved doctor with instant booking, with whom they have
 * no open appointment of their own (a family member's does not count, issue 42), until the end
 * of `until` in the doctor's zone (14 days by default). An entry is for the account holder.
 */
export function joinWaitlist(deps: Deps, patientId: string, input: JoinInput): Promise<WaitlistRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    // The doctor, their hours and the patient's open appointment in one round trip (issue 43).
    const [doctor, hours, open] = await together(() =>
      Promise.all([findDoctor(tx, input.doctorId), readAvailability(tx, input.doctorId), hasOpenAppointment(tx, patientId, input.doctorId, now)]),
    );
    if (doctor === undefined || doctor.status !== "approved") throw notFound("Doctor");
    if (hours === undefined || hours.instantBooking !== true) throw invalid(WAITLIST_NOT_INSTANT);
    if (open) throw conflict(OPEN_WITH_DOCTOR);
    const last = waitingUntil(input.until, hours.timeZone, now);
    if ("refused" in last) throw invalid(last.refused);
    try {
      const row = { id: crypto.randomUUID(), patientId, doctorId: input.doctorId, reason: input.reason, until: last.until, endsBy: last.endsBy, createdAt: now };
      return await insertEntry(tx, row);
    } catch (error) {
      // The database's one-open-entry rule (two joins at once: one 201, one 409).
      if (isUniqueViolation(error)) throw conflict(WAITLIST_ALREADY);
      throw error;
    }
  });
}

/** The patient's open entries (an offer that ran out still shows until the expiry job ends it; the API leaves it out). */
export function listWaitlist(deps: Deps, patientId: string): Promise<WaitlistView[]> {
  return ownEntries(deps.database.db, patientId);
}

/** The patient leaves a waitlist; a time their entry was offered goes to the next patient waiting. */
export function leaveWaitlist(deps: Deps, patientId: string, entryId: string): Promise<void> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const ended = await endEntry(tx, entryId, patientId, now, "left");
    if (ended === undefined) throw notFound("Waitlist entry");
    if (ended.offerStart !== null) await together(() => offerFreedSlot(tx, deps, ended.doctorId, ended.offerStart!, now));
  });
}

/** The patient turns an open offer down: the entry ends, and the time goes to the next patient waiting. */
export function declineOffer(deps: Deps, patientId: string, entryId: string): Promise<void> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const ended = await endEntry(tx, entryId, patientId, now, "declined", true);
    if (ended === undefined) throw await missingOrNoOffer(tx, patientId, entryId);
    await together(() => offerFreedSlot(tx, deps, ended.doctorId, ended.offerStart!, now));
  });
}

/**
 * The patient takes an open offer: in one transaction the entry ends (so the slot it held reads
 * free to this booking alone) and the time is booked as an instant booking, confirmed, with its
 * mails. Refused (the patient booked the doctor meanwhile, or missed too many meetings), nothing
 * changes: the offer holds until it runs out.
 */
export function acceptOffer(deps: Deps, patientId: string, entryId: string): Promise<AppointmentRow> {
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const ended = await endEntry(tx, entryId, patientId, now, "accepted", true);
    if (ended === undefined) throw await missingOrNoOffer(tx, patientId, entryId);
    keepWaitlist(tx, deps, { ...ended, endedAt: null, endedWhy: null }, ended);
    const input = { doctorId: ended.doctorId, reason: ended.reason, slotStart: ended.offerStart! };
    return bookSlotIn(tx, deps, { id: patientId }, input, now, "booked from the waitlist");
  });
}

/** Why an entry could not end with its offer: not the patient's open entry (404), or no offer open (409). */
async function missingOrNoOffer(r: Reader, patientId: string, entryId: string): Promise<Error> {
  const own = await ownEntries(r, patientId);
  return own.some((e) => e.id === entryId) ? conflict(WAITLIST_NO_OFFER) : notFound("Waitlist entry");
}
