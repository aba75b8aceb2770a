/**
 * Issue 44 item 8 through the API: GET /api/auth/account/export answers every section for each
 * role, holds the account's own data (family, appointments with their story, feedback, sessions,
 * mails by subject and date, audit events), nothing of another account (two patients and two
 * doctors with data: the other's name, email and reasons never appear; a doctor's export names
 * its patients by name only, never their email), and reads everything in one round trip.
 * Planned from the next Monday (UTC): meetings booked at once at 10:00 and 11:00, the clock at 00:00.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { atClock } from "../../../tests/support/clock";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const EXPORT = "/api/auth/account/export";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const SECTIONS = ["appointments", "auditEvents", "documents", "exportedAt", "familyMembers", "feedback", "mailPreferences", "mails", "profile", "records", "sessions", "waitlist"];

let h: Harness;
let alpha: Patient, beta: Patient, xavier: Doctor, yolanda: Doctor;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true", TOKEN_TTL_HOURS: "48" });
  h.deps.now = () => at(0);
  [xavier, yolanda] = [await instantDoctor("Dr Xavier Exportwala"), await instantDoctor("Dr Yolanda Otherwala")];
  alpha = await h.signupPatient("Asha Alphaname");
  beta = await h.signupPatient("Bela Betaname");
  const member = await h.call("POST", `${PATIENT}/family`, { token: alpha.token, json: { name: "Kiran Alphachild", relation: "child", dateOfBirth: "2019-03-04", sex: "female" } });
  expect(member.status).toBe(201);
  const mine = await book(alpha, xavier, at(10), "alpha knee pain", member.body.member._id);
  await book(beta, yolanda, at(10), "beta secret rash");
  await book(beta, xavier, at(11), "beta migraine");
  const feedback = await atClock(h.deps, at(12), () => h.call("POST", `${PATIENT}/giveFeedback`, { token: alpha.token, json: { appointmentId: mine, message: "alpha thanks the doctor" } }));
  expect(feedback.status).toBe(201);
});
afterAll(() => h.stop());

async function instantDoctor(name: string): Promise<Doctor> {
  const doctor = await h.signupDoctor({ name });
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  return doctor;
}

async function book(patient: Patient, doctor: Doctor, start: Date, reason: string, forMemberId?: string): Promise<string> {
  const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason, slotStart: start.toISOString(), forMemberId } });
  expect(res.status).toBe(201);
  return res.body.appointment._id as string;
}

const exportOf = async (token: string) => {
  const res = await atClock(h.deps, at(13), () => h.call("GET", EXPORT, { token }));
  expect(res.status).toBe(200);
  return res;
};

describe("GET /api/auth/account/export", () => {
  test("a patient's: every section, their own data, as a dated attachment", async () => {
    const res = await exportOf(alpha.token);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="carebook-${at(13).toISOString().slice(0, 10)}.json"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const doc = res.body;
    expect(Object.keys(doc).sort()).toEqual(SECTIONS);
    expect(doc.profile).toMatchObject({ role: "patient", id: alpha.id, name: "Asha Alphaname", email: alpha.email, consent: null, consentAsked: true });
    expect(doc.profile).not.toHaveProperty("passwordHash");
    expect(doc.familyMembers).toEqual([expect.objectContaining({ name: "Kiran Alphachild", relation: "child", dateOfBirth: "2019-03-04" })]);
    expect(doc.appointments).toHaveLength(1);
    const [meeting] = doc.appointments;
    expect(meeting).toMatchObject({ reason: "alpha knee pain", status: "completed", doctor: { name: "Dr Xavier Exportwala" }, for: { name: "Kiran Alphachild" } });
    expect(meeting.story.map((e: { action: string; by: string; to: string }) => [e.action, e.by, e.to])).toEqual([
      ["book", "patient", "confirmed"],
      ["feedback", "patient", "completed"],
    ]);
    expect(doc.feedback).toEqual([expect.objectContaining({ message: "alpha thanks the doctor", appointmentId: meeting.id })]);
    expect(doc.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    expect(doc.mails.length).toBeGreaterThan(0);
    for (const mail of doc.mails) expect(Object.keys(mail).sort()).toEqual(["createdAt", "sentAt", "state", "subject", "template"]);
    expect(doc.mailPreferences).toEqual({ reminders: true, notices: true, sms: true, whatsapp: false });
    expect(doc.auditEvents).toEqual([]);
  });

  test("nothing of another account: neither the other patient nor the other doctor, by name, email or reason", async () => {
    const text = (await exportOf(alpha.token)).text;
    for (const other of ["Bela Betaname", beta.email, beta.id, "beta secret rash", "beta migraine", "Dr Yolanda Otherwala", yolanda.email, xavier.email, xavier.id]) {
      expect(text).not.toContain(other);
    }
  });

  test("a doctor's: its appointments name each patient by name only; nothing of the other doctor or its patients", async () => {
    const res = await exportOf(xavier.token);
    const doc = res.body;
    expect(Object.keys(doc).sort()).toEqual(SECTIONS);
    expect(doc.profile).toMatchObject({ role: "doctor", name: "Dr Xavier Exportwala", email: xavier.email, status: "approved" });
    // (both booked at the same clock time: compared in name order)
    expect(doc.appointments.map((a: { patient: { name: string }; reason: string }) => [a.patient.name, a.reason]).sort()).toEqual([
      ["Asha Alphaname", "alpha knee pain"],
      ["Bela Betaname", "beta migraine"],
    ]);
    expect(doc.feedback).toEqual([expect.objectContaining({ message: "alpha thanks the doctor" })]);
    expect(doc.auditEvents.map((e: { action: string }) => e.action).length).toBeGreaterThanOrEqual(2);
    expect(doc.familyMembers).toEqual([]);
    for (const other of [alpha.email, beta.email, alpha.id, beta.id, "beta secret rash", "Dr Yolanda Otherwala", yolanda.email, yolanda.id]) {
      expect(res.text).not.toContain(other);
    }
  });

  test("the admin's: its profile and decisions, no patient's data; signed out it is 401", async () => {
    const doc = (await exportOf(await h.admin())).body;
    expect(Object.keys(doc).sort()).toEqual(SECTIONS);
    expect(doc.profile).toMatchObject({ role: "admin", email: "admin@example.com" });
    expect(doc.appointments).toEqual([]);
    expect(doc.mailPreferences).toBeNull();
    expect(doc.auditEvents.filter((e: { subjectId: string }) => e.subjectId === xavier.id).map((e: { to: string }) => e.to)).toEqual(["approved"]);
    expect((await h.call("GET", EXPORT)).status).toBe(401);
  });

  test("reads every section in one round trip after the session's", async () => {
    const session = await h.roundTripsOf(() => h.call("GET", "/api/auth/consent", { token: alpha.token }));
    const full = await h.roundTripsOf(() => h.call("GET", EXPORT, { token: alpha.token }));
    expect(full.result.status).toBe(200);
    expect(full.trips - session.trips).toBe(1);
  });
});
