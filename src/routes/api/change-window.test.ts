/**
 * Issue 40 item 3, the change window: a patient cannot cancel a confirmed meeting that starts
 * sooner than CHANGE_NOTICE_MINUTES (default 240) from now (409, nothing changed); the doctor
 * still can; the meetings page says so instead of offering the button, and until when changes
 * are possible. Planned from the next Monday (UTC): meetings at 10:00, the app's clock moved to
 * one minute either side of 06:00, the window's edge.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseEnv } from "../../config/env";
import { nextMonday } from "../../../tests/support/monday";
import { atClock as clockAt } from "../../../tests/support/clock";
import { startHarness, type Harness } from "../../../tests/support/harness";

const PATIENT = "/api/auth/patient-dashboard";
const TOO_LATE = "This appointment starts too soon to change online: contact the doctor";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const atClock = <T>(when: Date, fn: () => Promise<T>) => clockAt(h.deps, when, fn);

/** A patient's confirmed meeting at Monday 10:00 with a doctor of their own (scheduled on Sunday). */
async function meetingAtTen() {
  const [patient, doctor] = [await h.signupPatient(), await h.signupDoctor()];
  const id = await h.book(patient.token, doctor.id);
  const scheduled = await atClock(at(-24), () => h.schedule(doctor.token, id, patient.id, at(10)));
  expect(scheduled.status).toBe(200);
  return { patient, doctor, id };
}

const cancel = (token: string, role: "patient" | "doctor", appointmentId: string) =>
  h.call("POST", `/api/auth/${role}-dashboard/cancelAppointment`, { token, json: { appointmentId, reason: "Something came up" } });
const meetingsPage = async (token: string) => (await h.app.request("/patient-dashboard/patient-meetings", { headers: { cookie: `carebook_session=${token}` } })).text();

describe("the change window", () => {
  test("CHANGE_NOTICE_MINUTES is 240 unless set, and takes fractions", () => {
    expect(h.deps.config.changeNoticeMinutes).toBe(240);
    expect(parseEnv({ CHANGE_NOTICE_MINUTES: "0.5" }).changeNoticeMinutes).toBe(0.5);
    expect(() => parseEnv({ CHANGE_NOTICE_MINUTES: "soon" })).toThrow(/CHANGE_NOTICE_MINUTES/);
  });

  test("one minute outside the window the patient cancels; one minute inside, 409 and the meeting stands", async () => {
    const outside = await meetingAtTen();
    const early = await atClock(at(6 - 1 / 60), () => cancel(outside.patient.token, "patient", outside.id));
    expect(early.status).toBe(200);

    const inside = await meetingAtTen();
    const late = await atClock(at(6 + 1 / 60), () => cancel(inside.patient.token, "patient", inside.id));
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 409, message: TOO_LATE });
    const meetings = await atClock(at(6 + 1 / 60), () => h.call("GET", `${PATIENT}/patient-meetings`, { token: inside.patient.token }));
    expect(meetings.body.appointments).toMatchObject([{ _id: inside.id, status: "confirmed" }]);
  });

  test("the doctor can still cancel inside the window", async () => {
    const { doctor, id } = await meetingAtTen();
    expect((await atClock(at(9), () => cancel(doctor.token, "doctor", id))).status).toBe(200);
  });

  test("the meetings page: until when before the window; inside it, why instead of the button", async () => {
    const { patient } = await meetingAtTen();
    const before = await atClock(at(5), () => meetingsPage(patient.token));
    expect(before).toContain("You can cancel or move it online until");
    expect(before).toContain('action="/patient-dashboard/patient-meetings/cancel"');
    const inside = await atClock(at(7), () => meetingsPage(patient.token));
    expect(inside).toContain(TOO_LATE);
    expect(inside).not.toContain('action="/patient-dashboard/patient-meetings/cancel"');
  });
});
