/**
 * Issue 51 item 1: a doctor's free times cannot be hoarded by one account. The review's attack
 * (one patient with 8 made-up family members took 9 confirmed slots of one doctor at once) now
 * stops at the limits: an account (holder and members together) holds at most INSTANT_PER_DOCTOR
 * (2) open instant bookings with one doctor and INSTANT_PER_ACCOUNT (6) in all, past that 409
 * naming the number, a request (pending) still possible; instant bookings, the patient's moves and
 * cancels count toward 20 a day per account, past them a booking or a move 429 with Retry-After
 * while a cancel still goes through; one meeting moves at most 3 times by its patient (409).
 * Planned from the next Monday (UTC), the app's clock at 00:00 that day; the doctors' hours are
 * Monday 09:00 to 21:00 UTC, consultations 30 minutes, no change window (cancels always allowed).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { atClock } from "../../../tests/support/clock";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const iso = (hours: number) => at(hours).toISOString();
const year = monday.getUTCFullYear();

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", CHANGE_NOTICE_MINUTES: "0", MAIL_PREVIEW: "true" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

async function instantDoctor(): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const weekly = [{ day: 1, start: "09:00", end: "21:00" }];
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  return doctor;
}

/** A patient with `count` made-up family members (no proof asked). */
async function family(count: number): Promise<{ patient: Patient; members: string[] }> {
  const patient = await h.signupPatient();
  const members: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await h.call("POST", `${PATIENT}/family`, { token: patient.token, json: { name: `Member ${i}`, relation: "child", dateOfBirth: `${year - 6 - i}-01-01` } });
    expect(res.status).toBe(201);
    members.push(res.body.member._id);
  }
  return { patient, members };
}

const book = (patient: Patient, doctorId: string, extra: Record<string, unknown> = {}) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId, reason: "A cough that will not go", ...extra } });
const cancel = (patient: Patient, appointmentId: string) => h.call("POST", `${PATIENT}/cancelAppointment`, { token: patient.token, json: { appointmentId, reason: "Feeling better" } });
const move = (patient: Patient, appointmentId: string, slotStart: string) => h.call("POST", `${PATIENT}/rescheduleAppointment`, { token: patient.token, json: { appointmentId, slotStart } });
const refusal = (res: { status: number; body: { message: string } }) => ({ status: res.status, message: res.body.message });
const confirmedOf = async (patient: Patient) =>
  ((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments as { status: string }[]).filter((a) => a.status === "confirmed").length;

describe("open instant bookings per account", () => {
  test("the review's attack: a holder and 8 members take 2 slots of one doctor, then 409 naming 2; a request is still possible", async () => {
    const doctor = await instantDoctor();
    const { patient, members } = await family(8);
    const who = [undefined, ...members];
    const answers = [];
    for (const [i, member] of who.entries()) answers.push(await book(patient, doctor.id, { slotStart: iso(10 + i / 2), ...(member && { forMemberId: member }) }));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(refusal(answers[2]!)).toEqual({ status: 409, message: "Your account already holds 2 instant bookings with this doctor, the most it may: send preferredTimes to ask the doctor for a time instead" });
    expect(await confirmedOf(patient)).toBe(2);
    const request = await book(patient, doctor.id, { forMemberId: members[2] });
    expect(request.status).toBe(201);
    expect(request.body.appointment.status).toBe("pending");
  });

  test("at most 6 open instant bookings in all, 409 naming 6; a cancel makes room again", async () => {
    const doctors = [await instantDoctor(), await instantDoctor(), await instantDoctor(), await instantDoctor()];
    const { patient, members } = await family(1);
    const ids: string[] = [];
    for (const doctor of doctors.slice(0, 3)) {
      for (const member of [undefined, members[0]]) {
        const res = await book(patient, doctor.id, { slotStart: iso(10 + ids.length / 2), ...(member && { forMemberId: member }) });
        expect(res.status).toBe(201);
        ids.push(res.body.appointment._id);
      }
    }
    const seventh = await book(patient, doctors[3]!.id, { slotStart: iso(14) });
    expect(refusal(seventh)).toEqual({ status: 409, message: "Your account already holds 6 instant bookings, the most it may: send preferredTimes to ask the doctor for a time instead" });
    expect((await cancel(patient, ids[0]!)).status).toBe(200);
    expect((await book(patient, doctors[3]!.id, { slotStart: iso(14) })).status).toBe(201);
  });
});

describe("20 changes a day per account", () => {
  test("bookings, moves and cancels count; past 20 a booking or a move answers 429 with Retry-After, a cancel still goes through; the next day they work again", async () => {
    const doctor = await instantDoctor();
    const other = await instantDoctor();
    const patient = await h.signupPatient();
    const kept = await book(patient, doctor.id, { slotStart: iso(10) }); // 1
    expect(kept.status).toBe(201);
    const keptId = kept.body.appointment._id as string;
    for (let i = 0; i < 9; i++) {
      const res = await book(patient, other.id, { slotStart: iso(12) }); // 2, 4, ... 18
      expect(res.status).toBe(201);
      expect((await cancel(patient, res.body.appointment._id)).status).toBe(200); // 3, 5, ... 19
    }
    expect((await move(patient, keptId, iso(11))).status).toBe(200); // 20
    const booking = await book(patient, other.id, { slotStart: iso(12) });
    expect(refusal(booking)).toEqual({ status: 429, message: "Your account has made 20 bookings, moves and cancels today, the most it may: try again later" });
    expect(booking.headers.get("retry-after")).toBe(String(24 * 3600));
    const moving = await move(patient, keptId, iso(11.5));
    expect(moving.status).toBe(429);
    expect(moving.headers.get("retry-after")).toBe(String(24 * 3600));
    // A request takes no time: still possible.
    expect((await book(patient, other.id)).status).toBe(201);
    expect((await cancel(patient, keptId)).status).toBe(200);
    await atClock(h.deps, new Date(at(24).getTime() + 1000), async () => {
      expect((await book(patient, doctor.id, { slotStart: iso(24 * 7 + 10) })).status).toBe(201);
    });
  });

  test("the count is the account's: a family member's bookings count toward the holder's 20", async () => {
    const doctor = await instantDoctor();
    const { patient, members } = await family(1);
    for (let i = 0; i < 10; i++) {
      const res = await book(patient, doctor.id, { slotStart: iso(10), forMemberId: members[0] });
      expect(res.status).toBe(201);
      expect((await cancel(patient, res.body.appointment._id)).status).toBe(200);
    }
    expect((await book(patient, doctor.id, { slotStart: iso(10) })).status).toBe(429);
  });
});

describe("moves per meeting", () => {
  test("a patient moves one meeting at most 3 times: the 4th 409, the meeting where it was", async () => {
    const doctor = await instantDoctor();
    const patient = await h.signupPatient();
    const id = (await book(patient, doctor.id, { slotStart: iso(10) })).body.appointment._id as string;
    for (const hours of [11, 12, 13]) expect((await move(patient, id, iso(hours))).status).toBe(200);
    expect(refusal(await move(patient, id, iso(14)))).toEqual({ status: 409, message: "This appointment has been moved 3 times, the most a patient may: cancel it or contact the doctor" });
    const meetings = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments;
    expect(meetings).toMatchObject([{ _id: id, scheduledAt: iso(13) }]);
  });
});
