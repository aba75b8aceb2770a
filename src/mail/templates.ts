/**
 * What each mail says. A mail names the people and the time and links to the page with the
 * rest; it never carries the patient's reason for the visit or their feedback (e-mail is not a
 * private channel: docs/decisions.md, issue 25). Each template is one function from plain
 * facts to a MailContent; src/mail/events.ts decides who gets which and when.
 */
import { doctorTitle } from "../calendar/ics";
import type { MailContent } from "./layout";

export const PAGES = {
  patientMeetings: "/patient-dashboard/patient-meetings",
  doctorPending: "/doctor-dashboard",
  doctorMeetings: "/doctor-dashboard/doctor-Meetings",
  doctorHome: "/doctor-dashboard",
  adminDashboard: "/admin-dashboard",
} as const;

const hello = (name: string) => `Hello ${name},`;

export const templates = {
  /** To the patient: their request reached the doctor. */
  requestReceived: (p: { patientName: string; doctorName: string }): MailContent => ({
    subject: `Your request to ${doctorTitle(p.doctorName)} was sent`,
    greeting: hello(p.patientName),
    paragraphs: [`${doctorTitle(p.doctorName)} has your appointment request. We will write again when a time is set.`],
    action: { label: "See your meetings", path: PAGES.patientMeetings },
  }),

  /** To the doctor: a patient asked for an appointment. */
  newRequest: (p: { doctorName: string; patientName: string }): MailContent => ({
    subject: `New appointment request from ${p.patientName}`,
    greeting: hello(doctorTitle(p.doctorName)),
    paragraphs: [`${p.patientName} asked you for an appointment. Their request is waiting for a time on your dashboard.`],
    action: { label: "Open your pending requests", path: PAGES.doctorPending },
  }),

  /** To the patient: the meeting has a time (or a new one). */
  scheduled: (p: { patientName: string; doctorName: string; when: string; meetLink: string; moved: boolean }): MailContent => ({
    subject: `${p.moved ? "New time" : "Scheduled"}: your consultation with ${doctorTitle(p.doctorName)}, ${p.when}`,
    greeting: hello(p.patientName),
    paragraphs: [
      p.moved
        ? `${doctorTitle(p.doctorName)} moved your consultation to a new time. The old time no longer holds.`
        : `${doctorTitle(p.doctorName)} scheduled your consultation.`,
      "It is a video call: open the meeting link at the time. The attached file adds it to your calendar.",
    ],
    facts: [
      ["When", p.when],
      ["Meeting link", p.meetLink],
    ],
    action: { label: "See your meetings", path: PAGES.patientMeetings },
  }),

  /** To the patient: the doctor cancelled, and why (the doctor's own words). */
  cancelledByDoctor: (p: { patientName: string; doctorName: string; when?: string; doctorReason: string }): MailContent => ({
    subject: `${doctorTitle(p.doctorName)} cancelled your ${p.when ? "consultation" : "appointment request"}`,
    greeting: hello(p.patientName),
    paragraphs: [`${doctorTitle(p.doctorName)} cancelled your ${p.when ? "consultation" : "appointment request"}. You can ask for a new appointment at any time.`],
    facts: [...(p.when ? ([["Was planned for", p.when]] as [string, string][]) : []), ["Cancelled by", doctorTitle(p.doctorName)], ["Doctor's reason", p.doctorReason]],
    action: { label: "See your meetings", path: PAGES.patientMeetings },
  }),

  /** To the doctor: the patient cancelled (their reason stays on the site). */
  cancelledByPatient: (p: { doctorName: string; patientName: string; when?: string }): MailContent => ({
    subject: `${p.patientName} cancelled ${p.when ? "their consultation" : "their appointment request"}`,
    greeting: hello(doctorTitle(p.doctorName)),
    paragraphs: [`${p.patientName} cancelled ${p.when ? `the consultation of ${p.when}` : "their appointment request"}.${p.when ? " The time is free again." : ""}`],
    action: { label: "Open your meetings", path: p.when ? PAGES.doctorMeetings : PAGES.doctorPending },
  }),

  /** To either side, some time before the meeting. */
  reminder: (p: { readerName: string; otherName: string; when: string; meetLink: string; role: "patient" | "doctor" }): MailContent => ({
    subject: `Reminder: consultation with ${p.otherName}, ${p.when}`,
    greeting: hello(p.readerName),
    paragraphs: [`Your video consultation with ${p.otherName} is coming up. Open the meeting link at the time.`],
    facts: [
      ["When", p.when],
      ["Meeting link", p.meetLink],
    ],
    action: { label: "See your meetings", path: p.role === "patient" ? PAGES.patientMeetings : PAGES.doctorMeetings },
  }),

  /** To the patient, once the meeting is over. */
  feedbackInvite: (p: { patientName: string; doctorName: string }): MailContent => ({
    subject: `How was your consultation with ${doctorTitle(p.doctorName)}?`,
    greeting: hello(p.patientName),
    paragraphs: [`Your consultation with ${doctorTitle(p.doctorName)} is over. A few words of feedback help the doctor, and only the doctor reads them.`],
    action: { label: "Leave feedback", path: PAGES.patientMeetings },
  }),

  /** To every admin: a doctor signed up and waits for approval. */
  doctorWaiting: (p: { adminName: string; doctorName: string; specialization: string }): MailContent => ({
    subject: `A doctor is waiting for approval: ${doctorTitle(p.doctorName)}`,
    greeting: hello(p.adminName),
    paragraphs: [`${doctorTitle(p.doctorName)} (${p.specialization}) signed up and is waiting for your approval.`],
    action: { label: "Open the admin dashboard", path: PAGES.adminDashboard },
  }),

  /** To the doctor: the admin changed the account's status (an account mail: always sent). */
  doctorStatus: (p: { doctorName: string; status: "approved" | "rejected" | "blocked" | "reactivated" }): MailContent => {
    const says = {
      approved: ["Your Carebook account is approved", "Your account was approved: patients can now find you and ask for appointments."],
      rejected: ["Your Carebook account was not approved", "An admin did not approve your account. Write to support if you think this is a mistake."],
      blocked: ["Your Carebook account is blocked", "An admin blocked your account: patients cannot book with you for now. Write to support to know more."],
      reactivated: ["Your Carebook account is active again", "An admin reactivated your account: patients can find you and ask for appointments again."],
    }[p.status];
    return {
      subject: says[0]!,
      greeting: hello(doctorTitle(p.doctorName)),
      paragraphs: [says[1]!],
      action: { label: "Open Carebook", path: PAGES.doctorHome },
    };
  },
} as const;

export type TemplateName = keyof typeof templates;
