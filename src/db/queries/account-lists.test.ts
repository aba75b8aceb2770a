/**
 * Lists kept per account and lists version (issue 12): every change a list shows moves the
 * version of each account whose list shows it, through the database's triggers, so the next read
 * is current; whoever writes (the API, a page's form, another process on the same file).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";
import { keptForOwner } from "./account-lists";

let h: Harness;
let patient: Patient;
let doctor: Doctor;

const patientList = async () => (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments as any[];
const pending = async () => (await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).body.appointments as any[];
const meetings = async () => (await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token })).body.appointments as any[];
const feedbacks = async () => (await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token })).body.feedbacks as any[];

/** The lists version of an account, read from the file by another connection. */
async function versionOf(table: "patients" | "doctors", id: string): Promise<number> {
  const rs = await h.elsewhere(`select lists_version from ${table} where id = ?`, [id]);
  return Number(rs.rows[0]!.lists_version);
}

beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "30" });
  [patient, doctor] = await Promise.all([h.signupPatient("Kept Patient"), h.signupDoctor({ name: "Dr Kept", specialization: "Neurologist" })]);
});
afterAll(() => h.stop());

describe("a kept list follows every change it shows", () => {
  let id: string;

  test("a booking shows in both parties' lists, read just before it", async () => {
    expect(await patientList()).toEqual([]);
    expect(await pending()).toEqual([]);
    const before = [await versionOf("patients", patient.id), await versionOf("doctors", doctor.id)];
    id = await h.book(patient.token, doctor.id, "Migraines");
    expect([await versionOf("patients", patient.id), await versionOf("doctors", doctor.id)]).toEqual([before[0]! + 1, before[1]! + 1]);
    expect((await patientList()).map((a) => [a._id, a.status, a.reason])).toEqual([[id, "pending", "Migraines"]]);
    expect((await pending()).map((a) => a._id)).toEqual([id]);
  });

  test("scheduling moves it from the doctor's requests to the meetings, with its link in the patient's list", async () => {
    expect(await meetings()).toEqual([]);
    const at = new Date(Date.now() + 86_400_000);
    const res = await h.schedule(doctor.token, id, patient.id, at);
    expect(res.status).toBe(200);
    expect(await pending()).toEqual([]);
    expect((await meetings()).map((a) => [a._id, a.status, a.scheduledAt])).toEqual([[id, "confirmed", at.toISOString()]]);
    expect((await patientList())[0]).toMatchObject({ status: "confirmed", meetLink: res.body.meetLink, scheduledAt: at.toISOString() });
  });

  test("the doctor's new name and specialization show in the patient's list", async () => {
    expect((await patientList())[0].doctor).toMatchObject({ name: "Dr Kept", specialization: "Neurologist" });
    const form = h.profileForm({ name: "Dr Renamed", specialization: "Cardiologist", collegeName: "Kept College" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    // The name at once; the specialization once the admin approves it (issue 27).
    expect((await patientList())[0].doctor).toMatchObject({ name: "Dr Renamed", specialization: "Neurologist" });
    await h.approveChange(doctor.id);
    expect((await patientList())[0].doctor).toMatchObject({ name: "Dr Renamed", specialization: "Cardiologist" });
  });

  test("the patient's new name shows in the doctor's lists", async () => {
    expect((await meetings())[0].patient.name).toBe("Kept Patient");
    expect((await h.call("PUT", "/api/auth/patient-profile", { token: patient.token, form: h.profileForm({ name: "Renamed Patient" }) })).status).toBe(200);
    expect((await meetings())[0].patient.name).toBe("Renamed Patient");
    expect((await patientList())[0].patient.name).toBe("Renamed Patient");
  });

  test("a write by another process on the same file shows at the next read", async () => {
    expect((await patientList())[0].reason).toBe("Migraines");
    await h.elsewhere("update appointments set reason = ? where id = ?", ["Changed elsewhere", id]);
    expect((await patientList())[0].reason).toBe("Changed elsewhere");
    expect((await meetings())[0].reason).toBe("Changed elsewhere");
  });

  test("a cancellation takes it out of both lists", async () => {
    const res = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason: "Away" } });
    expect(res.status).toBe(200);
    expect(await meetings()).toEqual([]);
    expect(await patientList()).toEqual([]);
  });

  test("feedback shows in the patient's list and the doctor's feedback", async () => {
    // A meeting that is already over: scheduled by another process (scheduling refuses the past).
    const past = await h.book(patient.token, doctor.id, "Follow-up");
    expect(await feedbacks()).toEqual([]);
    const start = Date.now() - 3_600_000;
    await h.elsewhere("update appointments set status = 'confirmed', scheduled_at = ?, ends_at = ?, meet_link = 'carebook-past' where id = ?", [
      start,
      start + 1_800_000,
      past,
    ]);
    expect((await patientList())[0]).toMatchObject({ _id: past, status: "completed", hasFeedback: false });
    const res = await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: past, message: "Helpful." } });
    expect(res.status).toBe(201);
    expect((await patientList())[0]).toMatchObject({ _id: past, hasFeedback: true });
    expect((await feedbacks()).map((f) => [f.appointment._id, f.message])).toEqual([[past, "Helpful."]]);
  });

  test("a page's form changes the lists the API answers, and the other way round", async () => {
    const other = await h.signupDoctor({ name: "Dr Pages" });
    const booked = await h.book(patient.token, other.id, "Page check");
    const list = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: other.token });
    expect(list.body.appointments.map((a: any) => a._id)).toEqual([booked]);
    const page = await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${other.token}` } });
    expect(await page.text()).toContain("Page check");
    const form = new URLSearchParams({ appointmentId: booked, reason: "Not my field" });
    const cancel = await h.app.request("/doctor-dashboard/cancel", {
      method: "POST",
      headers: { cookie: `carebook_session=${other.token}`, origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(cancel.status).toBe(303);
    expect((await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: other.token })).body.appointments).toEqual([]);
    const after = await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${other.token}` } });
    expect(await after.text()).not.toContain("Page check");
  });
});

describe("the meetings pages keep their island per lists version, time zone and notice", () => {
  const pageOf = async (path: string, token: string, cookie = "") =>
    (await h.app.request(path, { headers: { cookie: `carebook_session=${token}${cookie}` } })).text();

  test("a booking, a schedule and a cancel show on the pages read just before them", async () => {
    // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
    clockBefore(h, new Date("2031-01-15T00:00:00Z"));
    const p = await h.signupPatient("Page Patient");
    const d = await h.signupDoctor({ name: "Dr Page Keeper" });
    expect(await pageOf("/doctor-dashboard", d.token)).not.toContain("Page Patient");
    const id = await h.book(p.token, d.id, "Kept page check");
    expect(await pageOf("/doctor-dashboard", d.token)).toContain("Kept page check");
    expect(await pageOf("/patient-dashboard/patient-meetings", p.token)).toContain('class="badge badge-pending"');
    // The meetings page lists it under the requests waiting (issue 27), with no meeting yet.
    expect(await pageOf("/doctor-dashboard/doctor-Meetings", d.token)).not.toContain('class="badge badge-confirmed"');
    const at = new Date(Date.UTC(2031, 0, 15, 9, 30));
    expect((await h.schedule(d.token, id, p.id, at)).status).toBe(200);
    expect(await pageOf("/doctor-dashboard", d.token)).not.toContain("Kept page check");
    expect(await pageOf("/doctor-dashboard/doctor-Meetings", d.token)).toContain('class="badge badge-confirmed"');
    expect(await pageOf("/patient-dashboard/patient-meetings", p.token)).toContain('class="badge badge-confirmed"');

    // The viewer's zone is part of what is kept: the same meeting, another zone, another time.
    // (No zone known: the default, India's, issue 52; UTC before.)
    expect(await pageOf("/patient-dashboard/patient-meetings", p.token)).toContain("15:00 IST");
    const tokyo = await pageOf("/patient-dashboard/patient-meetings", p.token, "; tz=Asia%2FTokyo");
    expect(tokyo).toContain("18:30");
    expect(tokyo).not.toContain("15:00 IST");
    expect(await pageOf("/patient-dashboard/patient-meetings", p.token)).toContain("15:00 IST");

    // A one-time notice is shown once, kept island or not.
    const cookie = `carebook_session=${p.token}`;
    const cancel = await h.app.request("/patient-dashboard/patient-meetings/cancel", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ appointmentId: id, reason: "Plans changed" }),
    });
    expect(cancel.status).toBe(303);
    const notice = cancel.headers.getSetCookie().find((c) => c.startsWith("notice="))!.split(";")[0]!;
    const shown = await h.app.request("/patient-dashboard/patient-meetings", { headers: { cookie: `${cookie}; ${notice}` } });
    const html = await shown.text();
    expect(html).toContain(">Appointment cancelled successfully<");
    expect(html).not.toContain('class="badge badge-confirmed"');
    // The words are among the island's messages (issue 31); shown, they stand in an element.
    expect(await pageOf("/patient-dashboard/patient-meetings", p.token)).not.toContain(">Appointment cancelled successfully<");
  });
});

describe("keptForOwner", () => {
  test("reads once per version, again when it moves; never keeps an older version over a newer one", async () => {
    const r = h.deps.database.db;
    let reads = 0;
    const read = async () => [++reads];
    const owner = (listsVersion?: number) => ({ id: "owner-1", listsVersion });
    expect(await keptForOwner(r, "t", owner(1), read)).toEqual([1]);
    expect(await keptForOwner(r, "t", owner(1), read)).toEqual([1]);
    expect(await keptForOwner(r, "t", owner(2), read)).toEqual([2]);
    expect(await keptForOwner(r, "t", owner(1), read)).toEqual([3]); // a slower request's older version: read, not kept
    expect(await keptForOwner(r, "t", owner(2), read)).toEqual([2]);
    expect(await keptForOwner(r, "t", owner(undefined), read)).toEqual([4]); // no version: always read
    expect(await keptForOwner(r, "other", owner(2), read)).toEqual([5]); // per list
    expect(reads).toBe(5);
  });

  test("a failed read is not kept; a transaction never uses or fills the memory", async () => {
    const r = h.deps.database.db;
    const owner = { id: "owner-2", listsVersion: 7 };
    await expect(keptForOwner(r, "t", owner, () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await keptForOwner(r, "t", owner, async () => ["fresh"])).toEqual(["fresh"]);
    await r.transaction(async (tx) => {
      expect(await keptForOwner(tx, "t", owner, async () => ["in the transaction"])).toEqual(["in the transaction"]);
    });
    expect(await keptForOwner(r, "t", owner, async () => ["not read"])).toEqual(["fresh"]);
  });
});
