/**
 * The story of each appointment on the meetings pages (issue 27, items 1 and 2), as a browser
 * without script sees it: upcoming first (the next at the top), then requests waiting, then
 * "Past and cancelled" with who cancelled, when and why (90 days), completed ones with feedback.
 * A pending request is withdrawn by form with a reason, and the doctor can be booked again. The
 * JSON lists stay as the contract says: no cancelled appointment in them.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { inMinutes, startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const cookieOf = (token: string) => `carebook_session=${token}`;
const post = (path: string, fields: Record<string, string>, token: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: cookieOf(token) }, body: new URLSearchParams(fields) });
const page = async (path: string, token: string) => (await h.app.request(path, { headers: { cookie: cookieOf(token) } })).text();
/** The texts must be in the island's markup (not its props block), in this order. */
const inOrder = (page: string, island: string, texts: string[]) => {
  const html = page.slice(page.indexOf(`data-island="${island}"`));
  const at = texts.map((t) => html.indexOf(t));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
};
const DAY = 24 * 60 * 60 * 1000;

test("the patient's page tells each appointment's story in order; the JSON list is unchanged", async () => {
  const patient = await h.signupPatient();
  const later = await h.signupDoctor({ name: "Dr. Later" });
  const sooner = await h.signupDoctor({ name: "Dr. Sooner" });
  const waiting = await h.signupDoctor({ name: "Dr. Waiting" });
  const done = await h.signupDoctor({ name: "Dr. Done" });
  const refuser = await h.signupDoctor({ name: "Dr. Refuser" });
  const old = await h.signupDoctor({ name: "Dr. Longago" });

  const laterId = await h.book(patient.token, later.id, "Later visit");
  await h.schedule(later.token, laterId, patient.id, inMinutes(60 * 48));
  const soonerId = await h.book(patient.token, sooner.id, "Sooner visit");
  await h.schedule(sooner.token, soonerId, patient.id, inMinutes(60 * 24));
  await h.book(patient.token, waiting.id, "Waiting visit");
  const doneId = await h.book(patient.token, done.id, "Done visit");
  await h.schedule(done.token, doneId, patient.id, inMinutes(60));
  const now = Date.now();
  await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [now - 2 * DAY, now - 2 * DAY + 30 * 60_000, doneId]);
  const refusedId = await h.book(patient.token, refuser.id, "Refused visit");
  expect((await post("/doctor-dashboard/cancel", { appointmentId: refusedId, reason: "Not my field, see a dermatologist" }, refuser.token)).status).toBe(303);
  const oldId = await h.book(patient.token, old.id, "Old visit");
  await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: oldId, reason: "Long ago" } });
  await h.elsewhere("update appointments set cancelled_at = ? where id = ?", [now - 91 * DAY, oldId]);

  const html = await page("/patient-dashboard/patient-meetings", patient.token);
  inOrder(html, "PatientMeetings", ["Upcoming", "Next appointment", "Dr. Sooner", "Dr. Later", "Waiting for the doctor", "Dr. Waiting", "Past and cancelled", "Dr. Refuser", "Dr. Done"]);
  expect(html).toContain("<strong>Declined by Dr. Refuser</strong>");
  expect(html).toContain("Not my field, see a dermatologist");
  expect(html).toContain("Give feedback");
  // Older than 90 days: gone from the page.
  expect(html).not.toContain("Dr. Longago");
  // The next meeting's Join is a button; cancel and withdraw sit behind a first step.
  expect(html).toMatch(/<a class="button" href="https:\/\/meet\.jit\.si\/[^"]+" target="_blank" rel="noopener noreferrer">Join video call<\/a>/);
  // The opener is a plain button; the step asks, its confirming button is the strong one, beside the way out (issue 39).
  expect(html).toContain('<details class="confirm"><summary class="button button-secondary" aria-label="Withdraw request to Dr. Waiting">Withdraw request</summary><p class="confirm-ask">Withdraw your request to <!-- -->Dr. Waiting<!-- -->? The doctor will be told.');
  expect(html).toMatch(/action="\/patient-dashboard\/patient-meetings\/withdraw"[^]*?Reason for withdrawing \(optional\)[^]*?<button type="submit" class="button-danger">Withdraw request<\/button><a class="button button-secondary" href="[^"]+">Keep request<\/a>/);

  const api = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
  expect(api.body.appointments.map((a: { status: string }) => a.status).sort()).toEqual(["completed", "confirmed", "confirmed", "pending"]);
  expect(Object.keys(api.body.appointments[0]).sort()).toEqual(["_id", "createdAt", "doctor", "for", "hasFeedback", "meetLink", "patient", "preferredTimes", "reason", "rescheduled", "scheduledAt", "status", "visit"]);
});

test("a patient withdraws a pending request by form with a reason, then can book that doctor again; the doctor sees why", async () => {
  const patient = await h.signupPatient("Wanda Withdraw");
  const doctor = await h.signupDoctor({ name: "Dr. Silent" });
  const id = await h.book(patient.token, doctor.id, "Cough");
  const bookPath = `/patient-dashboard/bookAppointment/${doctor.id}`;
  expect((await post(bookPath, { reason: "Again" }, patient.token)).status).toBe(409);

  const empty = await post("/patient-dashboard/patient-meetings/cancel", { appointmentId: id, reason: "" }, patient.token);
  expect(empty.status).toBe(400);
  const refusedPage = await empty.text();
  // The refused form is shown open, with the message beside it.
  expect(refusedPage).toContain('<details class="confirm" open="">');

  const withdrawn = await post("/patient-dashboard/patient-meetings/cancel", { appointmentId: id, reason: "Feeling better" }, patient.token);
  expect([withdrawn.status, withdrawn.headers.get("location")]).toEqual([303, "/patient-dashboard/patient-meetings#notice"]);
  const html = await page("/patient-dashboard/patient-meetings", patient.token);
  expect(html).toContain("<strong>Withdrawn by you</strong>");
  expect(html).toContain(`href="${bookPath}">Book <!-- -->Dr. Silent<!-- --> again</a>`);

  const doctorPage = await page("/doctor-dashboard/doctor-Meetings", doctor.token);
  expect(doctorPage).toContain("<strong>Withdrawn by the patient</strong>");
  expect(doctorPage).toContain("Feeling better");

  expect((await post(bookPath, { reason: "It came back" }, patient.token)).status).toBe(303);
});

test("the doctor's page: upcoming, requests waiting, then past and cancelled with feedback", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Story" });
  const alice = await h.signupPatient("Alice Upcoming");
  const bob = await h.signupPatient("Bob Pending");
  const carol = await h.signupPatient("Carol Completed");
  const dan = await h.signupPatient("Dan Cancelled");
  const a = await h.book(alice.token, doctor.id);
  await h.schedule(doctor.token, a, alice.id, inMinutes(600));
  await h.book(bob.token, doctor.id);
  const c = await h.book(carol.token, doctor.id);
  await h.schedule(doctor.token, c, carol.id, inMinutes(60));
  const now = Date.now();
  await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [now - DAY, now - DAY + 30 * 60_000, c]);
  await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: carol.token, json: { appointmentId: c, message: "Very kind and clear" } });
  const d = await h.book(dan.token, doctor.id);
  await h.schedule(doctor.token, d, dan.id, inMinutes(900));
  expect((await post("/doctor-dashboard/doctor-Meetings/cancel", { appointmentId: d, reason: "Called away to surgery" }, doctor.token)).status).toBe(303);

  const html = await page("/doctor-dashboard/doctor-Meetings", doctor.token);
  inOrder(html, "DoctorMeetings", ["Upcoming", "Alice Upcoming", "Requests waiting", "Bob Pending", "Past and cancelled", "Dan Cancelled", "Carol Completed", "Very kind and clear"]);
  expect(html).toContain("<strong>Cancelled by you</strong>");
  expect(html).toContain("Called away to surgery");
  const api = await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token });
  expect(api.body.appointments.map((m: { status: string }) => m.status).sort()).toEqual(["completed", "confirmed"]);
});
