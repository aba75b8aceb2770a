/**
 * Scheduling that helps (issue 27, item 5), as a browser without script sees it: the date input
 * offers no day before today in the doctor's zone; a past time and an overlap are refused with
 * words beside the form, naming the meeting it overlaps in the doctor's zone. The API keeps its
 * messages.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dateInZone } from "../../domain/time";
import { inMinutes, startHarness, type Harness } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const post = (path: string, fields: Record<string, string>, token: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: `carebook_session=${token}` }, body: new URLSearchParams(fields) });

test("min on the date input; a past time and an overlap are refused in words beside the form", async () => {
  // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
  clockBefore(h, new Date("2031-01-15T00:00:00Z"));
  const doctor = await h.signupDoctor({ name: "Dr. Busy" });
  await post("/time-zone", { timeZone: "Asia/Kolkata" }, doctor.token);
  const first = await h.signupPatient("Mr X");
  const second = await h.signupPatient("Ms Y");
  const firstId = await h.book(first.token, doctor.id);
  // 10:30 in Kolkata on 15 Jan 2031 is 05:00 UTC.
  expect((await h.schedule(doctor.token, firstId, first.id, new Date("2031-01-15T05:00:00Z"))).status).toBe(200);
  const secondId = await h.book(second.token, doctor.id);

  const page = await (await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${doctor.token}` } })).text();
  // A real date field (issue 39), with its min.
  const dateField = page.match(/<input\b[^>]*\bname="date"[^>]*>/)![0];
  expect(dateField).toContain('type="date"');
  expect(dateField).toContain(`min="${dateInZone(h.deps.now(), "Asia/Kolkata")}"`);

  const ids = { appointmentId: secondId, patientId: second.id, tz: "Asia/Kolkata" };
  const past = await post("/doctor-dashboard/schedule", { ...ids, date: "2020-01-01", time: "10:00", confirm: "2" }, doctor.token);
  expect(past.status).toBe(400);
  const pastPage = await past.text();
  expect(pastPage).toContain("Choose a time in the future.");
  expect(pastPage).not.toContain("scheduledDateTime");

  const overlap = await post("/doctor-dashboard/schedule", { ...ids, date: "2031-01-15", time: "10:45", confirm: "2" }, doctor.token);
  expect(overlap.status).toBe(409);
  expect(await overlap.text()).toContain("You already have Mr X at 10:30 to 11:00 on Wed 15 Jan.");

  const fake = await post("/doctor-dashboard/schedule", { ...ids, date: "2031-02-30", time: "10:45", confirm: "2" }, doctor.token);
  expect(fake.status).toBe(400);
  expect(await fake.text()).toContain("Choose a real date and time.");

  // The API's answers are unchanged.
  const api = await h.schedule(doctor.token, secondId, second.id, inMinutes(-5));
  expect([api.status, api.body.message]).toEqual([400, "scheduledDateTime must be in the future"]);
  const apiOverlap = await h.schedule(doctor.token, secondId, second.id, new Date("2031-01-15T05:15:00Z"));
  expect([apiOverlap.status, apiOverlap.body.message]).toEqual([409, "This time overlaps another confirmed appointment"]);
  expect((await post("/doctor-dashboard/schedule", { ...ids, date: "2031-01-15", time: "11:00", confirm: "2" }, doctor.token)).status).toBe(303);
});
