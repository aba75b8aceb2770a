/**
 * What is sent when (docs/decisions.md, issue 25). Each function is called by a use case in
 * src/actions inside the transaction of the change, after the change, and writes that change's
 * mails into the outbox. A new action that moves a meeting (issue 26's reschedule) calls
 * `meetingScheduled(tx, deps, id, { moved: true })`: it drops the reminders of the old time and
 * writes the new ones. Each mail is written in its reader's language (their account's, else
 * English; issue 31), read with their zone in the one query that finds them (recipientOf).
 */
import { calendarText, doctorTitle, isScheduled } from "../calendar/ics";
import { meetingEntry } from "../db/queries/calendar";
import { together } from "../db/together";
import type { Reader, Tx } from "../db/client";
import { adminRecipients, dropWaiting, meetingPeople, recipientOf, type Recipient } from "../db/queries/mail";
import type { Deps } from "../config/deps";
import { enqueueMail, mailMode } from "./outbox";
import { enqueueMeetingText, textsOn } from "./text-events";
import { readerLang, readerT, templates, type Where } from "./templates";
import { whenFor } from "./time";
import type { MailContent } from "./layout";
import type { T } from "../i18n/catalog";
import { forOfRow, personWords } from "../domain/family";
import type { Translate } from "../domain/i18n";

type ForColumns = { forName: string | null; forRelation: string | null; forAge: number | null };

/**
 * A meeting's mail naming the family member it is for (issue 42): mails go to the account holder
 * with a "For" line. The doctor's mails name the person in their subject and text instead
 * (doctorSees, issue 52), so they carry no such line.
 */
function naming(content: MailContent, t: T, a: ForColumns, role: "patient" | "doctor", _holder: string): MailContent {
  if (a.forName === null || role === "doctor") return content;
  return { ...content, facts: [[t("mail.for"), a.forName], ...(content.facts ?? [])] };
}

/** Whom a doctor's mail names (issue 52): the patient the visit is for, as every page names them (personWords). */
const doctorSees = (a: ForColumns, holder: string, t: T) => personWords(forOfRow(a), holder, t as Translate);

type MailDeps = Pick<Deps, "config" | "keys" | "now">;

/** A doctor's change that can be undone (issue 39): its mails are not sent before `hold`, when the undo window closes. */
type Held = { hold?: Date };

/** Mails that belong to a meeting's time: dropped while still waiting when the time changes or goes. */
const TIMED = ["reminder", "feedbackInvite"];


/** A patient asked for an appointment: the patient hears it was sent, the doctor that it waits. */
export async function requestBooked(tx: Tx, deps: MailDeps, appointmentId: string): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const people = await meetingPeople(tx, appointmentId);
  if (people === undefined) return;
  const { a, patient, doctor } = people;
  await enqueueMail(tx, deps, {
    template: "requestReceived",
    category: "notice",
    to: patient,
    appointmentId,
    content: naming(templates.requestReceived(readerT(patient), { patientName: patient.name, doctorName: doctor.name }), readerT(patient), a, "patient", patient.name),
  });
  await enqueueMail(tx, deps, {
    template: "newRequest",
    category: "notice",
    to: doctor,
    appointmentId,
    content: naming(templates.newRequest(readerT(doctor), { doctorName: doctor.name, patientName: doctorSees(a, patient.name, readerT(doctor)) }), readerT(doctor), a, "doctor", patient.name),
  });
}

/**
 * A meeting got its time (or a new one, `moved`): the patient gets the time, the link and the
 * calendar file (and, when the patient `booked` a free time at once, issue 40, the doctor too); reminders for both sides and the feedback invitation are written due at their
 * times (those of an earlier time are dropped first). A reminder whose time has already passed
 * when the meeting is set is not written: the scheduled mail says it all.
 */
export async function meetingScheduled(
  tx: Tx,
  deps: MailDeps,
  appointmentId: string,
  /** `by`: who moved it (issue 40): a move by the patient is told to the doctor, with the calendar file. */
  /** `visitNow` (issue 54): the move took it to a time of another visit, which both sides are told. */
  options: { moved?: boolean; booked?: boolean; by?: "patient" | "doctor"; visitNow?: "video" | "clinic" } & Held = {},
): Promise<void> {
  // Mail or texts (issue 55): each writer returns at once when its channel is off.
  if (mailMode(deps.config) === "off" && !textsOn(deps)) return;
  // Only a moved meeting has reminders of an earlier time: a first time is set on a pending
  // request (src/domain/appointment.ts), and nothing writes a request's reminders.
  if (options.moved === true) dropWaiting(tx, appointmentId, TIMED, "the meeting's time changed", deps.now());
  // The people and the patient's calendar entry (the same meeting) in one round trip (issue 43).
  const [people, entry] = await together(() => Promise.all([meetingPeople(tx, appointmentId), meetingEntry(tx, appointmentId)]));
  if (people === undefined) return;
  const { a, patient, doctor } = people;
  // Issue 54: a clinic visit has no link: its mails give the clinic's address instead.
  const where: Where = people.place !== null ? { place: people.place } : { meetLink: a.meetLink };
  if (a.status !== "confirmed" || a.scheduledAt === null || a.endsAt === null || ("meetLink" in where && where.meetLink === null)) return;
  // The meeting's calendar file, as `role` sees it, in their language.
  const ics = (role: "patient" | "doctor", reader: Recipient) => (entry && isScheduled(entry) ? calendarText([entry], role, { lang: readerLang(reader) }) : undefined);
  await enqueueMail(tx, deps, {
    template: "scheduled",
    category: "notice",
    to: patient,
    appointmentId,
    calendar: ics("patient", patient),
    sendAt: options.hold,
    content: naming(
      templates.scheduled(readerT(patient), {
        patientName: patient.name,
        doctorName: doctor.name,
        when: whenFor(a.scheduledAt, patient, deps.config.defaultTimeZone),
        where,
        moved: options.moved === true,
        booked: options.booked === true,
        byPatient: options.by === "patient",
        visitNow: options.visitNow,
      }),
      readerT(patient), a, "patient", patient.name,
    ),
  });
  // The doctor hears of what the patient did alone: booked a free time, or moved the meeting.
  const byPatient = options.booked === true || (options.moved === true && options.by === "patient");
  // Issue 55: the patient's text (the answer to their own booking or move goes even in quiet hours); a move by the patient, the doctor's.
  const text = { doctorName: doctor.name, at: a.scheduledAt, appointmentId } as const;
  await enqueueMeetingText(tx, deps, { ...text, template: options.moved === true ? "changed" : "confirmed", to: { role: "patient", id: patient.id }, known: patient, sendAt: options.hold, own: byPatient });
  if (options.moved === true && options.by === "patient") await enqueueMeetingText(tx, deps, { ...text, template: "changed", to: { role: "doctor", id: doctor.id }, known: doctor });
  if (byPatient) {
    await enqueueMail(tx, deps, {
      template: options.moved === true ? "patientMoved" : "newBooking",
      category: "notice",
      to: doctor,
      appointmentId,
      calendar: ics("doctor", doctor),
      content: naming(
        templates.newBooking(readerT(doctor), { doctorName: doctor.name, patientName: doctorSees(a, patient.name, readerT(doctor)), when: whenFor(a.scheduledAt, doctor, deps.config.defaultTimeZone), where, moved: options.moved === true, visitNow: options.visitNow }),
        readerT(doctor), a, "doctor", patient.name,
      ),
    });
  }
  const now = deps.now().getTime();
  for (const minutes of deps.config.reminderMinutes) {
    const due = new Date(a.scheduledAt.getTime() - minutes * 60_000);
    if (due.getTime() <= now) continue;
    // Never before the undo window closes: an undone change sends nothing.
    if (options.hold !== undefined && due < options.hold) due.setTime(options.hold.getTime());
    for (const [reader, other, role] of [
      [patient, doctor, "patient"],
      [doctor, patient, "doctor"],
    ] as const) {
      await enqueueMeetingText(tx, deps, { ...text, template: "reminder", to: { role, id: reader.id }, known: reader, sendAt: due });
      const t = readerT(reader);
      await enqueueMail(tx, deps, {
        template: "reminder",
        category: "reminder",
        to: reader,
        appointmentId,
        sendAt: due,
        content: naming(
          templates.reminder(t, {
            readerName: role === "doctor" ? doctorTitle(reader.name, t) : reader.name,
            otherName: role === "patient" ? doctorTitle(other.name, t) : doctorSees(a, other.name, t),
            when: whenFor(a.scheduledAt, reader, deps.config.defaultTimeZone),
            where,
            role,
          }),
          t, a, role, patient.name,
        ),
      });
    }
  }
  await enqueueMail(tx, deps, {
    template: "feedbackInvite",
    category: "notice",
    to: patient,
    appointmentId,
    sendAt: a.endsAt,
    content: naming(templates.feedbackInvite(readerT(patient), { patientName: patient.name, doctorName: doctor.name }), readerT(patient), a, "patient", patient.name),
  });
}

/** The doctor marked a meeting as missed (issue 40): its feedback invitation, if still waiting, goes (only an attended meeting takes feedback). */
export async function meetingMissed(tx: Tx, deps: MailDeps, appointmentId: string): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  dropWaiting(tx, appointmentId, ["feedbackInvite"], "the patient did not attend", deps.now());
}

/**
 * A meeting or request was cancelled by `by`: its waiting reminders go; the other side hears it.
 * The doctor's reason goes to the patient; the patient's stays on the site (it may be medical).
 */
export async function meetingCancelled(tx: Tx, deps: MailDeps, appointmentId: string, by: "patient" | "doctor", options: Held = {}): Promise<void> {
  if (mailMode(deps.config) === "off" && !textsOn(deps)) return;
  dropWaiting(tx, appointmentId, TIMED, "the meeting was cancelled", deps.now());
  const people = await meetingPeople(tx, appointmentId);
  if (people === undefined) return;
  const { a, patient, doctor } = people;
  // Issue 55: the other side's text, for a meeting that had a time (a request's withdrawal is for mail).
  if (a.scheduledAt !== null) {
    const other = by === "doctor" ? { role: "patient" as const, id: patient.id } : { role: "doctor" as const, id: doctor.id };
    await enqueueMeetingText(tx, deps, { template: "cancelled", to: other, known: by === "doctor" ? patient : doctor, doctorName: doctor.name, at: a.scheduledAt, appointmentId, sendAt: options.hold });
  }
  if (by === "doctor") {
    await enqueueMail(tx, deps, {
      template: "cancelledByDoctor",
      category: "notice",
      to: patient,
      appointmentId,
      sendAt: options.hold,
      content: naming(
        templates.cancelledByDoctor(readerT(patient), {
          patientName: patient.name,
          doctorName: doctor.name,
          when: a.scheduledAt ? whenFor(a.scheduledAt, patient, deps.config.defaultTimeZone) : undefined,
          doctorReason: a.cancelReason ?? "",
        }),
        readerT(patient), a, "patient", patient.name,
      ),
    });
  } else {
    await enqueueMail(tx, deps, {
      template: "cancelledByPatient",
      category: "notice",
      to: doctor,
      appointmentId,
      content: naming(
        templates.cancelledByPatient(readerT(doctor), {
          doctorName: doctor.name,
          patientName: doctorSees(a, patient.name, readerT(doctor)),
          when: a.scheduledAt ? whenFor(a.scheduledAt, doctor, deps.config.defaultTimeZone) : undefined,
        }),
        readerT(doctor), a, "doctor", patient.name,
      ),
    });
  }
}

/**
 * Who hears of a doctor's signup: every admin (none when mail is off). Read before the signup's
 * transaction, with its email check, in one round trip (issue 43).
 */
export function doctorSignupReaders(deps: MailDeps, r: Reader): Promise<Recipient[]> {
  return mailMode(deps.config) === "off" ? Promise.resolve([]) : adminRecipients(r);
}

/** A doctor signed up: each of `admins` (doctorSignupReaders) hears that one waits for approval. */
export async function doctorSignedUp(tx: Tx, deps: MailDeps, doctor: { name: string; specialization: string }, admins: Recipient[]): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  for (const admin of admins) {
    await enqueueMail(tx, deps, {
      template: "doctorWaiting",
      category: "notice",
      to: admin,
      content: templates.doctorWaiting(readerT(admin), { adminName: admin.name, doctorName: doctor.name, specialization: doctor.specialization }),
    });
  }
}

/** The admin moved a doctor's account (`action`: Approve, Reject, Block, Reactivate): the doctor hears it (an account mail, always sent). */
export async function doctorStatusChanged(tx: Tx, deps: MailDeps, doctorId: string, action: string): Promise<void> {
  if (mailMode(deps.config) === "off") return;
  const status = ({ Approve: "approved", Reject: "rejected", Block: "blocked", Reactivate: "reactivated" } as const)[action];
  const doctor = await recipientOf(tx, "doctor", doctorId);
  if (doctor === undefined || status === undefined) return;
  await enqueueMail(tx, deps, {
    template: "doctorStatus",
    category: "account",
    to: doctor,
    content: templates.doctorStatus(readerT(doctor), { doctorName: doctor.name, status }),
  });
}

/**
 * A freed time is offered to the patient next on the doctor's waitlist (issue 40), held until
 * `expiresAt`. Written with the change that freed it: `appointmentId`, the freed meeting, so that
 * a doctor's undo drops this mail with that change's (and `hold` keeps it until then).
 */
export async function waitlistOffered(
  tx: Tx,
  deps: MailDeps,
  offer: { patient: Recipient; doctorName: string; start: Date; expiresAt: Date },
  options: { appointmentId?: string } & Held = {},
): Promise<void> {
  if (mailMode(deps.config) === "off" && !textsOn(deps)) return;
  const { patient } = offer;
  // Issue 55: the offer by text too, also one passed on after another ran out, was declined or left
  // (no change freed it: no meeting of its own); its link opens the patient's appointments (where the offer waits).
  await enqueueMeetingText(tx, deps, { template: "offer", to: { role: "patient", id: patient.id }, known: patient, doctorName: offer.doctorName, at: offer.start, appointmentId: options.appointmentId, sendAt: options.hold, startsAt: offer.expiresAt });
  await enqueueMail(tx, deps, {
    template: "waitlistOffer",
    category: "notice",
    to: patient,
    appointmentId: options.appointmentId,
    sendAt: options.hold,
    content: templates.waitlistOffer(readerT(patient), {
      patientName: patient.name,
      doctorName: offer.doctorName,
      when: whenFor(offer.start, patient, deps.config.defaultTimeZone),
      until: whenFor(offer.expiresAt, patient, deps.config.defaultTimeZone),
    }),
  });
}
