/**
 * POST /api/auth/doctor-dashboard/undo (issue 39): the doctor's schedule, cancel or reschedule
 * can be taken back within UNDO_SECONDS; the patient's mail waits until the window closes. The
 * app's clock is set from a fixed reference (the next Monday), so the run does not depend on when it starts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { nextMonday } from "../../../tests/support/monday";

const UNDO = "/api/auth/doctor-dashboard/undo";
let h: Harness;
let doctor: Doctor;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
/** The app's clock: a day before the Monday, moved by the tests. */
let clock = at(-24);

beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true", UNDO_SECONDS: "10", BOOKING_NOTICE_MINUTES: "0" });
  h.deps.now = () => new Date(clock);
  doctor = await h.signupDoctor();
});
afterAll(() => h.stop());

const undo = (appointmentId: string, token = doctor.token) => h.call("POST", UNDO, { token, json: { appointmentId } });
const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const mails = async (appointmentId: string) =>
  (await h.elsewhere("select template, state, next_attempt_at from mail_outbox where appointment_id = ? order by created_at, template", [appointmentId])).rows.map(
    (r) => ({ template: r.template as string, state: r.state as string, nextAttemptAt: Number(r.next_attempt_at) }),
  );
const status = async (appointmentId: string) =>
  (await h.elsewhere("select status, scheduled_at from appointments where id = ?", [appointmentId])).rows[0] as unknown as { status: string; scheduled_at: number | null };

async function requested(name: string): Promise<{ patient: Patient; id: string }> {
  const patient = await h.signupPatient(name);
  return { patient, id: await h.book(patient.token, doctor.id) };
}

describe("within the window", () => {
  test("a schedule undone: pending again, its mails dropped unsent, the undo in the audit trail", async () => {
    const { patient, id } = await requested("Neha S");
    expect((await h.schedule(doctor.token, id, patient.id, at(10))).status).toBe(200);
    // The patient's "scheduled" mail waits for the window to close.
    const scheduled = (await mails(id)).find((m) => m.template === "scheduled")!;
    expect(scheduled).toMatchObject({ state: "waiting", nextAttemptAt: clock.getTime() + 10_000 });
    later(9);
    const res = await undo(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Change undone", appointment: { _id: id, status: "pending", scheduledAt: null, meetLink: null } });
    expect(await status(id)).toEqual({ status: "pending", scheduled_at: null });
    const after = await mails(id);
    expect(after.filter((m) => m.template !== "requestReceived" && m.template !== "newRequest").every((m) => m.state === "dropped")).toBe(true);
    const audit = await h.elsewhere("select action, from_status, to_status, actor_id from audit_events where subject_id = ? order by id", [id]);
    expect(audit.rows.map((r) => [r.action, r.from_status, r.to_status])).toEqual([
      ["book", null, "pending"],
      ["schedule", "pending", "confirmed"],
      ["undo", "confirmed", "pending"],
    ]);
    // Twice: nothing left to undo.
    const again = await undo(id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "There is nothing to undo for this appointment" });
  });

  test("a reschedule undone: the old time again, and its reminders wait again", async () => {
    const { patient, id } = await requested("Ravi K");
    await h.schedule(doctor.token, id, patient.id, at(12));
    later(11);
    const moved = await h.call("POST", "/api/auth/doctor-dashboard/rescheduleAppointment", {
      token: doctor.token, json: { appointmentId: id, scheduledDateTime: at(13).toISOString(), reason: "A clash" },
    });
    expect(moved.status).toBe(200);
    // Reminders a day and an hour before: the old time's (at -12 h and 11 h) and the new one's (-11 h and 12 h).
    const remindersAt = async (...hours: number[]) => (await mails(id)).filter((m) => m.template === "reminder" && hours.some((x) => m.nextAttemptAt === at(x).getTime()));
    expect((await remindersAt(-12, 11)).map((m) => m.state)).toEqual(["dropped", "dropped", "dropped", "dropped"]);
    later(5);
    const res = await undo(id);
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ status: "confirmed", scheduledAt: at(12).toISOString() });
    expect((await remindersAt(-12, 11)).map((m) => m.state)).toEqual(["waiting", "waiting", "waiting", "waiting"]);
    expect((await remindersAt(-11, 12)).map((m) => m.state)).toEqual(["dropped", "dropped", "dropped", "dropped"]);
    const all = await mails(id);
    expect(all.filter((m) => m.template === "scheduled").map((m) => m.state)).toEqual(["waiting", "dropped"]);
  });

  test("a cancel undone: the request is pending again and the patient is never told", async () => {
    const { id } = await requested("Asha A");
    const cancelled = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason: "Away" } });
    expect(cancelled.status).toBe(200);
    const res = await undo(id);
    expect(res.status).toBe(200);
    expect(res.body.appointment.status).toBe("pending");
    expect((await mails(id)).find((m) => m.template === "cancelledByDoctor")?.state).toBe("dropped");
  });
});

describe("refused", () => {
  test("after the window: 409 with a clear message, nothing changes, and the mail goes", async () => {
    const { patient, id } = await requested("Late L");
    await h.schedule(doctor.token, id, patient.id, at(14));
    later(10);
    const res = await undo(id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "The time to undo this has passed" });
    expect((await status(id)).status).toBe("confirmed");
    expect((await mails(id)).find((m) => m.template === "scheduled")).toMatchObject({ state: "waiting", nextAttemptAt: clock.getTime() });
  });

  test("a cancel of a meeting whose time was given to another since: 409, and both stay as they are", async () => {
    const first = await requested("Asha First");
    expect((await h.schedule(doctor.token, first.id, first.patient.id, at(30))).status).toBe(200);
    later(20); // past the schedule's own window
    const cancelled = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: first.id, reason: "Away" } });
    expect(cancelled.status).toBe(200);
    const second = await requested("Bina Second");
    expect((await h.schedule(doctor.token, second.id, second.patient.id, at(30))).status).toBe(200);
    later(2);
    const res = await undo(first.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This time has been given to another appointment since, so the change cannot be undone");
    expect(await status(first.id)).toMatchObject({ status: "cancelled" });
    expect(await status(second.id)).toEqual({ status: "confirmed", scheduled_at: at(30).getTime() });
  });

  test("another doctor's appointment: 404, as a missing one", async () => {
    const { patient, id } = await requested("Other O");
    await h.schedule(doctor.token, id, patient.id, at(15));
    const other = await h.signupDoctor({ name: "Omar Other" });
    const res = await undo(id, other.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Appointment not found" });
    expect((await undo("no-such-appointment")).status).toBe(404);
    expect((await status(id)).status).toBe("confirmed");
  });

  test("a change that is not the doctor's (the patient's own cancel), a missing id, no token", async () => {
    const { patient, id } = await requested("Self S");
    await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: id, reason: "Better now" } });
    expect((await undo(id)).status).toBe(409);
    const missing = await h.call("POST", UNDO, { token: doctor.token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("appointmentId is required");
    expect((await h.call("POST", UNDO, { json: { appointmentId: id } })).status).toBe(401);
  });
});
