/**
 * Issue 42 through the API: family members (every field's bounds, at most 8, edit and remove,
 * removal refused while the person has an open appointment), another patient's member 404 in
 * every call, booking for a member (a request and an instant booking) with the open-appointment
 * rule per person, and `for` in both sides' lists; the original booking call unchanged.
 * Planned from the next Monday (UTC), the app's clock at 08:00 that day; ages are asked of dates
 * of birth on 1 January, so that they hold on any day of the year.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const PATIENT = "/api/auth/patient-dashboard";
const DOCTOR = "/api/auth/doctor-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000).toISOString();
const year = monday.getUTCFullYear();
const day = (d: Date) => d.toISOString().slice(0, 10);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true" });
  h.deps.now = () => new Date(at(8));
});
afterAll(() => h.stop());

const child = { name: "Aarav S", relation: "child", dateOfBirth: `${year - 6}-01-01`, sex: "male" };
const add = (p: Patient, json: Record<string, unknown>) => h.call("POST", `${PATIENT}/family`, { token: p.token, json });
const memberOf = async (p: Patient, json: Record<string, unknown> = child) => {
  const res = await add(p, json);
  expect(res.status).toBe(201);
  return res.body.member._id as string;
};
const book = (p: Patient, doctorId: string, extra: Record<string, unknown> = {}) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId, reason: "A fever for two days", ...extra } });

describe("family members", () => {
  test("none at first; added (201, sex optional, null when not said), listed in order, edited, removed", async () => {
    const p = await h.signupPatient("Priya S");
    expect((await h.call("GET", `${PATIENT}/family`, { token: p.token })).body).toEqual({ members: [] });
    const added = await add(p, child);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ message: "Family member added", member: { _id: expect.any(String), ...child } });
    const mother = await add(p, { name: "Kamla S", relation: "parent", dateOfBirth: "1950-03-04" });
    expect(mother.body.member.sex).toBeNull();
    const list = (await h.call("GET", `${PATIENT}/family`, { token: p.token })).body.members;
    expect(list.map((m: { name: string }) => m.name)).toEqual(["Aarav S", "Kamla S"]);

    const id = added.body.member._id;
    const edited = await h.call("PUT", `${PATIENT}/family/${id}`, { token: p.token, json: { ...child, name: "Aarav Sharma", sex: "other" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ message: "Family member updated", member: { _id: id, ...child, name: "Aarav Sharma", sex: "other" } });
    // A PUT without sex clears it: the same fields as POST.
    expect((await h.call("PUT", `${PATIENT}/family/${id}`, { token: p.token, json: { ...child, sex: undefined } })).body.member.sex).toBeNull();

    expect((await h.call("DELETE", `${PATIENT}/family/${id}`, { token: p.token })).body).toEqual({ message: "Family member removed" });
    expect((await h.call("GET", `${PATIENT}/family`, { token: p.token })).body.members.map((m: { name: string }) => m.name)).toEqual(["Kamla S"]);
  });

  test("each field's bounds: 400 naming the field, nothing added; the edges are taken", async () => {
    const p = await h.signupPatient();
    const today = day(new Date(at(8)));
    // The clock is Monday 08:00 UTC: Monday 22:00 in UTC+14 (Kiritimati), where dates begin first.
    const tuesday = day(new Date(at(24)));
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...child, name: undefined }, /^name is required$/],
      [{ ...child, name: "  " }, /^name is required$/],
      [{ ...child, name: "x".repeat(101) }, /^name must be at most 100 characters$/],
      [{ ...child, name: "Aarav\u0000" }, /control characters/],
      [{ ...child, relation: undefined }, /^relation must be one of: child, parent, spouse, sibling, other$/],
      [{ ...child, relation: "cousin" }, /^relation must be one of/],
      [{ ...child, dateOfBirth: undefined }, /^dateOfBirth is required$/],
      [{ ...child, dateOfBirth: "2020-5-1" }, /^dateOfBirth must be a date YYYY-MM-DD$/],
      [{ ...child, dateOfBirth: "2021-02-30" }, /^dateOfBirth must be a date YYYY-MM-DD$/],
      [{ ...child, dateOfBirth: "2020-05-14T00:00:00Z" }, /^dateOfBirth must be a date YYYY-MM-DD$/],
      [{ ...child, dateOfBirth: 20200514 }, /^dateOfBirth/],
      [{ ...child, dateOfBirth: "1899-12-31" }, /^dateOfBirth must not be before 1900-01-01$/],
      [{ ...child, dateOfBirth: tuesday }, /^dateOfBirth must not be in the future$/],
      [{ ...child, sex: "unknown" }, /^sex must be one of: female, male, other$/],
      [{ ...child, sex: null }, /^sex must be one of/],
    ];
    for (const [json, message] of bad) {
      const res = await add(p, json);
      expect({ json, status: res.status, message: res.body.message }).toEqual({ json, status: 400, message: expect.stringMatching(message) });
    }
    expect((await h.call("GET", `${PATIENT}/family`, { token: p.token })).body.members).toEqual([]);
    for (const dateOfBirth of ["1900-01-01", today]) expect((await add(p, { ...child, dateOfBirth })).status).toBe(201);
    // From 10:00 UTC Tuesday has begun in Kiritimati: a baby born there today is not refused.
    h.deps.now = () => new Date(at(10));
    try {
      expect((await add(p, { ...child, dateOfBirth: tuesday })).status).toBe(201);
    } finally {
      h.deps.now = () => new Date(at(8));
    }
    expect((await add(p, { ...child, name: "x".repeat(100) })).status).toBe(201);
    // The same bounds on PUT.
    const id = await memberOf(p);
    expect((await h.call("PUT", `${PATIENT}/family/${id}`, { token: p.token, json: { ...child, dateOfBirth: tuesday } })).status).toBe(400);
    expect((await h.call("PUT", `${PATIENT}/family/${id}`, { token: p.token, json: { ...child, relation: "friend" } })).status).toBe(400);
  });

  test("at most 8: a ninth is 409 and not kept; after a removal one more may be added", async () => {
    const p = await h.signupPatient();
    const ids: string[] = [];
    for (let i = 1; i <= 8; i++) ids.push(await memberOf(p, { ...child, name: `Child ${i}` }));
    const ninth = await add(p, { ...child, name: "Child 9" });
    expect(ninth.status).toBe(409);
    expect(ninth.body.message).toBe("You can keep at most 8 family members");
    expect((await h.call("GET", `${PATIENT}/family`, { token: p.token })).body.members).toHaveLength(8);
    // Two at once when one place is left: one 201, one 409.
    await h.call("DELETE", `${PATIENT}/family/${ids[0]}`, { token: p.token });
    const racing = await Promise.all([add(p, { ...child, name: "Child 10" }), add(p, { ...child, name: "Child 11" })]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test("another patient's member is 404 in every call, and changes nothing", async () => {
    const owner = await h.signupPatient("Priya S");
    const other = await h.signupPatient("Meera M");
    const id = await memberOf(owner);
    const doctor = await h.signupDoctor();
    expect((await h.call("GET", `${PATIENT}/family`, { token: other.token })).body.members).toEqual([]);
    const put = await h.call("PUT", `${PATIENT}/family/${id}`, { token: other.token, json: { ...child, name: "Taken" } });
    expect([put.status, put.body.message]).toEqual([404, "Family member not found"]);
    const del = await h.call("DELETE", `${PATIENT}/family/${id}`, { token: other.token });
    expect([del.status, del.body.message]).toEqual([404, "Family member not found"]);
    const booked = await book(other, doctor.id, { forMemberId: id });
    expect([booked.status, booked.body.message]).toEqual([404, "Family member not found"]);
    const instant = await instantDoctor();
    expect((await book(other, instant.id, { forMemberId: id, slotStart: at(10) })).status).toBe(404);
    // An id that is no one's is the same 404.
    expect((await h.call("DELETE", `${PATIENT}/family/no-such-member`, { token: owner.token })).status).toBe(404);
    expect((await book(owner, doctor.id, { forMemberId: "no-such-member" })).status).toBe(404);
    expect((await h.call("GET", `${PATIENT}/family`, { token: owner.token })).body.members).toEqual([{ _id: id, ...child }]);
    expect((await h.call("GET", `${PATIENT}/patient-meetings`, { token: other.token })).body.appointments).toEqual([]);
  });

  test("only patients: a doctor's token is refused, no token is 401", async () => {
    const doctor = await h.signupDoctor();
    expect((await h.call("GET", `${PATIENT}/family`, { token: doctor.token })).status).toBe(403);
    expect((await h.call("POST", `${PATIENT}/family`, { json: child })).status).toBe(401);
  });
});

async function instantDoctor(): Promise<Doctor> {
  const doctor = await h.signupDoctor({ specialization: "Pediatrician" });
  const weekly = [{ day: 1, start: "09:00", end: "12:00" }];
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  return doctor;
}

describe("booking for a family member", () => {
  test("one open appointment per doctor and person: the holder and each child may each have one", async () => {
    const p = await h.signupPatient("Priya S");
    const doctor = await h.signupDoctor({ specialization: "Pediatrician" });
    const [aarav, diya] = [await memberOf(p), await memberOf(p, { ...child, name: "Diya S", sex: "female" })];
    expect((await book(p, doctor.id)).status).toBe(201);
    expect((await book(p, doctor.id)).status).toBe(409);
    const forAarav = await book(p, doctor.id, { forMemberId: aarav });
    expect(forAarav.status).toBe(201);
    expect(forAarav.body.appointment).toMatchObject({ status: "pending", patient: { _id: p.id, name: "Priya S" }, for: { _id: aarav, name: "Aarav S", relation: "child", age: 6 } });
    const again = await book(p, doctor.id, { forMemberId: aarav });
    expect([again.status, again.body.message]).toEqual([409, "You already have an open appointment with this doctor"]);
    expect((await book(p, doctor.id, { forMemberId: diya })).status).toBe(201);
    // Withdrawn, Aarav's place opens again; the others stay taken.
    await h.call("POST", `${PATIENT}/cancelAppointment`, { token: p.token, json: { appointmentId: forAarav.body.appointment._id, reason: "Better now" } });
    expect((await book(p, doctor.id, { forMemberId: aarav })).status).toBe(201);
    expect((await book(p, doctor.id, { forMemberId: diya })).status).toBe(409);
  });

  test("instant booking for a member: confirmed, `for` set; the rule holds per person there too", async () => {
    const p = await h.signupPatient("Priya S");
    const doctor = await instantDoctor();
    const aarav = await memberOf(p);
    const mine = await book(p, doctor.id, { slotStart: at(10) });
    expect(mine.body.appointment.for).toBeNull();
    const his = await book(p, doctor.id, { slotStart: at(10.5), forMemberId: aarav });
    expect(his.status).toBe(201);
    expect(his.body.appointment).toMatchObject({ status: "confirmed", scheduledAt: at(10.5), for: { _id: aarav, name: "Aarav S", relation: "child", age: 6 } });
    expect((await book(p, doctor.id, { slotStart: at(11), forMemberId: aarav })).status).toBe(409);
  });

  test("`for` in both sides' lists (null for the holder); the patient stays the account holder", async () => {
    const p = await h.signupPatient("Priya S");
    const doctor = await h.signupDoctor({ specialization: "Pediatrician" });
    const aarav = await memberOf(p);
    const holderBooking = (await book(p, doctor.id)).body.appointment._id;
    const childBooking = (await book(p, doctor.id, { forMemberId: aarav })).body.appointment._id;
    const expected = { _id: aarav, name: "Aarav S", relation: "child", age: 6 };
    const forOf = (list: { _id: string; for: unknown; patient: { _id: string } }[]) => Object.fromEntries(list.map((a) => [a._id, [a.patient._id, a.for]]));
    const pending = (await h.call("GET", `${DOCTOR}/appointments`, { token: doctor.token })).body.appointments;
    expect(forOf(pending)).toEqual({ [holderBooking]: [p.id, null], [childBooking]: [p.id, expected] });
    expect((await h.schedule(doctor.token, childBooking, p.id, new Date(at(30)))).status).toBe(200);
    const meetings = (await h.call("GET", `${DOCTOR}/doctor-meetings`, { token: doctor.token })).body.appointments;
    expect(forOf(meetings)).toEqual({ [childBooking]: [p.id, expected] });
    const own = (await h.call("GET", `${PATIENT}/patient-meetings`, { token: p.token })).body.appointments;
    expect(forOf(own)).toEqual({ [holderBooking]: [p.id, null], [childBooking]: [p.id, expected] });
  });

  test("a member is not removed while their appointment is open; once it is cancelled, they are, and the appointment keeps them as booked", async () => {
    const p = await h.signupPatient("Priya S");
    const doctor = await h.signupDoctor({ specialization: "Pediatrician" });
    const aarav = await memberOf(p);
    const booked = (await book(p, doctor.id, { forMemberId: aarav })).body.appointment._id;
    const refused = await h.call("DELETE", `${PATIENT}/family/${aarav}`, { token: p.token });
    expect([refused.status, refused.body.message]).toEqual([409, "This family member has an open appointment: cancel it first"]);
    // A confirmed meeting is open too, until it ends.
    expect((await h.schedule(doctor.token, booked, p.id, new Date(at(30)))).status).toBe(200);
    expect((await h.call("DELETE", `${PATIENT}/family/${aarav}`, { token: p.token })).status).toBe(409);
    // Renamed: the appointment keeps the name it was booked under.
    await h.call("PUT", `${PATIENT}/family/${aarav}`, { token: p.token, json: { ...child, name: "Aarav Sharma" } });
    await h.call("POST", `${PATIENT}/cancelAppointment`, { token: p.token, json: { appointmentId: booked, reason: "Better now" } });
    expect((await h.call("DELETE", `${PATIENT}/family/${aarav}`, { token: p.token })).status).toBe(200);
    const kept = await h.elsewhere("select for_member_id, for_name, for_age from appointments where id = ?", [booked]);
    expect(kept.rows.map((r) => [r.for_member_id, r.for_name, Number(r.for_age)])).toEqual([[aarav, "Aarav S", 6]]);
  });

  test("the original client's call (no forMemberId) books for the holder, as before; an empty forMemberId is 400", async () => {
    const p = await h.signupPatient();
    const doctor = await h.signupDoctor();
    const res = await book(p, doctor.id);
    expect(res.status).toBe(201);
    expect(res.body.appointment).toMatchObject({ status: "pending", patient: { _id: p.id }, for: null });
    expect((await book(p, (await h.signupDoctor()).id, { forMemberId: "" })).status).toBe(400);
  });
});
