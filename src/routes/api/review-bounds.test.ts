/**
 * Issue 44, finding 6 (info): a meeting could be set centuries ahead (a typed year 2206 was kept
 * and mailed), and a doctor's cancel reason that looked like a web address became a link in the
 * patient's mail (a stranger's link, in a mail from the clinic). Times are bounded at two years
 * ahead (400, a clear message, on schedule and reschedule); only the meet link the server made
 * is ever a link.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inMinutes, startHarness, type Harness } from "../../../tests/support/harness";
import { TOO_FAR } from "../../domain/messages";

const DAY = 24 * 60;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

describe("appointment times at most two years ahead", () => {
  test("schedule and reschedule: 3 years ahead is 400 with the message; 700 days is accepted", async () => {
    const patient = await h.signupPatient();
    const doctor = await h.signupDoctor();
    const id = await h.book(patient.token, doctor.id);
    const far = await h.schedule(doctor.token, id, patient.id, inMinutes(3 * 365 * DAY));
    expect([far.status, far.body]).toEqual([400, { message: TOO_FAR }]);
    expect((await h.schedule(doctor.token, id, patient.id, inMinutes(700 * DAY))).status).toBe(200);

    const moved = await h.call("POST", "/api/auth/doctor-dashboard/rescheduleAppointment", {
      token: doctor.token,
      json: { appointmentId: id, scheduledDateTime: new Date(Date.UTC(2206, 0, 1, 10)).toISOString(), reason: "A typo in the year" },
    });
    expect([moved.status, moved.body]).toEqual([400, { message: TOO_FAR }]);
  });
});

describe("a cancel reason in a mail", () => {
  test("stays text, even when it looks like a web address; the meet link stays a link", async () => {
    const patient = await h.signupPatient();
    const doctor = await h.signupDoctor();
    const id = await h.book(patient.token, doctor.id);
    expect((await h.schedule(doctor.token, id, patient.id, inMinutes(3 * DAY))).status).toBe(200);
    const reason = "https://evil.example/claim-your-refund";
    const cancelled = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason } });
    expect(cancelled.status).toBe(200);
    const mails = await h.elsewhere("SELECT template, html FROM mail_outbox WHERE appointment_id = ? AND template IN ('scheduled', 'cancelledByDoctor')", [id]);
    const html = (template: string) => String(mails.rows.find((row) => row.template === template)!.html);
    expect(html("cancelledByDoctor")).toContain(reason);
    expect(html("cancelledByDoctor")).not.toContain(`href="${reason}"`);
    expect(html("scheduled")).toMatch(/<a href="https:\/\/meet\.[^"]+"/);
  });
});
