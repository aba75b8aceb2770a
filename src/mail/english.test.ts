/**
 * Issue 31's promise to English readers: with the messages moved into the catalogs, every mail
 * (each template, both frames), every calendar file and every feed's ETag in English is the
 * same, byte for byte, as the code wrote before there were two languages. The expected output,
 * english.golden.json, was rendered by that code (commit b2d1384) from the inputs below; a
 * change here is a change every English reader sees.
 */
import { describe, expect, test } from "bun:test";
import golden from "./english.golden.json";
import { templates } from "./templates";
import { securityTemplates } from "./security";
import { renderMail, type MailContent, type Rendered } from "./layout";
import { formatWhen } from "./time";
import { calendarText, calendarVersion, type Scheduled } from "../calendar/ics";
import type { Recipient } from "../db/queries/mail";
import { translator } from "../i18n/catalog";

const EN = translator("en");
const at = new Date("2027-03-29T09:30:00Z");
const when = formatWhen(at, "Europe/Paris");
const whenUtc = formatWhen(at, "UTC");
const frame = { siteUrl: "https://carebook.test", support: { email: "help@carebook.test", phone: "+1 555 0100" } };
const framed = { ...frame, unsubscribeUrl: "https://carebook.test/unsubscribe/x.y.z.sig" };
const link = "https://meet.jit.si/x";
const doctor: Recipient = { role: "doctor", id: "1", name: "Omar", email: "o@x", timeZone: "Asia/Kolkata", language: null };
const patient: Recipient = { role: "patient", id: "1", name: "Maya", email: "o@x", timeZone: null, language: null };
const origin = { device: "Firefox on Linux", at };

const contents: Record<string, MailContent> = {
  requestReceived: templates.requestReceived(EN, { patientName: "Maya Patel", doctorName: "Dr. Omar Haddad" }),
  newRequest: templates.newRequest(EN, { doctorName: "Omar Haddad", patientName: "Maya <Patel>" }),
  scheduled: templates.scheduled(EN, { patientName: "Maya", doctorName: "Omar", when, where: { meetLink: link }, moved: false }),
  moved: templates.scheduled(EN, { patientName: "Maya", doctorName: "Omar", when: whenUtc, where: { meetLink: link }, moved: true }),
  cancelledByDoctor: templates.cancelledByDoctor(EN, { patientName: "Maya", doctorName: "Omar", when, doctorReason: "Away & gone" }),
  cancelledByDoctorReq: templates.cancelledByDoctor(EN, { patientName: "Maya", doctorName: "Omar", doctorReason: "Away" }),
  cancelledByPatient: templates.cancelledByPatient(EN, { patientName: "Maya", doctorName: "Omar", when }),
  cancelledByPatientReq: templates.cancelledByPatient(EN, { patientName: "Maya", doctorName: "Omar" }),
  reminderP: templates.reminder(EN, { readerName: "Maya", otherName: "Dr Omar", when, where: { meetLink: link }, role: "patient" }),
  reminderD: templates.reminder(EN, { readerName: "Dr Omar", otherName: "Maya", when, where: { meetLink: link }, role: "doctor" }),
  feedbackInvite: templates.feedbackInvite(EN, { patientName: "Maya", doctorName: "Omar" }),
  doctorWaiting: templates.doctorWaiting(EN, { adminName: "Ada", doctorName: "Omar", specialization: "ENT Specialist" }),
  ...Object.fromEntries((["approved", "rejected", "blocked", "reactivated"] as const).map((s) => [`status-${s}`, templates.doctorStatus(EN, { doctorName: "Omar", status: s })])),
  reset: securityTemplates.passwordReset({ to: doctor, origin, token: "tok", minutes: 30 }),
  // A deployment whose DEFAULT_TIME_ZONE is UTC (India's by default since issue 52): the words as before.
  changedR: securityTemplates.passwordChanged({ to: patient, origin, how: "reset", defaultZone: "UTC" }),
  changedC: securityTemplates.passwordChanged({ to: patient, origin, how: "change", defaultZone: "UTC" }),
};

const expected = golden as unknown as Record<string, Partial<Rendered> | string | string[]>;

describe("English, byte for byte as before", () => {
  test("every mail: subject, text part, and the HTML part of both frames", () => {
    for (const [name, content] of Object.entries(contents))
      for (const [key, rendered] of [
        [name, renderMail(content, frame)],
        [`${name}+unsub`, renderMail(content, framed)],
      ] as const) {
        const want = expected[key] as Partial<Rendered>;
        expect({ key, subject: rendered.subject, text: rendered.text }).toEqual({ key, subject: want.subject!, text: want.text! });
        if (want.html !== undefined) expect({ key, html: rendered.html }).toEqual({ key, html: want.html });
      }
  });

  test("the times a mail names", () => {
    expect([when, whenUtc, formatWhen(at, "Asia/Kolkata")]).toEqual(expected.when as string[]);
  });

  test("a calendar file, a feed, and their versions (the feeds' ETags)", () => {
    const row = { id: "abc", status: "confirmed", scheduledAt: at, endsAt: new Date(at.getTime() + 1_800_000), meetLink: link, createdAt: new Date(0), cancelledAt: null, doctorName: "Dr. Omar", patientName: "Maya", forName: null, forRelation: null, forAge: null, revisions: 2, revisedAt: new Date(1000) } satisfies Scheduled;
    const cancelled = { ...row, id: "def", status: "cancelled", cancelledAt: new Date(2000) } satisfies Scheduled;
    expect(calendarText([row, cancelled], "patient")).toBe(expected.icsP as string);
    expect(calendarText([row, cancelled], "doctor", { feed: true })).toBe(expected.icsD as string);
    expect(calendarText([row, cancelled], "doctor", { feed: true, lang: "en" })).toBe(expected.icsD as string);
    expect(calendarVersion([row, cancelled], "patient")).toBe(expected.verP as string);
    expect(calendarVersion([row, cancelled], "doctor", "en")).toBe(expected.verD as string);
    // Another language is another version: a calendar app refetches when the account's language changes.
    expect(calendarVersion([row, cancelled], "doctor", "hi")).not.toBe(expected.verD as string);
  });
});
