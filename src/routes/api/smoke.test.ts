import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("a patient books, a doctor schedules, both see the meeting", async () => {
  const doctor = await h.signupDoctor();
  const patient = await h.signupPatient();
  const id = await h.book(patient.token, doctor.id);
  const at = new Date(Date.now() + 3_600_000);
  const res = await h.schedule(doctor.token, id, patient.id, at);
  expect(res.status).toBe(200);
  expect(res.body.meetLink).toStartWith("https://meet.jit.si/carebook-");
  const meetings = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
  expect(meetings.body.appointments[0].status).toBe("confirmed");
  expect(meetings.body.appointments[0].scheduledAt).toBe(at.toISOString());
});
