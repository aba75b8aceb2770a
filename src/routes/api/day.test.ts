/**
 * Issue 54 item 6 through the API: the doctor's day in their zone (Asia/Kolkata, from their
 * hours): its confirmed appointments in time order (a family member's, a clinic visit, one at
 * 23:30 there), the free gaps of its hours, the requests preferring a time in it; a visit at
 * 00:30 the next Kolkata day (still Monday in UTC) is not in it. Bad dates are 400.
 * Planned from the next Monday (UTC); the app's clock at Sunday 20:00 UTC (Monday 01:30 there).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { dayMeetingsQuery, dayRequestsQuery } from "../../db/queries/day";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const monday = nextMonday(new Date());
/** Hours after Monday 00:00 UTC (Kolkata is 5:30 ahead: at(3.5) is 09:00 there). */
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const iso = (hours: number) => at(hours).toISOString();
const date = (d: Date) => d.toISOString().slice(0, 10);
const MONDAY = date(monday);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30" });
  h.deps.now = () => at(-4);
});
afterAll(() => h.stop());

const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038" };
const child = { name: "Aarav S", relation: "child", dateOfBirth: `${monday.getUTCFullYear() - 6}-01-01`, sex: "male" };

describe("GET /doctor-dashboard/day", () => {
  test("the day's appointments in time order with whom and where, its free gaps, the requests preferring it; the zone's edges", async () => {
    const d = await h.signupDoctor({ name: "Meera Iyer" });
    const placeId = (await h.call("POST", `${DOCTOR}/places`, { token: d.token, json: clinic })).body.place._id as string;
    const weekly = [
      { day: 1, start: "09:00", end: "13:00", placeId },
      { day: 1, start: "14:00", end: "18:00" },
      { day: 1, start: "23:00", end: "24:00" },
      { day: 2, start: "00:00", end: "01:00" },
    ];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "Asia/Kolkata", weekly, daysOff: [] } })).status).toBe(200);
    const request = async (name: string, preferred: number, extra: Record<string, unknown> = {}) => {
      const p = await h.signupPatient(name);
      const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [iso(preferred)], ...extra } });
      expect(res.status).toBe(201);
      return { p, id: res.body.appointment._id as string };
    };
    // 10:00 there at the clinic, for a child; 23:30 there by video; 00:30 on Tuesday there.
    const parent = await h.signupPatient("Priya Sharma");
    const member = (await h.call("POST", `${PATIENT}/family`, { token: parent.token, json: child })).body.member._id as string;
    const forChild = await h.call("POST", `${PATIENT}/bookAppointment`, { token: parent.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [iso(4.5)], forMemberId: member } });
    const late = await request("Lata Rao", 18);
    const tuesday = await request("Tara Das", 19);
    for (const [id, patientId, when] of [[forChild.body.appointment._id, parent.id, 4.5], [late.id, late.p.id, 18], [tuesday.id, tuesday.p.id, 19]] as const) {
      expect((await h.schedule(d.token, id, patientId, at(when))).status).toBe(200);
    }
    // Waiting: one preferring 15:00 there on Monday, one preferring Tuesday 00:00 there.
    const waiting = await request("Wasim Khan", 9.5);
    await request("Nina Roy", 18.5);

    const res = await h.call("GET", `${DOCTOR}/day`, { token: d.token });
    expect(res.status).toBe(200);
    const now = at(-4).toISOString();
    const doctor = { _id: d.id, name: d.name, specialization: "Cardiologist" };
    const patient = (p: { id: string; name: string; email: string }) => ({ _id: p.id, name: p.name, email: p.email });
    const place = { _id: placeId, ...clinic, phone: null, mapUrl: null };
    const placeName = { _id: placeId, name: clinic.name, locality: clinic.locality, city: clinic.city };
    expect(res.body).toEqual({
      date: MONDAY,
      timeZone: "Asia/Kolkata",
      previous: date(at(-24)),
      next: date(at(24)),
      appointments: [
        {
          _id: forChild.body.appointment._id, status: "confirmed", reason: "A sore knee", createdAt: now, scheduledAt: iso(4.5), meetLink: null,
          patient: patient(parent), doctor, preferredTimes: [iso(4.5)], rescheduled: null,
          for: { _id: member, name: "Aarav S", relation: "child", age: 6 }, visit: { type: "clinic", place },
        },
        {
          _id: late.id, status: "confirmed", reason: "A sore knee", createdAt: now, scheduledAt: iso(18), meetLink: expect.stringMatching(/^https:\/\//),
          patient: patient(late.p), doctor, preferredTimes: [iso(18)], rescheduled: null, for: null, visit: { type: "video" },
        },
      ],
      gaps: [
        { start: iso(3.5), end: iso(4.5), visit: "clinic", place: placeName },
        { start: iso(5), end: iso(7.5), visit: "clinic", place: placeName },
        { start: iso(8.5), end: iso(12.5), visit: "video" },
        { start: iso(17.5), end: iso(18), visit: "video" },
      ],
      requests: [
        {
          _id: waiting.id, status: "pending", reason: "A sore knee", createdAt: now, scheduledAt: null, meetLink: null,
          patient: patient(waiting.p), doctor, preferredTimes: [iso(9.5)], rescheduled: null, for: null, visit: { type: "video" },
        },
      ],
    });
    // The same day asked by its date; the next one (Tuesday there) holds the 00:30 visit and the request preferring 00:00.
    expect((await h.call("GET", `${DOCTOR}/day?date=${MONDAY}`, { token: d.token })).body).toEqual(res.body);
    const next = (await h.call("GET", `${DOCTOR}/day?date=${date(at(24))}`, { token: d.token })).body;
    expect(next.appointments.map((a: { _id: string }) => a._id)).toEqual([tuesday.id]);
    expect(next.requests.map((a: { patient: { name: string } }) => a.patient.name)).toEqual(["Nina Roy"]);
    expect(next.gaps).toEqual([{ start: iso(18.5), end: iso(19), visit: "video" }]);
    // A day without hours or appointments: empty lists.
    expect((await h.call("GET", `${DOCTOR}/day?date=${date(at(-24))}`, { token: d.token })).body).toMatchObject({ appointments: [], gaps: [], requests: [] });
    // Another doctor sees nothing of it.
    const other = await h.signupDoctor();
    expect((await h.call("GET", `${DOCTOR}/day?date=${MONDAY}`, { token: other.token })).body).toMatchObject({ appointments: [], gaps: [], requests: [] });
  });

  test("a date that is not a real YYYY-MM-DD is 400; a patient or no one is refused", async () => {
    const d = await h.signupDoctor();
    for (const bad of ["2026-02-30", "monday", "2026-1-05", "2026-12-0400"]) {
      const res = await h.call("GET", `${DOCTOR}/day?date=${bad}`, { token: d.token });
      expect([bad, res.status, res.body.message]).toEqual([bad, 400, "date must be a date YYYY-MM-DD"]);
    }
    expect((await h.call("GET", `${DOCTOR}/day`)).status).toBe(401);
    expect((await h.call("GET", `${DOCTOR}/day`, { token: (await h.signupPatient()).token })).status).toBe(403);
  });
});

describe("the day's reads", () => {
  test("each list one statement, served by the doctor's appointments' indexes (no scan)", async () => {
    const r = h.deps.database.db;
    for (const [query, index] of [
      [dayMeetingsQuery(r, "x", at(0), at(24)), "appointments_doctor_status_scheduled"],
      [dayRequestsQuery(r, "x", at(0), at(24)), "appointments_doctor_status_created"],
    ] as const) {
      const { sql, params } = query.toSQL();
      const plan = await h.deps.database.client.execute({ sql: `explain query plan ${sql}`, args: params as never[] });
      const steps = plan.rows.map((row) => String(row.detail));
      // The one scan: a request's own preferred times (at most 3, json_each over its row).
      expect(steps.filter((s) => /^SCAN /.test(s) && !s.startsWith("SCAN p VIRTUAL TABLE"))).toEqual([]);
      expect(steps.some((s) => s.includes(`USING INDEX ${index}`))).toBe(true);
    }
  });
});
