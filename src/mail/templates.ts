/**
 * What each mail says. A mail names the people and the time and links to the page with the
 * rest; it never carries the patient's reason for the visit or their feedback (e-mail is not a
 * private channel: docs/decisions.md, issue 25). Each template is one function from the
 * reader's translator and plain facts to a MailContent, written in the reader's language
 * (issue 31, src/i18n/<lang>/mail.ts); src/mail/events.ts decides who gets which and when.
 */
import { doctorTitle } from "../calendar/ics";
import { isLang, type Lang } from "../domain/i18n";
import { CATALOGS, translator, type Key, type T } from "../i18n/catalog";
import type { MailContent } from "./layout";
import { addressLine } from "../domain/places";

export const PAGES = {
  patientMeetings: "/patient-dashboard/patient-meetings",
  doctorPending: "/doctor-dashboard",
  doctorMeetings: "/doctor-dashboard/doctor-Meetings",
  doctorHome: "/doctor-dashboard",
  adminDashboard: "/admin-dashboard",
} as const;

/** The language a mail to `reader` is written in: the one their account chose, else English. */
export const readerLang = (reader: { language?: string | null }): Lang => (isLang(reader.language) ? reader.language : "en");

/** The translator of the reader's language. */
export const readerT = (reader: { language?: string | null }): T => translator(readerLang(reader));

const hello = (t: T, name: string) => t("mail.hello", { name });

/** A specialization as the reader reads it (the stored value is the English name). */
const specializationIn = (t: T, specialization: string) => {
  const key = `spec.${specialization}`;
  return key in CATALOGS.en ? t(key as Key) : specialization;
};

export const templates = {
  /** To the patient: their request reached the doctor. */
  requestReceived: (t: T, p: { patientName: string; doctorName: string }): MailContent => ({
    lang: t.lang,
    subject: t("mail.requestReceived.subject", { doctor: doctorTitle(p.doctorName, t) }),
    greeting: hello(t, p.patientName),
    paragraphs: [t("mail.requestReceived.body", { doctor: doctorTitle(p.doctorName, t) })],
    action: { label: t("mail.action.patientMeetings"), path: PAGES.patientMeetings },
  }),

  /** To the doctor: a patient asked for an appointment. */
  newRequest: (t: T, p: { doctorName: string; patientName: string }): MailContent => ({
    lang: t.lang,
    subject: t("mail.newRequest.subject", { patient: p.patientName }),
    greeting: hello(t, doctorTitle(p.doctorName, t)),
    paragraphs: [t("mail.newRequest.body", { patient: p.patientName })],
    action: { label: t("mail.action.pending"), path: PAGES.doctorPending },
  }),

  /** To the patient: the meeting has a time (or a new one). */
  scheduled: (t: T, p: { patientName: string; doctorName: string; when: string; where: Where; moved: boolean; booked?: boolean; byPatient?: boolean; visitNow?: "video" | "clinic" }): MailContent => {
    const doctor = doctorTitle(p.doctorName, t);
    // Booked or moved by the patient (issue 40): the same mail, saying who set the time.
    const body = p.moved ? (p.byPatient === true ? "mail.movedByYou.body" : "mail.moved.body") : p.booked === true ? "mail.booked.body" : "mail.scheduled.body";
    return {
      lang: t.lang,
      subject: t(p.moved ? "mail.moved.subject" : "mail.scheduled.subject", { doctor, when: p.when }),
      greeting: hello(t, p.patientName),
      paragraphs: [t(body, { doctor }), ...visitNowWords(t, p.visitNow), "place" in p.where ? t("places.arriveEarly") : t("mail.scheduled.video")],
      facts: [[t("mail.fact.when"), p.when], ...whereFacts(t, p.where)],
      action: { label: t("mail.action.patientMeetings"), path: PAGES.patientMeetings },
    };
  },

  /**
   * To the doctor: a patient booked one of their free times at once, or `moved` their meeting to
   * another (issue 40), with the calendar file. The patient's reason for a move stays on the site.
   */
  newBooking: (t: T, p: { doctorName: string; patientName: string; when: string; where: Where; moved?: boolean; visitNow?: "video" | "clinic" }): MailContent => ({
    lang: t.lang,
    subject: t(p.moved === true ? "mail.patientMoved.subject" : "mail.newBooking.subject", { patient: p.patientName, when: p.when }),
    greeting: hello(t, doctorTitle(p.doctorName, t)),
    paragraphs: [t(p.moved === true ? "mail.patientMoved.body" : "mail.newBooking.body", { patient: p.patientName }), ...visitNowWords(t, p.visitNow)],
    facts: [[t("mail.fact.when"), p.when], ...whereFacts(t, p.where, false)],
    action: { label: t("mail.action.doctorMeetings"), path: PAGES.doctorMeetings },
  }),

  /** To the patient: the doctor cancelled the meeting or declined the request, and why (the doctor's own words). */
  cancelledByDoctor: (t: T, p: { patientName: string; doctorName: string; when?: string; doctorReason: string }): MailContent => {
    const doctor = doctorTitle(p.doctorName, t);
    return {
      lang: t.lang,
      subject: t(p.when ? "mail.cancelledByDoctor.subjectMeeting" : "mail.cancelledByDoctor.subjectRequest", { doctor }),
      greeting: hello(t, p.patientName),
      paragraphs: [t(p.when ? "mail.cancelledByDoctor.bodyMeeting" : "mail.cancelledByDoctor.bodyRequest", { doctor })],
      facts: [
        ...(p.when ? ([[t("mail.fact.plannedFor"), p.when]] as [string, string][]) : []),
        [t("mail.fact.cancelledBy", { state: p.when ? "cancelled" : "declined" }), doctor],
        [t("mail.fact.doctorReason"), p.doctorReason],
      ],
      action: { label: t("mail.action.patientMeetings"), path: PAGES.patientMeetings },
    };
  },

  /** To the doctor: the patient cancelled the meeting or withdrew the request (their reason stays on the site). */
  cancelledByPatient: (t: T, p: { doctorName: string; patientName: string; when?: string }): MailContent => ({
    lang: t.lang,
    subject: t(p.when ? "mail.cancelledByPatient.subjectMeeting" : "mail.cancelledByPatient.subjectRequest", { patient: p.patientName }),
    greeting: hello(t, doctorTitle(p.doctorName, t)),
    paragraphs: [
      p.when
        ? t("mail.cancelledByPatient.bodyMeeting", { patient: p.patientName, when: p.when })
        : t("mail.cancelledByPatient.bodyRequest", { patient: p.patientName }),
    ],
    action: { label: t("mail.action.doctorMeetings"), path: p.when ? PAGES.doctorMeetings : PAGES.doctorPending },
  }),

  /** To the patient next on a doctor's waitlist (issue 40): a freed time is held for them until `until`. */
  waitlistOffer: (t: T, p: { patientName: string; doctorName: string; when: string; until: string }): MailContent => {
    const doctor = doctorTitle(p.doctorName, t);
    return {
      lang: t.lang,
      subject: t("mail.waitlistOffer.subject", { doctor, when: p.when }),
      greeting: hello(t, p.patientName),
      paragraphs: [t("mail.waitlistOffer.body", { doctor, until: p.until })],
      facts: [
        [t("mail.fact.when"), p.when],
        [t("mail.fact.heldUntil"), p.until],
      ],
      action: { label: t("mail.action.patientMeetings"), path: PAGES.patientMeetings },
    };
  },

  /** To either side, some time before the meeting. */
  reminder: (t: T, p: { readerName: string; otherName: string; when: string; where: Where; role: "patient" | "doctor" }): MailContent => ({
    lang: t.lang,
    subject: t("mail.reminder.subject", { other: p.otherName, when: p.when }),
    greeting: hello(t, p.readerName),
    paragraphs: [t("mail.reminder.body", { other: p.otherName }), ...("place" in p.where && p.role === "patient" ? [t("places.arriveEarly")] : [])],
    facts: [[t("mail.fact.when"), p.when], ...whereFacts(t, p.where)],
    action: { label: t("mail.action.patientMeetings"), path: p.role === "patient" ? PAGES.patientMeetings : PAGES.doctorMeetings },
  }),

  /** To the patient, once the meeting is over. */
  feedbackInvite: (t: T, p: { patientName: string; doctorName: string }): MailContent => ({
    lang: t.lang,
    subject: t("mail.feedbackInvite.subject", { doctor: doctorTitle(p.doctorName, t) }),
    greeting: hello(t, p.patientName),
    paragraphs: [t("mail.feedbackInvite.body", { doctor: doctorTitle(p.doctorName, t) })],
    action: { label: t("mail.action.feedback"), path: PAGES.patientMeetings },
  }),

  /** To every admin: a doctor signed up and waits for approval. */
  doctorWaiting: (t: T, p: { adminName: string; doctorName: string; specialization: string }): MailContent => ({
    lang: t.lang,
    subject: t("mail.doctorWaiting.subject", { doctor: doctorTitle(p.doctorName, t) }),
    greeting: hello(t, p.adminName),
    paragraphs: [t("mail.doctorWaiting.body", { doctor: doctorTitle(p.doctorName, t), specialization: specializationIn(t, p.specialization) })],
    action: { label: t("mail.action.admin"), path: PAGES.adminDashboard },
  }),

  /** To the doctor: the admin changed the account's status (an account mail: always sent). */
  doctorStatus: (t: T, p: { doctorName: string; status: "approved" | "rejected" | "blocked" | "reactivated" }): MailContent => ({
    lang: t.lang,
    subject: t(`mail.doctorStatus.${p.status}.subject`),
    greeting: hello(t, doctorTitle(p.doctorName, t)),
    paragraphs: [t(`mail.doctorStatus.${p.status}.body`)],
    action: { label: t("mail.action.carebook"), path: PAGES.doctorHome },
  }),
} as const;

export type TemplateName = keyof typeof templates;

/** Issue 54: a move to a time of another visit, said plainly (none when the visit stayed). */
function visitNowWords(t: T, visitNow: "video" | "clinic" | undefined): string[] {
  return visitNow === undefined ? [] : [t(visitNow === "clinic" ? "places.movedToClinic" : "places.movedToVideo")];
}

/** Where a meeting is (issue 54): its video call link, or the clinic it is at. */
export type Where = { meetLink: string | null } | { place: { name: string; address: string; locality: string; city: string; pinCode: string; mapUrl: string | null } };

/** A mail's facts of where: the link, or the clinic's full address (and its map link when kept); never both. */
function whereFacts(t: T, where: Where, linked = true): [string, string, "link"?][] {
  if (!("place" in where)) return where.meetLink === null ? [] : [linked ? [t("mail.fact.meetLink"), where.meetLink, "link"] : [t("mail.fact.meetLink"), where.meetLink]];
  const map: [string, string, "link"][] = where.place.mapUrl ? [[t("places.map"), where.place.mapUrl, "link"]] : [];
  return [[t("places.visitAt"), addressLine(where.place)], ...map];
}
