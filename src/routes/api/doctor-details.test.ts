/**
 * Issue 41, items 1 and 2: the doctor's details through PUT /api/auth/doctor-profile (each bound,
 * languages, a field left out kept) and the registration the admin checks through
 * PATCH /api/auth/admin-dashboard/doctor-registration/{id} (reason required to refuse, the last
 * verified pair kept while a change waits, only an admin may call it). Real HTTP, a real database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";

let h: Harness;
let adminToken: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = await h.admin();
});
afterAll(() => h.stop());

const BASE = { name: "Dr. Details", specialization: "Cardiologist", collegeName: "City Medical College" };
const save = (doctor: Doctor, fields: Record<string, string>) =>
  h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: h.profileForm({ ...BASE, ...fields }) });
const check = (id: string, json: unknown, token: string = adminToken) =>
  h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${id}`, { token, json });
const ownProfile = async (doctor: Doctor) => (await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor;
const adminEntry = async (id: string) =>
  (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).body.find((d: { _id: string }) => d._id === id);

describe("the details' bounds: the highest and lowest pass, one past either is a 400 naming the field", () => {
  const cases: [field: string, ok: string[], refused: string[], message: string][] = [
    ["experienceYears", ["0", "70"], ["71", "-1", "1.5", "ten"], "experienceYears must be a whole number from 0 to 70"],
    ["fee", ["0", "100000"], ["100001", "-1", "12.5", "1e3"], "fee must be a whole number from 0 to 100000"],
    ["about", ["x".repeat(600)], ["x".repeat(601)], "about must be at most 600 characters"],
    ["registrationNumber", ["R".repeat(50)], ["R".repeat(51)], "registrationNumber must be at most 50 characters"],
    ["registrationCouncil", ["C".repeat(200)], ["C".repeat(201)], "registrationCouncil must be at most 200 characters"],
  ];
  for (const [field, ok, refused, message] of cases)
    test(field, async () => {
      const doctor = await h.signupDoctor();
      const pair: Record<string, string> = field.startsWith("registration") ? { registrationNumber: "R1", registrationCouncil: "Council", [field]: "" } : {};
      for (const value of ok) expect((await save(doctor, { ...pair, [field]: value })).status).toBe(200);
      for (const value of refused) {
        const res = await save(doctor, { ...pair, [field]: value });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });
});

test("fee, experience and about are read back as numbers and text; 0 is a fee (free), blank clears", async () => {
  const doctor = await h.signupDoctor();
  const res = await save(doctor, { fee: "0", experienceYears: "12", about: "Heart care.\r\nIn Hindi too." });
  // A line break is kept as one "\n", however the browser sent it.
  expect(res.body.doctor).toMatchObject({ fee: 0, experienceYears: 12, about: "Heart care.\nIn Hindi too." });
  expect(await ownProfile(doctor)).toMatchObject({ fee: 0, experienceYears: 12 });
  expect((await save(doctor, { fee: "", about: "" })).body.doctor).toMatchObject({ fee: null, experienceYears: 12, about: null });
});

describe("languages", () => {
  test("comma-separated codes are answered as an array, in the order given, spaces ignored", async () => {
    const doctor = await h.signupDoctor();
    expect((await save(doctor, { languages: "hi, en ,ta" })).body.doctor.languages).toEqual(["hi", "en", "ta"]);
    expect((await ownProfile(doctor)).languages).toEqual(["hi", "en", "ta"]);
    expect((await save(doctor, { languages: "" })).body.doctor.languages).toEqual([]);
  });
  test("8 pass; 9, an unknown code or a repeated one are refused", async () => {
    const doctor = await h.signupDoctor();
    expect((await save(doctor, { languages: "en,hi,bn,te,mr,ta,ur,gu" })).status).toBe(200);
    const refused: [string, string][] = [
      ["en,hi,bn,te,mr,ta,ur,gu,kn", "languages must name 1 to 8 languages"],
      ["en,fr", "languages must be codes from: en, hi, bn, te, mr, ta, ur, gu, kn, ml, pa, or"],
      ["en,EN", "languages must be codes from: en, hi, bn, te, mr, ta, ur, gu, kn, ml, pa, or"],
      ["hi,hi", "languages must not repeat a language"],
      [",", "languages must name 1 to 8 languages"],
    ];
    for (const [value, message] of refused) {
      const res = await save(doctor, { languages: value });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });
});

test("a field left out keeps its value; the original client's body changes nothing of the details", async () => {
  const doctor = await h.signupDoctor();
  await save(doctor, { fee: "700", experienceYears: "5", languages: "en,hi", about: "About me", registrationNumber: "DMC/1", registrationCouncil: "Delhi Medical Council" });
  const res = await save(doctor, { name: "Dr. Renamed" });
  expect(res.status).toBe(200);
  expect(res.body.doctor).toMatchObject({
    name: "Dr. Renamed",
    fee: 700,
    experienceYears: 5,
    languages: ["en", "hi"],
    about: "About me",
    registration: { number: "DMC/1", council: "Delhi Medical Council", verified: false, reason: null },
  });
});

test("a registration needs both number and council", async () => {
  const doctor = await h.signupDoctor();
  const res = await save(doctor, { registrationNumber: "DMC/2" });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("registrationNumber and registrationCouncil must be given together");
  expect((await ownProfile(doctor)).registration).toEqual({ number: null, council: null, verified: false, reason: null });
});

describe("the admin's check of a registration", () => {
  test("verify: the pair is verified, in the profile and the admin's list, and in the audit trail", async () => {
    const doctor = await h.signupDoctor();
    await save(doctor, { registrationNumber: "DMC/10", registrationCouncil: "Delhi Medical Council" });
    expect((await adminEntry(doctor.id)).registration).toEqual({ number: "DMC/10", council: "Delhi Medical Council", verified: false, reason: null });
    const res = await check(doctor.id, { verified: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Verified Dr. Details's registration DMC/10, Delhi Medical Council.");
    expect(res.body.doctor.registration).toEqual({ number: "DMC/10", council: "Delhi Medical Council", verified: true, reason: null });
    expect(res.body.doctor.statusHistory.at(-1)).toMatchObject({ action: "Verify registration", by: "admin", reason: "DMC/10, Delhi Medical Council" });
    expect(await adminEntry(doctor.id)).toEqual(res.body.doctor);
    expect((await ownProfile(doctor)).registration.verified).toBe(true);
    // Nothing waits any more; the same pair sent again by the form changes nothing.
    expect((await check(doctor.id, { verified: true })).status).toBe(409);
    expect((await save(doctor, { registrationNumber: "DMC/10", registrationCouncil: "Delhi Medical Council" })).body.doctor.registration.verified).toBe(true);
  });

  test("reject: a reason is required; given, the doctor sees it and the pair still waits", async () => {
    const doctor = await h.signupDoctor();
    await save(doctor, { registrationNumber: "XX/1", registrationCouncil: "Nowhere Council" });
    for (const body of [{ verified: false }, { verified: false, reason: "  " }]) {
      const res = await check(doctor.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^reason is required/);
    }
    expect((await check(doctor.id, { verified: "no" })).body.message).toBe("verified must be true or false");
    const res = await check(doctor.id, { verified: false, reason: "No such council" });
    expect(res.status).toBe(200);
    expect(res.body.doctor.statusHistory.at(-1)).toMatchObject({ action: "Reject registration", reason: "XX/1, Nowhere Council: No such council" });
    expect((await ownProfile(doctor)).registration).toEqual({ number: "XX/1", council: "Nowhere Council", verified: false, reason: "No such council" });
    // A corrected pair waits again, without the old reason.
    const fixed = await save(doctor, { registrationCouncil: "Delhi Medical Council" });
    expect(fixed.body.doctor.registration).toEqual({ number: "XX/1", council: "Delhi Medical Council", verified: false, reason: null });
  });

  test("while a changed registration waits, the last verified pair is kept (and comes back if the doctor withdraws)", async () => {
    const doctor = await h.signupDoctor();
    await save(doctor, { registrationNumber: "DMC/20", registrationCouncil: "Delhi Medical Council" });
    await check(doctor.id, { verified: true });
    await save(doctor, { registrationNumber: "MMC/20", registrationCouncil: "Maharashtra Medical Council" });
    const row = (await h.elsewhere("select registration_number, registration_council, pending_registration_number from doctors where id = ?", [doctor.id])).rows[0];
    expect({ ...row }).toEqual({ registration_number: "DMC/20", registration_council: "Delhi Medical Council", pending_registration_number: "MMC/20" });
    expect((await ownProfile(doctor)).registration).toEqual({ number: "MMC/20", council: "Maharashtra Medical Council", verified: false, reason: null });
    // Refused, the verified pair still stands; the doctor goes back to it and nothing waits.
    await check(doctor.id, { verified: false, reason: "Not on the register" });
    const back = await save(doctor, { registrationNumber: "DMC/20", registrationCouncil: "Delhi Medical Council" });
    expect(back.body.doctor.registration).toEqual({ number: "DMC/20", council: "Delhi Medical Council", verified: true, reason: null });
  });

  test("a patient, a doctor or no one may not call it; an unknown doctor is 404", async () => {
    const doctor = await h.signupDoctor();
    await save(doctor, { registrationNumber: "DMC/30", registrationCouncil: "Delhi Medical Council" });
    const patient = await h.signupPatient();
    const other = await h.signupDoctor();
    expect((await check(doctor.id, { verified: true }, patient.token)).status).toBe(403);
    expect((await check(doctor.id, { verified: true }, other.token)).status).toBe(403);
    expect((await check(doctor.id, { verified: true }, doctor.token)).status).toBe(403);
    expect((await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${doctor.id}`, { json: { verified: true } })).status).toBe(401);
    expect((await check("no-such-doctor", { verified: true })).status).toBe(404);
    expect((await ownProfile(doctor)).registration.verified).toBe(false);
  });
});
