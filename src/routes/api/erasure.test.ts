/**
 * Issue 44, item 9: erasing one's account through POST /api/auth/account/delete, over real HTTP.
 * What stays (the doctor's past visit with its reason, naming a "Former patient"), what goes
 * (name, email, picture file, family, waitlist, sessions, the calendar feed, mail choices and
 * mails), the open appointments cancelled with the doctor told, the email free to sign up again;
 * and the refusals: a wrong password changes nothing, a doctor with open appointments, the admin.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { cameraPhoto } from "../../../tests/support/photos";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true", CHANGE_NOTICE_MINUTES: "0" });
});
afterAll(() => h.stop());

const DAY = 24 * 3_600_000;
const erase = (token: string, password = PASSWORD) => h.call("POST", "/api/auth/account/delete", { token, json: { password } });
const one = async (sql: string, args: (string | number)[] = []) => (await h.elsewhere(sql, args)).rows[0] as Record<string, unknown> | undefined;
const count = async (sql: string, args: (string | number)[]) => Number((await one(sql, args))!.n);

/** A patient with everything erasure touches: a picture, a family member, a waitlist entry, a feed, mail choices, a past visit and an open one. */
async function fullPatient(doctor: Doctor, other: Doctor) {
  const patient = await h.signupPatient("Esha Erased");
  const form = h.profileForm({ name: "Esha Erased" }, { bytes: await cameraPhoto(400, 300), name: "me.jpg", type: "image/jpeg" });
  const profile = await h.call("PUT", "/api/auth/patient-profile", { token: patient.token, form });
  expect(profile.status).toBe(200);
  const picture = profile.body.patient.profileImage as string;
  expect((await h.call("POST", "/api/auth/patient-dashboard/family", { token: patient.token, json: { name: "Aarav", relation: "child", dateOfBirth: "2019-04-02" } })).status).toBe(201);
  await h.elsewhere("insert into waitlist (id, patient_id, doctor_id, reason, until, ends_by, created_at) values (?, ?, ?, 'Earlier please', '2099-01-01', ?, ?)", [
    crypto.randomUUID(), patient.id, other.id, Date.now() + 30 * DAY, Date.now(),
  ]);
  const feed = new URL((await h.call("POST", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token })).body.feed.url).pathname;
  expect((await h.call("PUT", "/api/auth/mail-preferences", { token: patient.token, json: { reminders: false, notices: true } })).status).toBe(200);
  expect((await h.call("POST", "/api/auth/2fa/setup", { token: patient.token })).status).toBe(200);
  // A past visit: scheduled, then moved into the past as the clock would (the reason is a medical record).
  const past = await h.book(patient.token, doctor.id, "Palpitations at night");
  expect((await h.schedule(doctor.token, past, patient.id, new Date(Date.now() + 2 * DAY))).status).toBe(200);
  await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [Date.now() - 3 * DAY, Date.now() - 3 * DAY + 30 * 60_000, past]);
  // Open: a confirmed meeting ahead with one doctor, a request waiting with another.
  const ahead = await h.book(patient.token, doctor.id, "Follow-up on the ECG");
  expect((await h.schedule(doctor.token, ahead, patient.id, new Date(Date.now() + 3 * DAY))).status).toBe(200);
  const waiting = await h.book(patient.token, other.id, "Second opinion");
  return { ...patient, picture, feed, past, ahead, waiting };
}

describe("a patient erases their account", () => {
  let doctor: Doctor;
  let other: Doctor;
  let pat: Awaited<ReturnType<typeof fullPatient>>;

  beforeAll(async () => {
    [doctor, other] = await Promise.all([h.signupDoctor({ name: "Dr Keeps Records" }), h.signupDoctor({ name: "Dr Second" })]);
    pat = await fullPatient(doctor, other);
  });

  test("a wrong password is refused (400, the password change's words) and changes nothing", async () => {
    const res = await erase(pat.token, "not-the-password");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Your current password is not correct" });
    expect((await h.call("GET", "/api/auth/patient-profile", { token: pat.token })).body.patient.name).toBe("Esha Erased");
    expect(await count("select count(*) as n from family_members where patient_id = ?", [pat.id])).toBe(1);
    expect((await h.call("GET", pat.feed)).status).toBe(200);
    expect(existsSync(join(h.deps.config.uploadDir, "patients", pat.picture))).toBe(true);
  });

  test("erased: 200, and every way in ends at once (token, feed, password)", async () => {
    const res = await erase(pat.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your account is erased. Your past appointments stay with your doctors, without your name.");
    expect((await h.call("GET", "/api/auth/patient-profile", { token: pat.token })).status).toBe(401);
    expect((await h.call("GET", pat.feed)).status).toBe(404);
    expect((await h.call("POST", "/api/auth/loginPatient", { json: { email: pat.email, password: PASSWORD } })).status).toBe(401);
    expect(await count("select count(*) as n from sessions where account_id = ?", [pat.id])).toBe(0);
  });

  test("what goes: name, email, picture file, family, waitlist, mail choices and mails to them", async () => {
    const row = (await one("select name, email, profile_image, time_zone, language, erased_at from patients where id = ?", [pat.id]))!;
    expect(row.name).toBe("");
    expect(row.email).toMatch(/^erased-[0-9a-f]{32}@erased\.invalid$/);
    expect(row.profile_image).toBeNull();
    expect(row.language).toBeNull();
    expect(row.erased_at).not.toBeNull();
    expect(existsSync(join(h.deps.config.uploadDir, "patients", pat.picture))).toBe(false);
    expect(await count("select count(*) as n from family_members where patient_id = ?", [pat.id])).toBe(0);
    expect(await count("select count(*) as n from waitlist where patient_id = ?", [pat.id])).toBe(0);
    expect(await count("select count(*) as n from mail_preferences where account_id = ?", [pat.id])).toBe(0);
    expect(await count("select count(*) as n from two_factor where account_id = ?", [pat.id])).toBe(0);
    expect(await count("select count(*) as n from mail_outbox where recipient_id = ? or to_address = ?", [pat.id, pat.email])).toBe(0);
    // The audit trail records the erasure by ids alone.
    const audit = (await one("select actor_id, subject_id, reason from audit_events where subject = 'account' and action = 'Erased'"))!;
    expect(audit).toEqual({ actor_id: pat.id, subject_id: pat.id, reason: null });
  });

  test("open appointments are cancelled, and each doctor gets the usual notice", async () => {
    for (const id of [pat.ahead, pat.waiting]) expect((await one("select status from appointments where id = ?", [id]))!.status).toBe("cancelled");
    const notices = (await h.elsewhere("select recipient_id, template from mail_outbox where appointment_id in (?, ?) and template = 'cancelledByPatient'", [pat.ahead, pat.waiting])).rows;
    expect(notices.map((r) => r.recipient_id).sort()).toEqual([doctor.id, other.id].sort());
  });

  test("what stays: the doctor still sees the past visit, with its reason, from a Former patient", async () => {
    const meetings = (await h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: doctor.token })).body.appointments as any[];
    const past = meetings.find((a) => a._id === pat.past);
    expect(past).toMatchObject({ status: "completed", reason: "Palpitations at night", patient: { _id: pat.id, name: "Former patient" } });
    expect(JSON.stringify(meetings)).not.toContain("Esha");
    expect(JSON.stringify(meetings)).not.toContain(pat.email);
  });

  test("the email signs up again as a new account, and logs in", async () => {
    const again = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Esha Again", email: pat.email, password: PASSWORD } });
    expect(again.status).toBe(201);
    const login = await h.call("POST", "/api/auth/loginPatient", { json: { email: pat.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const profile = (await h.call("GET", "/api/auth/patient-profile", { token: login.body.token })).body.patient;
    expect(profile._id).not.toBe(pat.id);
    expect(profile.name).toBe("Esha Again");
    // The new account has nothing of the old one's.
    expect((await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: login.body.token })).body.appointments).toEqual([]);
  });
});

describe("who cannot erase this way", () => {
  let doctor: Doctor;
  let patient: Patient;

  beforeAll(async () => {
    [doctor, patient] = await Promise.all([h.signupDoctor({ name: "Dr Busy" }), h.signupPatient("Pia Open")]);
  });

  test("a doctor with an open appointment: 409, nothing changes; once none is open, erased", async () => {
    const id = await h.book(patient.token, doctor.id, "Check-up");
    const res = await erase(doctor.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You still have open appointments: cancel them or let them finish, then erase your account.");
    expect((await one("select name, erased_at from doctors where id = ?", [doctor.id]))!).toEqual({ name: "Dr Busy", erased_at: null });

    const cancel = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason: "Away" } });
    expect(cancel.status).toBe(200);
    expect((await erase(doctor.token)).status).toBe(200);
    expect((await one("select name, status from doctors where id = ?", [doctor.id]))!).toEqual({ name: "", status: "blocked" });
    // Its cancelled request leaves the JSON list; the directory no longer has the doctor.
    const story = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments as any[];
    expect(story.find((a) => a._id === id)).toBeUndefined();
    const directory = await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
    expect(JSON.stringify(directory.body)).not.toContain(doctor.id);
    // The admin cannot bring the erased row back into the directory.
    const reactivate = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctor.id}`, { token: await h.admin(), json: { status: "approved" } });
    expect([reactivate.status, reactivate.body.message]).toEqual([409, "This doctor erased their account: its status cannot change"]);
  });

  test("the admin: 403 with a clear message", async () => {
    const res = await erase(await h.admin());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "The admin account cannot be erased this way." });
  });

  test("no body or an empty password: 400 naming the field", async () => {
    const other = await h.signupPatient("Nina Nobody");
    expect((await h.call("POST", "/api/auth/account/delete", { token: other.token, json: {} })).body).toEqual({ message: "password is required" });
    expect((await h.call("POST", "/api/auth/account/delete", { token: other.token, json: {} })).status).toBe(400);
  });
});
