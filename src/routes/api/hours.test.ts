/**
 * Issue 26 through the API: a doctor's hours, free slots (notice window, days off, daylight
 * saving, confirmed meetings), preferred times on booking, two tabs confirming into one slot, and
 * rescheduling. CONSULT_MINUTES and BOOKING_NOTICE_MINUTES are the defaults (30, 120).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { historyOf } from "../../db/queries/audit";
import { slotSourceQuery } from "../../db/queries/availability";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const setHours = (doctor: Doctor, hours: unknown) => h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: hours });
const slotsOf = (patient: Patient, doctorId: string, query = "") => h.call("GET", `${PATIENT}/doctors/${doctorId}/slots${query}`, { token: patient.token });
const starts = (body: { slots: { start: string }[] }) => body.slots.map((s) => s.start);

/** Runs `fn` with the app's clock at `at` (the API's notion of now; tokens keep the real clock). */
async function at<T>(when: string, fn: () => Promise<T>): Promise<T> {
  const real = h.deps.now;
  h.deps.now = () => new Date(when);
  try {
    return await fn();
  } finally {
    h.deps.now = real;
  }
}

describe("a doctor's hours", () => {
  test("null before any are set; PUT saves them in order and GET gives them back", async () => {
    const doctor = await h.signupDoctor();
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: doctor.token })).body).toEqual({ availability: null });
    const hours = {
      timeZone: "Europe/Berlin",
      weekly: [{ day: 3, start: "09:00", end: "13:00" }, { day: 1, start: "14:00", end: "24:00" }, { day: 1, start: "09:00", end: "12:00" }],
      daysOff: [{ from: "2026-12-24", to: "2026-12-26" }],
    };
    const saved = await setHours(doctor, hours);
    expect(saved.status).toBe(200);
    const ordered = { ...hours, weekly: [hours.weekly[2], hours.weekly[1], hours.weekly[0]], instantBooking: false };
    expect(saved.body).toEqual({ message: "Hours saved successfully", availability: ordered });
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: doctor.token })).body).toEqual({ availability: ordered });
  });

  test("overlapping ranges, an end before its start, an unknown zone, a bad day or date: 400 naming the field, nothing saved", async () => {
    const doctor = await h.signupDoctor();
    const base = { timeZone: "UTC", weekly: [], daysOff: [] };
    const cases: [unknown, RegExp][] = [
      [{ ...base, weekly: [{ day: 2, start: "09:00", end: "12:00" }, { day: 2, start: "11:00", end: "13:00" }] }, /weekly\[1\] overlaps/],
      [{ ...base, weekly: [{ day: 2, start: "12:00", end: "09:00" }] }, /weekly\[0\]\.end must be after/],
      [{ ...base, timeZone: "Mars/Olympus_Mons" }, /timeZone/],
      [{ ...base, weekly: [{ day: 0, start: "09:00", end: "12:00" }] }, /day/],
      [{ ...base, weekly: [{ day: 1, start: "9am", end: "12:00" }] }, /start/],
      [{ ...base, daysOff: [{ from: "2026-13-01", to: "2026-13-02" }] }, /from/],
      [{ ...base, daysOff: [{ from: "2026-12-02", to: "2026-12-01" }] }, /daysOff\[0\]\.to/],
      [{ weekly: [], daysOff: [] }, /timeZone/],
    ];
    for (const [body, message] of cases) {
      const res = await setHours(doctor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: doctor.token })).body).toEqual({ availability: null });
  });

  test("only an approved doctor has hours", async () => {
    const patient = await h.signupPatient();
    expect((await h.call("GET", `${DOCTOR}/availability`, { token: patient.token })).status).toBe(403);
    const pending = await h.signupDoctor({ approve: false });
    expect((await setHours(pending, { timeZone: "UTC", weekly: [], daysOff: [] })).status).toBe(403);
  });
});

describe("free slots", () => {
  let patient: Patient;
  beforeAll(async () => {
    patient = await h.signupPatient();
  });

  test("a doctor by request has none; an unknown doctor is 404; days outside 1 to 31 is 400; a doctor cannot ask", async () => {
    const doctor = await h.signupDoctor();
    expect((await slotsOf(patient, doctor.id)).body).toEqual({ timeZone: null, slots: [] });
    expect((await slotsOf(patient, "no-such-doctor")).status).toBe(404);
    const pending = await h.signupDoctor({ approve: false });
    expect((await slotsOf(patient, pending.id)).status).toBe(404);
    for (const days of ["0", "32", "abc", "1.5", "-1"]) {
      const res = await slotsOf(patient, doctor.id, `?days=${days}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/days/);
    }
    expect((await h.call("GET", `${PATIENT}/doctors/${doctor.id}/slots`, { token: doctor.token })).status).toBe(403);
  });

  test("the notice window: the first slot starts at least BOOKING_NOTICE_MINUTES from now, and no later than one slot after", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [] });
    const before = Date.now();
    const res = await slotsOf(patient, doctor.id, "?days=2");
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("UTC");
    const first = Date.parse(res.body.slots[0].start);
    expect(first).toBeGreaterThanOrEqual(before + 120 * MIN);
    expect(first).toBeLessThan(after + 150 * MIN);
    // Whole consecutive 30-minute slots to the end of tomorrow (UTC), in order.
    for (const [i, slot] of res.body.slots.entries()) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * MIN);
      if (i > 0) expect(Date.parse(slot.start)).toBe(Date.parse(res.body.slots[i - 1].end));
    }
    const tomorrow = new Date(before + DAY).toISOString().slice(0, 10);
    expect(res.body.slots.at(-1).start).toBe(`${tomorrow}T23:30:00.000Z`);
    // The default is 14 days.
    const fortnight = await slotsOf(patient, doctor.id);
    expect(fortnight.body.slots.at(-1).start).toBe(`${new Date(before + 13 * DAY).toISOString().slice(0, 10)}T23:30:00.000Z`);
  });

  test("days off leave out whole days in the doctor's zone", async () => {
    const doctor = await h.signupDoctor();
    const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [{ from: day(2), to: day(3) }] });
    const dates = new Set(starts((await slotsOf(patient, doctor.id, "?days=6")).body).map((s) => s.slice(0, 10)));
    expect(dates.has(day(1))).toBe(true);
    expect(dates.has(day(2))).toBe(false);
    expect(dates.has(day(3))).toBe(false);
    expect(dates.has(day(4))).toBe(true);
  });

  test("Europe/Berlin across the spring change: 09:00 is 08:00 UTC before and 07:00 UTC after", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "Europe/Berlin", weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "10:00" })), daysOff: [] });
    const res = await at("2027-03-26T00:00:00Z", () => slotsOf(patient, doctor.id, "?days=4"));
    expect(starts(res.body)).toEqual([
      "2027-03-26T08:00:00.000Z", "2027-03-26T08:30:00.000Z",
      "2027-03-27T08:00:00.000Z", "2027-03-27T08:30:00.000Z",
      "2027-03-28T07:00:00.000Z", "2027-03-28T07:30:00.000Z",
      "2027-03-29T07:00:00.000Z", "2027-03-29T07:30:00.000Z",
    ]);
  });

  test("a slot taken by a confirmation disappears from the free slots", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [] });
    const free = starts((await slotsOf(patient, doctor.id, "?days=2")).body);
    const someone = await h.signupPatient();
    const id = await h.book(someone.token, doctor.id);
    expect((await h.schedule(doctor.token, id, someone.id, new Date(free[3]!))).status).toBe(200);
    const after = starts((await slotsOf(patient, doctor.id, "?days=2")).body);
    expect(after).not.toContain(free[3]!);
    expect(after).toContain(free[2]!);
    expect(after).toContain(free[4]!);
    // Off the grid, a meeting takes both slots it overlaps.
    const other = await h.signupPatient();
    const second = await h.book(other.token, doctor.id);
    expect((await h.schedule(doctor.token, second, other.id, new Date(Date.parse(free[6]!) + 15 * MIN))).status).toBe(200);
    const later = starts((await slotsOf(patient, doctor.id, "?days=2")).body);
    expect(later).not.toContain(free[6]!);
    expect(later).not.toContain(free[7]!);
  });

  test("one statement, served by the primary key and the meetings' index", async () => {
    const { sql, params } = slotSourceQuery("x", new Date(), new Date(Date.now() + 15 * DAY));
    const plan = await h.deps.database.client.execute({ sql: `explain query plan ${sql}`, args: params as any[] });
    const steps = plan.rows.map((row) => String(row.detail));
    expect(steps.filter((s) => /^SCAN /.test(s))).toEqual([]);
    expect(steps.some((s) => s.includes("USING INDEX appointments_doctor_status_scheduled"))).toBe(true);
  });
});

describe("preferred times", () => {
  test("up to three free slot starts are kept and shown to both sides; [] when none", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [] });
    const patient = await h.signupPatient();
    const free = starts((await slotsOf(patient, doctor.id, "?days=2")).body);
    const booked = await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId: doctor.id, reason: "Check-up", preferredTimes: [free[5], free[1]] } });
    expect(booked.status).toBe(201);
    expect(booked.body.appointment.preferredTimes).toEqual([free[5], free[1]]);
    const pending = await h.call("GET", `${DOCTOR}/appointments`, { token: doctor.token });
    expect(pending.body.appointments[0].preferredTimes).toEqual([free[5], free[1]]);
    const mine = await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token });
    expect(mine.body.appointments[0].preferredTimes).toEqual([free[5], free[1]]);

    const plain = await h.signupPatient();
    await h.book(plain.token, doctor.id);
    const again = await h.call("GET", `${DOCTOR}/appointments`, { token: doctor.token });
    expect(again.body.appointments[1].preferredTimes).toEqual([]);
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: plain.token })).body.appointments[0].preferredTimes).toEqual([]);
  });

  test("four times, a time that is not a free slot start, a repeat, a time without zone, or any time of a doctor by request: 400, nothing booked", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [] });
    const byRequest = await h.signupDoctor();
    const patient = await h.signupPatient();
    const free = starts((await slotsOf(patient, doctor.id, "?days=2")).body);
    const offGrid = new Date(Date.parse(free[2]!) + 10 * MIN).toISOString();
    const tooSoon = new Date(Date.now() + 30 * MIN).toISOString();
    const cases: [string, unknown][] = [
      [doctor.id, free.slice(0, 4)],
      [doctor.id, [offGrid]],
      [doctor.id, [tooSoon]],
      [doctor.id, [free[1], free[1]]],
      [doctor.id, [free[1]!.replace("Z", "")]],
      [doctor.id, "tomorrow"],
      [byRequest.id, [free[1]]],
    ];
    for (const [doctorId, preferredTimes] of cases) {
      const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId, reason: "Check-up", preferredTimes } });
      expect(res.status, JSON.stringify(preferredTimes)).toBe(400);
      expect(res.body.message).toMatch(/preferredTimes/);
    }
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments).toEqual([]);
  });

  test("two doctor's tabs confirm two requests into one slot at once: one wins, the other is 409", async () => {
    const doctor = await h.signupDoctor();
    await setHours(doctor, { timeZone: "UTC", weekly: ALL_WEEK, daysOff: [] });
    const [a, b] = [await h.signupPatient(), await h.signupPatient()];
    const slot = starts((await slotsOf(a, doctor.id, "?days=2")).body)[2]!;
    const book = (p: Patient) => h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId: doctor.id, reason: "Same slot", preferredTimes: [slot] } });
    const ids = [(await book(a)).body.appointment._id, (await book(b)).body.appointment._id];
    const results = await Promise.all([h.schedule(doctor.token, ids[0], a.id, new Date(slot)), h.schedule(doctor.token, ids[1], b.id, new Date(slot))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(starts((await slotsOf(a, doctor.id, "?days=2")).body)).not.toContain(slot);
    expect((await h.call("GET", `${DOCTOR}/doctor-meetings`, { token: doctor.token })).body.appointments).toHaveLength(1);
  });
});

describe("reschedule", () => {
  const reschedule = (doctor: Doctor, json: unknown) => h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: doctor.token, json });

  test("moves a confirmed meeting, keeps the meet link, records both times; the patient sees the new time and why", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    const old = new Date(Date.now() + 3 * DAY);
    const scheduled = await h.schedule(doctor.token, id, patient.id, old);
    const moved = new Date(old.getTime() + DAY);
    const res = await reschedule(doctor, { appointmentId: id, scheduledDateTime: moved.toISOString(), reason: "A surgery ran long" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Appointment rescheduled successfully", appointmentId: id, scheduledAt: moved.toISOString(), meetLink: scheduled.body.meetLink });
    const mine = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: patient.token })).body.appointments[0];
    expect(mine.scheduledAt).toBe(moved.toISOString());
    expect(mine.meetLink).toBe(scheduled.body.meetLink);
    expect(mine.rescheduled).toEqual({ from: old.toISOString(), reason: "A surgery ran long", by: "doctor" });
    const history = await historyOf(h.deps.database.db, "appointment", id);
    const last = history.at(-1)!;
    expect(last).toMatchObject({ action: "reschedule", actorRole: "doctor", fromStatus: "confirmed", toStatus: "confirmed" });
    expect(last.reason).toContain(old.toISOString());
    expect(last.reason).toContain(moved.toISOString());
    expect(last.reason).toContain("A surgery ran long");
  });

  test("an overlap is 409; a pending, another doctor's, a past time or a missing reason are refused; nothing moves", async () => {
    const doctor = await h.signupDoctor();
    const [p1, p2, p3] = [await h.signupPatient(), await h.signupPatient(), await h.signupPatient()];
    const first = await h.book(p1.token, doctor.id);
    const second = await h.book(p2.token, doctor.id);
    const waiting = await h.book(p3.token, doctor.id);
    const t1 = new Date(Date.now() + 2 * DAY);
    const t2 = new Date(Date.now() + 3 * DAY);
    await h.schedule(doctor.token, first, p1.id, t1);
    await h.schedule(doctor.token, second, p2.id, t2);
    const overlap = await reschedule(doctor, { appointmentId: second, scheduledDateTime: new Date(t1.getTime() + 10 * MIN).toISOString(), reason: "Clash" });
    expect(overlap.status).toBe(409);
    expect((await reschedule(doctor, { appointmentId: waiting, scheduledDateTime: t2.toISOString(), reason: "Pending" })).status).toBe(409);
    const stranger = await h.signupDoctor();
    expect((await reschedule(stranger, { appointmentId: first, scheduledDateTime: t2.toISOString(), reason: "Not mine" })).status).toBe(404);
    expect((await reschedule(doctor, { appointmentId: first, scheduledDateTime: new Date(Date.now() - DAY).toISOString(), reason: "Past" })).status).toBe(400);
    const noReason = await reschedule(doctor, { appointmentId: first, scheduledDateTime: new Date(t1.getTime() + DAY).toISOString(), reason: " " });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/);
    const meetings = (await h.call("GET", `${DOCTOR}/doctor-meetings`, { token: doctor.token })).body.appointments;
    expect(meetings.map((m: { scheduledAt: string }) => m.scheduledAt)).toEqual([t1.toISOString(), t2.toISOString()]);
    expect(meetings.every((m: { rescheduled: unknown }) => m.rescheduled === null)).toBe(true);
    expect((await h.call("POST", `${DOCTOR}/rescheduleAppointment`, { token: p1.token, json: {} })).status).toBe(403);
  });

  test("a meeting that has started cannot be moved (409)", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    const start = new Date(Date.now() + DAY);
    await h.schedule(doctor.token, id, patient.id, start);
    const res = await at(new Date(start.getTime() + 5 * MIN).toISOString(), () =>
      reschedule(doctor, { appointmentId: id, scheduledDateTime: new Date(start.getTime() + 2 * DAY).toISOString(), reason: "Too late" }),
    );
    expect(res.status).toBe(409);
  });
});
