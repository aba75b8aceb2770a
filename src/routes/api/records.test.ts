/**
 * Issue 56 items 1-3 through the API: the visit note and prescription of a meeting, written by its
 * doctor from its start as a draft, issued (a number RX-YYYY-NNNNNN, sequential per year), then
 * fixed; amended as a new version that points to the one it replaces; every bound; who may do
 * what (another doctor 404, another patient 404, a family member's record seen by the holder);
 * the patient's issued records, never a draft. Meetings are booked at once on the next Monday
 * (UTC) at 10:00 with the app's clock at 00:00; the clock is then moved.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const YEAR = at(11).getUTCFullYear();

const M = { name: "Paracetamol", brand: "Crocin", strength: "500 mg", form: "tablet", dose: "1 tablet", frequency: "Three times a day", durationDays: 5, instructions: "After food" };
const NOTE = { complaints: "Fever for two days", findings: "Temperature 38.5", diagnosis: "Viral fever", advice: "Rest and fluids" };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

/** An approved doctor taking instant bookings, with a verified registration unless told otherwise. */
async function doctorOf(options: { verified?: boolean } = {}): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  if (options.verified !== false) {
    const form = h.profileForm({ name: "Dana Doctor", specialization: "Cardiologist", collegeName: "City Medical College", registrationNumber: "DMC/12345", registrationCouncil: "Delhi Medical Council" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    expect((await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${doctor.id}`, { token: await h.admin(), json: { verified: true } })).status).toBe(200);
  }
  return doctor;
}

/** A meeting booked at once for Monday 10:00 to 10:30 (for a family member when `forMemberId`). */
async function meeting(options: { verified?: boolean; patient?: Patient; forMemberId?: string; hour?: number } = {}) {
  const patient = options.patient ?? (await h.signupPatient());
  const doctor = await doctorOf(options);
  h.deps.now = () => at(0);
  const json = { doctorId: doctor.id, reason: "A fever", slotStart: at(options.hour ?? 10).toISOString(), forMemberId: options.forMemberId };
  const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json });
  expect(res.status).toBe(201);
  return { patient, doctor, id: res.body.appointment._id as string };
}

const path = (id: string) => `${DOCTOR}/appointments/${id}/record`;
const put = (doctor: Doctor, id: string, json: unknown) => h.call("PUT", path(id), { token: doctor.token, json });
const issue = (doctor: Doctor, id: string) => h.call("POST", `${path(id)}/issue`, { token: doctor.token });
const amend = (doctor: Doctor, id: string, json: unknown) => h.call("POST", `${path(id)}/amend`, { token: doctor.token, json });
const refusal = (res: { status: number; body: any }) => ({ status: res.status, message: res.body.message });

describe("draft and issue", () => {
  test("before the start 409; from the start a draft saved twice, issued with the year's next number, then fixed", async () => {
    const { doctor, patient, id } = await meeting();
    h.deps.now = () => new Date(at(10).getTime() - 60_000);
    expect(refusal(await put(doctor, id, NOTE))).toEqual({ status: 409, message: "This appointment has not started: its record can be written from its start" });
    expect((await h.call("GET", path(id), { token: doctor.token })).body).toEqual({ record: null, versions: [] });
    h.deps.now = () => at(10);
    const first = await put(doctor, id, { complaints: "Fever" });
    expect(first.status).toBe(200);
    expect(first.body.record).toMatchObject({ status: "draft", number: null, complaints: "Fever", history: "", medicines: [], followUp: null, doctor: null, patient: null });
    const second = await put(doctor, id, { ...NOTE, followUp: "2030-01-15", medicines: [M, { ...M, name: "Cetirizine", brand: "", strength: "10 mg" }] });
    expect(second.body.record._id).toBe(first.body.record._id);
    expect(second.body.record.medicines).toHaveLength(2);
    // The patient never sees a draft.
    expect((await h.call("GET", `${PATIENT}/records`, { token: patient.token })).body).toEqual({ records: [] });
    expect((await h.call("GET", `${PATIENT}/records/${first.body.record._id}`, { token: patient.token })).status).toBe(404);

    h.deps.now = () => at(10.75);
    const issued = await issue(doctor, id);
    expect(issued.status).toBe(200);
    const record = issued.body.record;
    expect(record).toMatchObject({ status: "issued", issuedAt: at(10.75).toISOString(), followUp: "2030-01-15", place: "video" });
    expect(record.number).toMatch(new RegExp(`^RX-${YEAR}-\\d{6}$`));
    expect(record.doctor).toEqual({ name: "Dana Doctor", qualification: "Cardiologist, City Medical College", registrationNumber: "DMC/12345", registrationCouncil: "Delhi Medical Council" });
    expect(record.patient).toEqual({ name: "Pat Patient", age: null, sex: null, relation: null });

    expect(refusal(await issue(doctor, id))).toEqual({ status: 409, message: "This record is already issued: amend it to change it" });
    expect(refusal(await put(doctor, id, NOTE))).toEqual({ status: 409, message: "This record is already issued: amend it to change it" });
    expect((await h.call("GET", path(id), { token: doctor.token })).body.record).toEqual(record);
    // The patient reads it; the audit trail has the issue with its number only.
    expect((await h.call("GET", `${PATIENT}/records`, { token: patient.token })).body.records).toEqual([record]);
    expect((await h.call("GET", `${PATIENT}/records/${record._id}`, { token: patient.token })).body).toEqual({ record });
    const audit = await h.elsewhere("select actor_role, action, reason from audit_events where subject_id = ? and action like '%record'", [id]);
    expect(audit.rows.map((r) => [r.actor_role, r.action, r.reason])).toEqual([["doctor", "issue record", record.number]]);
  });

  test("numbers follow each other with no gap, a refused issue taking none", async () => {
    const a = await meeting();
    const b = await meeting({ verified: false });
    const c = await meeting();
    h.deps.now = () => at(11);
    for (const m of [a, b, c]) expect((await put(m.doctor, m.id, NOTE)).status).toBe(200);
    const first = (await issue(a.doctor, a.id)).body.record.number as string;
    expect(refusal(await issue(b.doctor, b.id))).toEqual({
      status: 409,
      message: "Your medical registration is not verified: an admin must verify it before you can issue a prescription",
    });
    const third = (await issue(c.doctor, c.id)).body.record.number as string;
    const n = (s: string) => Number(s.slice(-6));
    expect(n(third)).toBe(n(first) + 1);
  });

  test("an empty draft, or none, cannot be issued", async () => {
    const { doctor, id } = await meeting();
    h.deps.now = () => at(10.2);
    expect(refusal(await issue(doctor, id))).toEqual({ status: 409, message: "This record is empty: write at least one section or one medicine before issuing it" });
    await put(doctor, id, { complaints: "   ", followUp: "2030-01-01" });
    expect(refusal(await issue(doctor, id))).toEqual({ status: 409, message: "This record is empty: write at least one section or one medicine before issuing it" });
    await put(doctor, id, { medicines: [M] });
    expect((await issue(doctor, id)).status).toBe(200);
  });

  test("a cancelled or missed meeting has no record; another doctor's is not found", async () => {
    const missed = await meeting();
    h.deps.now = () => at(10);
    expect((await h.call("POST", `${DOCTOR}/markAttendance`, { token: missed.doctor.token, json: { appointmentId: missed.id, attended: false } })).status).toBe(200);
    expect(refusal(await put(missed.doctor, missed.id, NOTE))).toEqual({ status: 409, message: "This appointment was cancelled or missed: it has no record" });
    const cancelled = await meeting();
    h.deps.now = () => at(1);
    expect((await h.call("POST", `${DOCTOR}/cancelAppointment`, { token: cancelled.doctor.token, json: { appointmentId: cancelled.id, reason: "Away" } })).status).toBe(200);
    h.deps.now = () => at(10);
    expect(refusal(await put(cancelled.doctor, cancelled.id, NOTE)).status).toBe(409);
    expect(refusal(await issue(cancelled.doctor, cancelled.id)).status).toBe(409);
    const other = await doctorOf();
    const mine = await meeting();
    for (const res of [await put(other, mine.id, NOTE), await issue(other, mine.id), await amend(other, mine.id, NOTE), await h.call("GET", path(mine.id), { token: other.token })]) {
      expect(refusal(res)).toEqual({ status: 404, message: "Appointment not found" });
    }
    // A patient's token cannot reach the doctor's calls.
    expect((await h.call("GET", path(mine.id), { token: mine.patient.token })).status).toBe(403);
  });
});

describe("amend", () => {
  test("a new issued version points to the one it replaces, which stays readable, marked; both audited", async () => {
    const { doctor, patient, id } = await meeting();
    h.deps.now = () => at(10.5);
    expect(refusal(await amend(doctor, id, NOTE))).toEqual({ status: 409, message: "This record is not issued yet: issue it first" });
    await put(doctor, id, { ...NOTE, medicines: [M] });
    const first = (await issue(doctor, id)).body.record;
    h.deps.now = () => at(12);
    expect(refusal(await amend(doctor, id, {}))).toEqual({ status: 409, message: "This record is empty: write at least one section or one medicine before issuing it" });
    const res = await amend(doctor, id, { ...NOTE, diagnosis: "Dengue fever", medicines: [M] });
    expect(res.status).toBe(201);
    const second = res.body.record;
    expect(second).toMatchObject({ status: "issued", replaces: first.number, replacedBy: null, diagnosis: "Dengue fever" });
    expect(Number(second.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
    const doctorView = (await h.call("GET", path(id), { token: doctor.token })).body;
    expect(doctorView.record._id).toBe(second._id);
    expect(doctorView.versions.map((v: any) => [v.number, v.replacedBy, v.replaces])).toEqual([
      [first.number, second.number, null],
      [second.number, null, first.number],
    ]);
    const list = (await h.call("GET", `${PATIENT}/records`, { token: patient.token })).body.records;
    expect(list.map((r: any) => r.number)).toEqual([second.number, first.number]);
    expect((await h.call("GET", `${PATIENT}/records/${first._id}`, { token: patient.token })).body.record).toMatchObject({ diagnosis: "Viral fever", replacedBy: second.number });
    // The second amendment replaces the second, not the first.
    const third = (await amend(doctor, id, { ...NOTE, medicines: [M, M] })).body.record;
    expect(third.replaces).toBe(second.number);
    const audit = await h.elsewhere("select action, reason from audit_events where subject_id = ? and action like '%record' order by id", [id]);
    expect(audit.rows.map((r) => [r.action, r.reason])).toEqual([
      ["issue record", first.number],
      ["amend record", `${second.number} replaces ${first.number}`],
      ["amend record", `${third.number} replaces ${second.number}`],
    ]);
  });
});

describe("access", () => {
  test("another patient cannot read a record; a family member's record is the holder's, with the member's name, age and sex", async () => {
    const holder = await h.signupPatient("Asha Verma");
    const member = await h.call("POST", `${PATIENT}/family`, { token: holder.token, json: { name: "Riya Verma", relation: "child", dateOfBirth: `${YEAR - 7}-01-01`, sex: "female" } });
    expect(member.status).toBe(201);
    const { doctor, id } = await meeting({ patient: holder, forMemberId: member.body.member._id });
    h.deps.now = () => at(10.5);
    await put(doctor, id, { medicines: [M] });
    const record = (await issue(doctor, id)).body.record;
    expect(record.patient).toEqual({ name: "Riya Verma", age: 7, sex: "female", relation: "child" });
    expect((await h.call("GET", `${PATIENT}/records/${record._id}`, { token: holder.token })).status).toBe(200);
    const stranger = await h.signupPatient();
    expect(refusal(await h.call("GET", `${PATIENT}/records/${record._id}`, { token: stranger.token }))).toEqual({ status: 404, message: "Record not found" });
    expect((await h.call("GET", `${PATIENT}/records`, { token: stranger.token })).body).toEqual({ records: [] });
  });
});

describe("bounds: the highest and lowest pass, one past is a 400 naming the field", () => {
  let doctor: Doctor;
  let id: string;
  beforeAll(async () => {
    ({ doctor, id } = await meeting({ hour: 14 }));
  });
  const line = (fields: Record<string, unknown>) => ({ medicines: [{ ...M, ...fields }] });
  const cases: [what: string, ok: unknown[], refused: unknown[], message: string][] = [
    ["a section", [{ history: "" }, { history: "h".repeat(2000) }], [{ history: "h".repeat(2001) }], "history must be at most 2000 characters"],
    ["followUp", [{ followUp: "2030-02-28" }, { followUp: null }], [{ followUp: "2030-02-30" }, { followUp: "tomorrow" }], "followUp must be a date YYYY-MM-DD"],
    ["name", [line({ name: "P" }), line({ name: "P".repeat(80) })], [line({ name: "" }), line({ name: "P".repeat(81) })], "name"],
    ["brand", [line({ brand: "" }), line({ brand: "B".repeat(80) })], [line({ brand: "B".repeat(81) })], "brand must be at most 80 characters"],
    ["strength", [line({ strength: "S".repeat(40) })], [line({ strength: "S".repeat(41) })], "strength must be at most 40 characters"],
    ["form", [line({ form: "inhaler" }), line({ form: "other" })], [line({ form: "powder" })], "form must be one of: tablet, capsule, syrup, injection, drops, cream, inhaler, other"],
    ["dose", [line({ dose: "D" }), line({ dose: "D".repeat(40) })], [line({ dose: "" }), line({ dose: "D".repeat(41) })], "dose"],
    ["frequency", [line({ frequency: "F".repeat(40) })], [line({ frequency: "F".repeat(41) })], "frequency must be at most 40 characters"],
    ["durationDays", [line({ durationDays: 1 }), line({ durationDays: 365 })], [line({ durationDays: 0 }), line({ durationDays: 366 }), line({ durationDays: 1.5 }), line({ durationDays: "5" })], "durationDays must be a whole number from 1 to 365"],
    ["instructions", [line({ instructions: "I".repeat(200) })], [line({ instructions: "I".repeat(201) })], "instructions must be at most 200 characters"],
    ["medicines", [{ medicines: Array(20).fill(M) }], [{ medicines: Array(21).fill(M) }], "medicines may hold at most 20 lines"],
  ];
  for (const [what, ok, refused, message] of cases) {
    test(what, async () => {
      h.deps.now = () => at(14);
      for (const body of ok) expect({ body, status: (await put(doctor, id, body)).status }).toEqual({ body, status: 200 });
      for (const body of refused) {
        const res = await put(doctor, id, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toContain(message);
      }
    });
  }
});

describe("the patient's date of birth and sex (optional), on the profile and the prescription", () => {
  const saveProfile = (p: Patient, fields: Record<string, string>) => h.call("PUT", "/api/auth/patient-profile", { token: p.token, form: h.profileForm({ name: "Pat Patient", ...fields }) });
  test("saved, shown, kept when absent, cleared by an empty value; a bad or future date and an unknown sex are 400s", async () => {
    const patient = await h.signupPatient();
    expect(Object.keys((await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).body.patient).sort()).toEqual(["_id", "email", "name", "phone", "profileImage"]);
    const saved = await saveProfile(patient, { dateOfBirth: `${YEAR - 40}-06-15`, sex: "male" });
    expect(saved.status).toBe(200);
    expect(saved.body.patient).toMatchObject({ dateOfBirth: `${YEAR - 40}-06-15`, sex: "male" });
    expect((await saveProfile(patient, {})).body.patient).toMatchObject({ dateOfBirth: `${YEAR - 40}-06-15`, sex: "male" });
    expect(refusal(await saveProfile(patient, { dateOfBirth: "1990-02-30" }))).toEqual({ status: 400, message: "dateOfBirth must be a date YYYY-MM-DD" });
    expect(refusal(await saveProfile(patient, { dateOfBirth: "1899-12-31" }))).toEqual({ status: 400, message: "dateOfBirth must not be before 1900-01-01" });
    expect(refusal(await saveProfile(patient, { dateOfBirth: `${YEAR + 2}-01-01` }))).toEqual({ status: 400, message: "dateOfBirth must not be in the future" });
    expect(refusal(await saveProfile(patient, { sex: "unknown" }))).toEqual({ status: 400, message: "sex must be one of: female, male, other" });

    const { doctor, id } = await meeting({ patient });
    h.deps.now = () => at(10.5);
    await put(doctor, id, { medicines: [M] });
    const record = (await issue(doctor, id)).body.record;
    const visitDay = at(10).toISOString().slice(5, 10);
    expect(record.patient).toEqual({ name: "Pat Patient", age: visitDay < "06-15" ? 39 : 40, sex: "male", relation: null });

    expect(Object.keys((await saveProfile(patient, { dateOfBirth: "", sex: "" })).body.patient)).not.toContain("sex");
    // An issued prescription keeps what it said.
    expect((await h.call("GET", `${PATIENT}/records/${record._id}`, { token: patient.token })).body.record.patient.sex).toBe("male");
  });
});

describe("privacy: export, erasure, and the records' keeping time", () => {
  test("the export holds the issued records, never a draft; an erasure deletes drafts and keeps issued records for the doctor alone; RECORD_KEEP_DAYS after the visit they go", async () => {
    const patient = await h.signupPatient("Esha Export");
    const issuedOne = await meeting({ patient });
    const drafted = await meeting({ patient, hour: 12 });
    h.deps.now = () => at(12.5);
    await put(issuedOne.doctor, issuedOne.id, { diagnosis: "Migraine", medicines: [M] });
    const record = (await issue(issuedOne.doctor, issuedOne.id)).body.record;
    await put(drafted.doctor, drafted.id, { diagnosis: "A draft never exported" });
    const exported = await h.call("GET", "/api/auth/account/export", { token: patient.token });
    expect(exported.status).toBe(200);
    expect(exported.body.records).toHaveLength(1);
    expect(exported.body.records[0]).toMatchObject({ number: record.number, diagnosis: "Migraine", issuedWith: { registrationNumber: "DMC/12345", patientName: "Esha Export" } });
    expect(exported.text).not.toContain("A draft never exported");
    // A doctor's export holds no records of patients.
    expect((await h.call("GET", "/api/auth/account/export", { token: issuedOne.doctor.token })).body.records).toEqual([]);

    expect((await h.call("POST", "/api/auth/account/delete", { token: patient.token, json: { password: "correct-horse-1" } })).status).toBe(200);
    const left = await h.elsewhere("select number, appointment_id from records where patient_id = ?", [patient.id]);
    expect(left.rows.map((r) => r.number)).toEqual([record.number]);
    const kept = await h.call("GET", path(issuedOne.id), { token: issuedOne.doctor.token });
    expect(kept.body.record).toMatchObject({ number: record.number, diagnosis: "Migraine" });

    // The server's prune: a day short of RECORD_KEEP_DAYS (1095) after the visit the record stays; past it, it goes.
    const { pruneOldRecords } = await import("../../actions/records");
    h.deps.now = () => new Date(at(10).getTime() + 1094 * 86_400_000);
    await pruneOldRecords(h.deps);
    expect((await h.elsewhere("select count(*) as n from records where id = ?", [record._id])).rows[0]!.n).toBe(1);
    h.deps.now = () => new Date(at(10).getTime() + 1095 * 86_400_000 + 60_000);
    await pruneOldRecords(h.deps);
    expect((await h.elsewhere("select count(*) as n from records where id = ?", [record._id])).rows[0]!.n).toBe(0);
  });
});

describe("where the visit was (issue 54)", () => {
  test("a clinic visit's record names the clinic and its address, as it was when issued; a video call's says video", async () => {
    const { doctor, id } = await meeting();
    // The same doctor's Monday hours move to a clinic; a second patient books there.
    const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038" };
    const placed = await h.call("POST", `${DOCTOR}/places`, { token: doctor.token, json: clinic });
    expect(placed.status).toBe(201);
    const weekly = [{ day: 1, start: "09:00", end: "17:00", placeId: placed.body.place._id }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
    const other = await h.signupPatient();
    h.deps.now = () => at(0);
    const booked = await h.call("POST", `${PATIENT}/bookAppointment`, { token: other.token, json: { doctorId: doctor.id, reason: "A fever", slotStart: at(12).toISOString() } });
    expect([booked.status, booked.body.appointment.visit.type]).toEqual([201, "clinic"]);
    h.deps.now = () => at(13);
    for (const appointment of [id, booked.body.appointment._id as string]) {
      expect((await put(doctor, appointment, NOTE)).status).toBe(200);
      expect((await issue(doctor, appointment)).status).toBe(200);
    }
    const places = await Promise.all([id, booked.body.appointment._id].map(async (a) => JSON.stringify((await h.call("GET", path(a), { token: doctor.token })).body.record)));
    expect(places[0]).toContain('"place":"video"');
    expect(places[1]).toContain('"place":"Sunrise Clinic, 12 Karve Road, Kothrud, Pune 411038"');
  });
});
