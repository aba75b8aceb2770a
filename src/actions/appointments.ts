/**
 * What patients and doctors do with appointments: book, schedule, cancel (feedback: ./reviews.ts). The
 * JSON API and the HTML forms both call these; each runs in one write transaction.
 */
import type { KeptPlace } from "../db/queries/availability";
import { movedVisit, namedVisit, scheduledVisit, visitOfSlot, VIDEO_COLUMNS, type VisitColumns } from "./visits";
import { listPlaces } from "../db/queries/places";
import { findDoctor, type PatientRow } from "../db/queries/accounts";
import {
  cancelAppointment as markCancelled,
  confirmAppointment,
  findOverlap,
  insertAppointment,
  moveAppointment,
  type AppointmentRow,
} from "../db/queries/appointments";
import { recordAudit } from "../db/queries/audit";
import { hasOpenAppointment } from "../db/queries/open-appointments";
import { together } from "../db/together";
import { readAvailability } from "../db/queries/availability";
import { SLOT_DAYS, whyOutside } from "../domain/availability";
import type { Deps } from "../config/deps";
import { CHANGE_TOO_LATE, consultationSlot, tooFar, tooLateToChange, type Slot } from "../domain/appointment";
import type { Tx } from "../db/client";
import { meetingCancelled, meetingScheduled, requestBooked } from "../mail/events";
import type { Lang, Translate } from "../domain/i18n";
import { MESSAGES, overlapWords, TOO_FAR } from "../domain/messages";
import { checkPreferredTimes, doctorFreeSlots, type DoctorSlots } from "./availability";
import { conflict, invalid, notFound, Refusal } from "../domain/refusal";
import { transitionAppointment, type Caller, type Change } from "./transition";
import { checkNoShows } from "./attendance";
import { keepAppointment } from "./stats";
import { offerFreedSlot } from "./waitlist-offers";
import { undoUntil } from "../domain/undo";
import { bookingMember, forColumns } from "./family";
import { openInstantCounts, patientMoves, recentChanges } from "../db/queries/booking-limits";
import {
  changesPerDayMessage,
  changesRetryAfter,
  CHANGES_WINDOW_MS,
  instantPerAccountMessage,
  instantPerDoctorMessage,
  movesPerMeetingMessage,
  PATIENT_MOVES_PER_MEETING,
} from "../domain/booking-limits";

export type { Caller };

export const BOOKED = "Appointment request sent. The doctor will schedule it soon.";
export const SCHEDULED = "Appointment scheduled successfully";
export const CANCELLED = "Appointment cancelled successfully";
export const RESCHEDULED = "Appointment rescheduled successfully";
/** Said after a time outside the doctor's hours is scheduled from the page (issue 26). */
export const OUTSIDE_HOURS = "That time is outside your hours.";

/** One open appointment per doctor and person (issue 42: each family member has their own). */
export const OPEN_WITH_DOCTOR = "You already have an open appointment with this doctor";
/** The instant booking's refusals (issue 40). */
export const NOT_INSTANT = "slotStart is only for doctors with instant booking: send preferredTimes to ask this doctor for a time";
export const SLOT_OR_PREFERRED = "Send either slotStart or preferredTimes, not both";
export const SLOT_NOT_FREE = "This time is not free: please choose another";
/** The API's answer to an instant booking: the slot's start, as the API gives times (UTC ISO). */
export const bookedFor = (start: Date) => `Appointment booked for ${start.toISOString()}`;

export type BookInput = { doctorId: string; reason: string; preferredTimes?: Date[]; slotStart?: Date; forMemberId?: string; visitType?: "video" | "clinic" };
/** A booking as made, with its clinic's address when it is at one (issue 54). */
export type Booked = AppointmentRow & { place?: KeptPlace };
/** Who books: the account holder, whose zone dates a family member's age (issue 42). */
type Holder = Pick<PatientRow, "id"> & { timeZone?: string | null };

/**
 * A patient asks an approved doctor for an appointment: one open request per doctor. Preferred
 * times, when given, must each start one of the doctor's free slots (checked in the transaction).
 * With `slotStart`, a doctor with instant booking's free slot is booked at once (bookInstantly).
 * With `forMemberId` (issue 42), it is for one of the patient's family members, and the rule of
 * one open request holds for that person.
 */
export function bookAppointment(deps: Deps, patient: Holder, input: BookInput): Promise<Booked> {
  if (input.slotStart !== undefined) return bookInstantly(deps, patient, { ...input, slotStart: input.slotStart });
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const preferred = input.preferredTimes ?? [];
    // The three checks read in one round trip (issue 43), then refuse in this order.
    const [doctor, member, open, preferredRead] = await together(() =>
      Promise.all([
        findDoctor(tx, input.doctorId),
        bookingMember(tx, patient.id, input.forMemberId),
        hasOpenAppointment(tx, patient.id, input.doctorId, now, input.forMemberId ?? null),
        checkPreferredTimes(deps, tx, input.doctorId, preferred).then(
          (chosen) => ({ chosen, refused: undefined }),
          (refused: unknown) => ({ chosen: undefined, refused }),
        ),
      ]),
    );
    const notFree = preferredRead.refused;
    // Issue 54: preferred times say where (the first one's range); without, the request's visitType (video unless asked).
    const chosen = preferredRead.chosen;
    const visit: VisitColumns = chosen !== undefined ? visitOfSlot(chosen.first) : input.visitType === "clinic" ? { visitType: "clinic" as const, placeId: null } : VIDEO_COLUMNS;
    if (doctor === undefined || doctor.status !== "approved") throw notFound("Doctor");
    if (member instanceof Refusal) throw member;
    if (open) throw conflict(OPEN_WITH_DOCTOR);
    if (notFree !== undefined) throw notFree;
    const created = await insertAppointment(tx, {
      id: crypto.randomUUID(),
      patientId: patient.id,
      doctorId: input.doctorId,
      reason: input.reason,
      status: "pending",
      createdAt: now,
      preferredTimes: preferred.length === 0 ? null : preferred.map((p) => p.toISOString()),
      ...forColumns(member, patient, now),
      ...visit,
    });
    recordAudit(tx, { at: now, actorRole: "patient", actorId: patient.id, subject: "appointment", subjectId: created.id, action: "book", toStatus: "pending" });
    keepAppointment(tx, deps, undefined, created);
    await requestBooked(tx, deps, created.id);
    return { ...created, place: chosen?.places.find((p) => p.id === visit.placeId) };
  });
}

/**
 * Issue 40: the patient takes one of the free slots of a doctor with instant booking; the
 * appointment is confirmed at once with its meet link, and both sides are mailed. The slot is
 * read free inside the write transaction, which the database runs one at a time (BEGIN
 * IMMEDIATE, src/db/client.ts), as the doctor's scheduling checks overlaps: of two patients
 * taking one slot, the second finds it busy (409).
 */
function bookInstantly(deps: Deps, patient: Holder, input: BookInput & { slotStart: Date }): Promise<Booked> {
  if ((input.preferredTimes ?? []).length > 0) return Promise.reject(invalid(SLOT_OR_PREFERRED));
  return deps.database.write((tx) => bookSlotIn(tx, deps, patient, input, deps.now()));
}

/**
 * The instant booking inside a write transaction `tx` the caller holds: also the waitlist's
 * accept (src/actions/waitlist.ts), which first ends its offer in the same transaction, so that
 * the slot it held reads free to this patient alone.
 */
export async function bookSlotIn(tx: Tx, deps: Deps, patient: Holder, input: BookInput & { slotStart: Date }, now: Date, audit = "booked instantly"): Promise<Booked> {
  // The open-appointment check, the doctor's free slots, the patient's missed meetings and the
  // account's limits (issue 51) in one round trip (issue 43).
  const limits = deps.config.bookingLimits;
  const [member, open, free, noShows, instant, recent] = await together(() =>
    Promise.all([
      bookingMember(tx, patient.id, input.forMemberId),
      hasOpenAppointment(tx, patient.id, input.doctorId, now, input.forMemberId ?? null),
      doctorFreeSlots(deps, input.doctorId, SLOT_DAYS.max, tx).catch((refusal: unknown) => refusal as Error),
      checkNoShows(tx, patient.id, now).then(() => undefined, (refusal: unknown) => refusal as Error),
      openInstantCounts(tx, patient.id, input.doctorId, now),
      recentChanges(tx, patient.id, new Date(now.getTime() - CHANGES_WINDOW_MS), limits.changesPerDay),
    ]),
  );
  if (free instanceof Error) throw free;
  if (!isInstant(free)) throw invalid(NOT_INSTANT);
  if (member instanceof Refusal) throw member;
  if (open) throw conflict(OPEN_WITH_DOCTOR);
  // Issue 40: a patient who missed meetings may still ask for one, not take a time at once.
  if (noShows !== undefined) throw noShows;
  // Issue 51: one account cannot hoard a doctor's free times (a request stays possible).
  if (instant.withDoctor >= limits.instantPerDoctor) throw conflict(instantPerDoctorMessage(limits.instantPerDoctor));
  if (instant.all >= limits.instantPerAccount) throw conflict(instantPerAccountMessage(limits.instantPerAccount));
  checkChangesPerDay(recent, limits.changesPerDay, now);
  const taken = free.slots.find((s) => s.start === input.slotStart.getTime());
  if (taken === undefined) throw new Refusal("conflict", SLOT_NOT_FREE);
  const slot = consultationSlot(input.slotStart, deps.config.consultMinutes);
  // Issue 54: a clinic slot is booked at its place, without a meet link.
  const visit = visitOfSlot(taken);
  const meetLink = visit.visitType === "video" ? newMeetLink(deps.config.meetBaseUrl) : null;
  const created = await insertAppointment(tx, {
    id: crypto.randomUUID(),
    patientId: patient.id,
    doctorId: input.doctorId,
    reason: input.reason,
    status: "confirmed",
    createdAt: now,
    scheduledAt: slot.start,
    endsAt: slot.end,
    meetLink,
    bookedInstantly: true,
    confirmedAt: now,
    ...forColumns(member, patient, now),
    ...visit,
  });
  keepAppointment(tx, deps, undefined, created);
  const reason = `${audit} for ${slot.start.toISOString()}`;
  recordAudit(tx, { at: now, actorRole: "patient", actorId: patient.id, subject: "appointment", subjectId: created.id, action: "book", toStatus: "confirmed", reason });
  await meetingScheduled(tx, deps, created.id, { booked: true });
  return { ...created, place: free.places.find((p) => p.id === visit.placeId) };
}

/** Issue 51: past the account's changes of the last 24 hours, 429 with when the next is allowed. */
function checkChangesPerDay(recent: Date[], limit: number, now: Date): void {
  const retryAfter = changesRetryAfter(recent, limit, now);
  if (retryAfter !== undefined) throw new Refusal("too_many", changesPerDayMessage(limit), retryAfter);
}

/** Whether a doctor's hours let patients book their free slots at once. */
export const isInstant = (free: Pick<DoctorSlots, "availability">) => free.availability?.instantBooking === true;

/** A meet link no one can guess: the configured prefix and 128 random bits. */
function newMeetLink(base: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${base}carebook-${Buffer.from(bytes).toString("base64url")}`;
}

export type ScheduleInput = { appointmentId: string; patientId: string; scheduledDateTime: Date; placeId?: string };

/**
 * The doctor confirms a pending request for a future slot that overlaps none of their confirmed
 * ones. A patientId that is not the appointment's is not found, like another doctor's request.
 */
export async function scheduleAppointment(
  deps: Deps,
  doctorId: string,
  input: ScheduleInput,
  /** The zone the doctor reads times in, for the words a page shows. */
  zone = "UTC",
): Promise<{ scheduledAt: Date; meetLink: string | null; outsideHours: boolean }> {
  let meetLink: string | null = newMeetLink(deps.config.meetBaseUrl);
  const slot = consultationSlot(input.scheduledDateTime, deps.config.consultMinutes);
  const outsideHours = await transitionAppointment(
    deps,
    { role: "doctor", id: doctorId },
    input.appointmentId,
    "schedule",
    async (tx, appointment, now) => {
      if (slot.start.getTime() <= now.getTime()) throw new Refusal("invalid", "scheduledDateTime must be in the future", undefined, MESSAGES.timeInPast);
      if (tooFar(slot.start, now)) throw invalid(TOO_FAR);
      // The overlap and the doctor's hours in one round trip (issue 43).
      const [overlap, hours, kept] = await together(() => Promise.all([findOverlap(tx, doctorId, slot, appointment.id), readAvailability(tx, doctorId), listPlaces(tx, doctorId)]));
      // Issue 54: where it is: the place named, else the time's range, else the request's visit.
      const visit = scheduledVisit({ visitType: appointment.visitType, placeId: appointment.placeId }, input.placeId, hours, slot.start, kept);
      if (visit.visitType === "clinic") meetLink = null;
      if (overlap) {
        const other = overlap.start && overlap.end ? { name: overlap.name, start: overlap.start, end: overlap.end } : undefined;
        // Said in the page's language, its times in the doctor's zone.
        const words = other && ((t: Translate, lang: Lang) => overlapWords(other, zone, t, lang));
        throw new Refusal("conflict", "This time overlaps another confirmed appointment", undefined, words);
      }
      keepAppointment(tx, deps, appointment, await confirmAppointment(tx, appointment.id, slot, meetLink, now, visit));
      // Allowed, but the doctor's page says so (issue 26). A doctor without hours (or "by request":
      // no weekly hours, issue 52) has no "outside"; whyOutside names the same cases.
      return {
        result: hours !== undefined && whyOutside(hours, slot.start, deps.config.consultMinutes) !== undefined,
        reason: `scheduled for ${slot.start.toISOString()}`,
        after: (tx) => meetingScheduled(tx, deps, appointment.id, { hold: undoUntil(now, deps.config.undoSeconds) }),
      };
    },
    (appointment) => appointment.patientId === input.patientId,
  );
  return { scheduledAt: slot.start, meetLink, outsideHours };
}

export type RescheduleInput = { appointmentId: string; scheduledDateTime: Date; reason: string; placeId?: string };

/**
 * The doctor moves a confirmed meeting that has not started to another future time that overlaps
 * none of their other confirmed ones. The meet link stays; the audit trail keeps both times.
 */
export function rescheduleAppointment(deps: Deps, doctorId: string, input: RescheduleInput): Promise<Moved> {
  const slot = consultationSlot(input.scheduledDateTime, deps.config.consultMinutes);
  return moveMeeting(deps, { role: "doctor", id: doctorId }, input.appointmentId, slot, input.reason, async (tx, _, now) => {
    if (slot.start.getTime() <= now.getTime()) throw invalid("scheduledDateTime must be in the future");
    if (tooFar(slot.start, now)) throw invalid(TOO_FAR);
    // Issue 54: the overlap, the hours and the places in one round trip: the new time's range gives the visit.
    const [overlap, hours, kept] = await together(() => Promise.all([findOverlap(tx, doctorId, slot, input.appointmentId), readAvailability(tx, doctorId), listPlaces(tx, doctorId)]));
    if (overlap) throw conflict("This time overlaps another confirmed appointment");
    // The doctor's explicit choice wins; else the new time's range.
    return input.placeId !== undefined ? namedVisit(input.placeId, kept) : movedVisit(hours, slot.start, kept);
  });
}

export type OwnRescheduleInput = { appointmentId: string; slotStart: Date; reason?: string };
/** Said when the patient's new time clashes with another of their own meetings. */
export const OVERLAPS_YOURS = "This time overlaps another of your confirmed appointments";

/**
 * Issue 40: the patient moves their own confirmed meeting, outside the change window, to another
 * free slot of its doctor (read free inside the write transaction, as an instant booking is) that
 * overlaps none of their other confirmed meetings. The doctor's page shows who moved it and why.
 */
export function rescheduleOwnAppointment(deps: Deps, patientId: string, input: OwnRescheduleInput): Promise<Moved> {
  const slot = consultationSlot(input.slotStart, deps.config.consultMinutes);
  return moveMeeting(deps, { role: "patient", id: patientId }, input.appointmentId, slot, input.reason ?? "", async (tx, appointment, now) => {
    if (tooLateToChange(appointment.scheduledAt!, now, deps.config.changeNoticeMinutes)) throw conflict(CHANGE_TOO_LATE);
    // The doctor's free slots, the patient's own meetings and the limits of issue 51 in one round trip (issue 43).
    const perDay = deps.config.bookingLimits.changesPerDay;
    const [free, overlap, moves, recent] = await together(() =>
      Promise.all([
        doctorFreeSlots(deps, appointment.doctorId, SLOT_DAYS.max, tx).catch((refusal: unknown) => refusal as Error),
        findOverlap(tx, { patientId }, slot, appointment.id),
        patientMoves(tx, appointment.id),
        recentChanges(tx, patientId, new Date(now.getTime() - CHANGES_WINDOW_MS), perDay),
      ]),
    );
    if (moves >= PATIENT_MOVES_PER_MEETING) throw conflict(movesPerMeetingMessage());
    checkChangesPerDay(recent, perDay, now);
    if (free instanceof Error) throw free;
    const chosen = free.slots.find((s) => s.start === slot.start.getTime());
    if (chosen === undefined) throw new Refusal("conflict", SLOT_NOT_FREE);
    if (overlap) throw conflict(OVERLAPS_YOURS);
    // Issue 54: a free slot is of its range's visit.
    return visitOfSlot(chosen);
  });
}

/** `visitChanged` (issue 54): the new time is of another visit (video and clinic, or another clinic), which both sides are told. */
type Moved = { scheduledAt: Date; meetLink: string | null; visitChanged: boolean; visit: VisitColumns };

/**
 * Either side's move of a confirmed meeting that has not started, after `check` (the side's own
 * rules): the meet link stays, the audit trail keeps both times, the other side hears of it and the
 * old time's reminders give way to the new time's (meetingScheduled). The doctor's can be undone a while.
 */
function moveMeeting(deps: Deps, caller: Caller, id: string, slot: Slot, reason: string, check: (tx: Tx, appointment: AppointmentRow, now: Date) => Promise<VisitColumns | undefined>): Promise<Moved> {
  return transitionAppointment(deps, caller, id, "reschedule", async (tx, appointment, now) => {
    const old = appointment.scheduledAt!;
    if (old.getTime() <= now.getTime()) throw conflict("This appointment has started and can no longer be rescheduled");
    // Issue 54: the new time's visit (undefined: outside every range, it keeps the one it had).
    const had: VisitColumns = { visitType: appointment.visitType, placeId: appointment.placeId };
    const visit = (await check(tx, appointment, now)) ?? had;
    const visitChanged = visit.visitType !== had.visitType || visit.placeId !== had.placeId;
    // A video call keeps its link (or gets one, coming from a clinic); a clinic visit has none.
    const meetLink = visit.visitType === "clinic" ? null : (appointment.meetLink ?? newMeetLink(deps.config.meetBaseUrl));
    keepAppointment(tx, deps, appointment, await moveAppointment(tx, appointment.id, slot, old, reason, caller.role, { ...visit, meetLink }));
    const hold = caller.role === "doctor" ? undoUntil(now, deps.config.undoSeconds) : undefined;
    return {
      result: { scheduledAt: slot.start, meetLink, visitChanged, visit },
      reason: `moved from ${old.toISOString()} to ${slot.start.toISOString()}${reason === "" ? "" : `: ${reason}`}`,
      // Issue 40: the old time, if free now, goes to the next patient waiting (its reads go with the mail's).
      after: (tx) =>
        together(() =>
          Promise.all([
            meetingScheduled(tx, deps, appointment.id, { moved: true, by: caller.role, hold, ...(visitChanged ? { visitNow: visit.visitType } : {}) }),
            offerFreedSlot(tx, deps, appointment.doctorId, old, now, { appointmentId: appointment.id, hold }),
          ]),
        ).then(() => undefined),
    };
  });
}

/**
 * The appointment's patient or doctor cancels a pending or confirmed one, saying why. The patient
 * cannot once a confirmed meeting is inside the change window (CHANGE_NOTICE_MINUTES before its
 * start, issue 40): the doctor can.
 */
export function cancelAppointment(deps: Deps, caller: Caller, input: { appointmentId: string; reason: string }): Promise<void> {
  return transitionAppointment(deps, caller, input.appointmentId, "cancel", cancelling(deps, caller, input.reason));
}

/**
 * The change of a cancel by `caller`, for transitionAppointment. `anyTime`: the patient's change
 * window does not hold (an erasure cancels every open appointment: the patient is not coming).
 */
export function cancelling(deps: Deps, caller: Caller, reason: string, anyTime = false): Change<undefined> {
  return async (tx, appointment, now) => {
    const start = appointment.effective === "confirmed" ? appointment.scheduledAt : null;
    if (!anyTime && caller.role === "patient" && start !== null && tooLateToChange(start, now, deps.config.changeNoticeMinutes)) throw conflict(CHANGE_TOO_LATE);
    keepAppointment(tx, deps, appointment, await markCancelled(tx, appointment.id, caller.role, reason, now));
    // The doctor's cancel can be undone for a while: the patient hears of it once that has passed.
    const hold = caller.role === "doctor" ? undoUntil(now, deps.config.undoSeconds) : undefined;
    // Issue 40: a confirmed meeting's time is free again: the next patient waiting may be offered it
    // (its reads go with the mail's, in one round trip).
    const after = (tx: Tx) =>
      together(() =>
        Promise.all([
          meetingCancelled(tx, deps, appointment.id, caller.role, { hold }),
          start === null ? undefined : offerFreedSlot(tx, deps, appointment.doctorId, start, now, { appointmentId: appointment.id, hold }),
        ]),
      ).then(() => undefined);
    return { result: undefined, reason, after };
  };
}
