/**
 * The approved doctor's calls (SPEC §7, SERVER-RULES §2 and §4): pending requests, scheduling
 * (future only, no overlap, back-to-back allowed), cancelling, meetings and feedback lists.
 * CONSULT_MINUTES is the default 30.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

let h: Harness;
let patients: Patient[];
let doctor: Doctor;
let rival: Doctor;

beforeAll(async () => {
  h = await startHarness();
  [doctor, rival, ...patients] = await Promise.all([
    h.signupDoctor({ name: "Dr Sched", specialization: "Psychiatrist" }),
    h.signupDoctor({ name: "Dr Rival" }),
    ...Array.from({ length: 10 }, (_, i) => h.signupPatient(`Patient ${i}`)),
  ]);
});
afterAll(() => h.stop());

const HOUR = 3_600_000;
/** A fixed future day (tomorrow plus `days`) at hh:mm UTC, so slot arithmetic is exact. */
function at(days: number, hhmm: string): Date {
  const d = new Date(Date.now() + (days + 1) * 24 * HOUR);
  const [hh, mm] = hhmm.split(":").map(Number);
  d.setUTCHours(hh!, mm!, 0, 0);
  return d;
}

const pendingList = async (token: string) => (await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token })).body;
const meetingList = async (token: string) => (await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token })).body;
const cancel = (token: string, appointmentId: string, reason = "Emergency surgery") =>
  h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token, json: { appointmentId, reason } });
const ids = (list: { appointments: { _id: string }[] }) => list.appointments.map((a) => a._id);

/** A fresh pending appointment of `patients[i]` with `d`. */
async function pending(i: number, d = doctor) {
  return { id: await h.book(patients[i]!.token, d.id, `reason ${i}`), patient: patients[i]! };
}

describe("lists", () => {
  test("empty lists have their messages", async () => {
    const fresh = await h.signupDoctor();
    expect(await pendingList(fresh.token)).toEqual({ message: "No pending appointments.", appointments: [] });
    expect(await meetingList(fresh.token)).toEqual({ message: "No meetings found.", appointments: [] });
    expect((await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: fresh.token })).body).toEqual({ feedbacks: [] });
  });

  test("pending requests: only this doctor's, oldest request first, in the list shape", async () => {
    const fresh = await h.signupDoctor({ name: "Dr Lists", specialization: "Oncologist" });
    const a = await pending(0, fresh);
    const b = await pending(1, fresh);
    await pending(2, rival);
    const res = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: fresh.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(ids(res.body)).toEqual([a.id, b.id]);
    expect(res.body.appointments[0]).toMatchObject({
      _id: a.id,
      status: "pending",
      reason: "reason 0",
      scheduledAt: null,
      meetLink: null,
      patient: { _id: patients[0]!.id, name: "Patient 0", email: patients[0]!.email },
      doctor: { _id: fresh.id, name: "Dr Lists", specialization: "Oncologist" },
    });
    expect(res.body.appointments[0]).not.toHaveProperty("hasFeedback");
  });
});

describe("scheduling", () => {
  test("200 { message, appointmentId, scheduledAt, meetLink }; moves from pending to meetings; both sides see it", async () => {
    const { id, patient } = await pending(0);
    const when = at(1, "09:00");
    const res = await h.schedule(doctor.token, id, patient.id, when);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), appointmentId: id, scheduledAt: when.toISOString(), meetLink: expect.any(String) });
    // The configured prefix and an unguessable room: at least 128 random bits (22 base64url characters).
    expect(res.body.meetLink).toMatch(/^https:\/\/meet\.jit\.si\/carebook-[A-Za-z0-9_-]{22,}$/);

    expect(ids(await pendingList(doctor.token))).not.toContain(id);
    const meetings = await meetingList(doctor.token);
    expect(meetings.appointments.find((a: { _id: string }) => a._id === id)).toMatchObject({
      status: "confirmed",
      scheduledAt: when.toISOString(),
      meetLink: res.body.meetLink,
      patient: { _id: patient.id },
    });
    const mine = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body;
    expect(mine.appointments.find((a: { _id: string }) => a._id === id)).toMatchObject({ status: "confirmed", meetLink: res.body.meetLink });
  });

  test("each schedule gets a new meet link", async () => {
    const a = await pending(1);
    const b = await pending(2);
    const ra = await h.schedule(doctor.token, a.id, a.patient.id, at(2, "09:00"));
    const rb = await h.schedule(doctor.token, b.id, b.patient.id, at(2, "11:00"));
    expect(ra.body.meetLink).not.toBe(rb.body.meetLink);
  });

  test("an offset time is accepted and answered in UTC; doctorName is ignored", async () => {
    const { id, patient } = await pending(3);
    const when = at(3, "08:00");
    const local = `${when.toISOString().slice(0, 10)}T10:30:00+02:00`; // 08:30Z
    const res = await h.call("POST", "/api/auth/doctor-dashboard/scheduleAppointments", {
      token: doctor.token,
      json: { appointmentId: id, patientId: patient.id, doctorName: "Somebody Else", scheduledDateTime: local },
    });
    expect(res.status).toBe(200);
    expect(res.body.scheduledAt).toBe(new Date(local).toISOString());
    expect(res.body.scheduledAt).toEndWith("T08:30:00.000Z");
  });

  test("only from pending: a confirmed or cancelled appointment is 409", async () => {
    const { id, patient } = await pending(4);
    expect((await h.schedule(doctor.token, id, patient.id, at(4, "09:00"))).status).toBe(200);
    const again = await h.schedule(doctor.token, id, patient.id, at(4, "13:00"));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.any(String) });
    expect((await meetingList(doctor.token)).appointments.find((a: { _id: string }) => a._id === id).scheduledAt).toBe(at(4, "09:00").toISOString());

    const c = await pending(5);
    expect((await cancel(doctor.token, c.id)).status).toBe(200);
    expect((await h.schedule(doctor.token, c.id, c.patient.id, at(4, "15:00"))).status).toBe(409);
  });

  test("a time in the past (or now) is 400 naming scheduledDateTime", async () => {
    const { id, patient } = await pending(6);
    for (const when of [new Date(Date.now() - 60_000), new Date(Date.now() - 400 * 24 * HOUR)]) {
      const res = await h.schedule(doctor.token, id, patient.id, when);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("scheduledDateTime");
    }
    expect(ids(await pendingList(doctor.token))).toContain(id);
  });

  test("a bare local time (no zone) or a non-date is 400 naming scheduledDateTime", async () => {
    const { id, patient } = await pending(7);
    const day = at(5, "09:00").toISOString().slice(0, 10);
    for (const value of [`${day}T09:00:00`, `${day}T09:00`, day, "tomorrow at nine", "", "2026-13-45T99:00:00Z"]) {
      const res = await h.call("POST", "/api/auth/doctor-dashboard/scheduleAppointments", {
        token: doctor.token,
        json: { appointmentId: id, patientId: patient.id, doctorName: "x", scheduledDateTime: value },
      });
      expect({ value, status: res.status }).toEqual({ value, status: 400 });
      expect(res.body.message).toContain("scheduledDateTime");
    }
  });

  test("an overlapping slot is 409; back-to-back slots are allowed; another doctor's slots do not count", async () => {
    const d = await h.signupDoctor({ name: "Dr Slots" });
    const book = async (i: number) => ({ id: await h.book(patients[i]!.token, d.id), patient: patients[i]! });
    const [a, b, c, e] = [await book(0), await book(1), await book(2), await book(3)];
    expect((await h.schedule(d.token, a.id, a.patient.id, at(6, "10:00"))).status).toBe(200); // [10:00, 10:30)

    for (const clash of ["10:00", "10:29", "09:31", "10:15"]) {
      const res = await h.schedule(d.token, b.id, b.patient.id, at(6, clash));
      expect({ clash, status: res.status }).toEqual({ clash, status: 409 });
      expect(res.body.message).toContain("overlaps");
    }
    expect((await h.schedule(d.token, b.id, b.patient.id, at(6, "10:30"))).status).toBe(200); // starts as a ends
    expect((await h.schedule(d.token, c.id, c.patient.id, at(6, "09:30"))).status).toBe(200); // ends as a starts
    // The rival doctor may take the same time.
    const r = await pending(6, rival);
    expect((await h.schedule(rival.token, r.id, r.patient.id, at(6, "10:00"))).status).toBe(200);

    // A cancelled confirmed appointment frees its slot.
    expect((await h.schedule(d.token, e.id, e.patient.id, at(6, "10:10"))).status).toBe(409);
    expect((await cancel(d.token, a.id)).status).toBe(200);
    expect((await h.schedule(d.token, e.id, e.patient.id, at(6, "10:00"))).status).toBe(200);

    // Meetings are sorted by scheduled time.
    const list = await meetingList(d.token);
    expect(ids(list)).toEqual([c.id, e.id, b.id]);
    expect(list.appointments.map((x: { scheduledAt: string }) => x.scheduledAt)).toEqual(
      [at(6, "09:30"), at(6, "10:00"), at(6, "10:30")].map((x) => x.toISOString()),
    );
  });
});

describe("cancelling", () => {
  test("from pending and from confirmed: 200 { message, appointmentId }; then listed nowhere; again 409", async () => {
    const d = await h.signupDoctor();
    const p = await pending(0, d);
    const q = await pending(1, d);
    expect((await h.schedule(d.token, q.id, q.patient.id, at(7, "12:00"))).status).toBe(200);

    for (const x of [p, q]) {
      const res = await cancel(d.token, x.id, "Clinic closed");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: expect.any(String), appointmentId: x.id });
      const mine = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: x.patient.token })).body;
      expect(ids(mine)).not.toContain(x.id);
      const again = await cancel(d.token, x.id);
      expect(again.status).toBe(409);
    }
    expect((await pendingList(d.token)).appointments).toEqual([]);
    expect((await meetingList(d.token)).appointments).toEqual([]);
  });

  test("after the patient cancelled it, the doctor's cancel is 409", async () => {
    const d = await h.signupDoctor();
    const p = await pending(2, d);
    expect(
      (await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: p.patient.token, json: { appointmentId: p.id, reason: "x" } })).status,
    ).toBe(200);
    expect((await cancel(d.token, p.id)).status).toBe(409);
  });
});

describe("another doctor's appointment is 404, exactly like one that does not exist", () => {
  test("schedule and cancel", async () => {
    const theirs = await pending(3, rival);
    const missing = crypto.randomUUID();
    const when = at(8, "09:00");
    const scheduleMissing = await h.schedule(doctor.token, missing, theirs.patient.id, when);
    const cancelMissing = await cancel(doctor.token, missing);
    expect(scheduleMissing.status).toBe(404);
    expect(cancelMissing.status).toBe(404);

    const scheduleTheirs = await h.schedule(doctor.token, theirs.id, theirs.patient.id, when);
    const cancelTheirs = await cancel(doctor.token, theirs.id);
    expect({ status: scheduleTheirs.status, body: scheduleTheirs.body }).toEqual({ status: 404, body: scheduleMissing.body });
    expect({ status: cancelTheirs.status, body: cancelTheirs.body }).toEqual({ status: 404, body: cancelMissing.body });
    expect(ids(await pendingList(rival.token))).toContain(theirs.id);
  });

  test("a patientId that does not match the appointment is 404 on schedule", async () => {
    const mine = await pending(9);
    const when = at(8, "14:00");
    const missing = await h.schedule(doctor.token, crypto.randomUUID(), mine.patient.id, when);
    for (const patientId of [patients[8]!.id, crypto.randomUUID(), doctor.id]) {
      const res = await h.schedule(doctor.token, mine.id, patientId, when);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
    }
    expect(ids(await pendingList(doctor.token))).toContain(mine.id);
    expect((await h.schedule(doctor.token, mine.id, mine.patient.id, when)).status).toBe(200);
  });
});
