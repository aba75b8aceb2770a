/**
 * GET and PUT patient-profile / doctor-profile (SPEC §7, SERVER-RULES §2): shapes, editable
 * fields, read-only email, and 400s naming the field. Pictures: uploads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

describe("patient profile", () => {
  test("GET answers { patient: { _id, name, email, profileImage } }", async () => {
    const p = await h.signupPatient("Greta Get");
    const res = await h.call("GET", "/api/auth/patient-profile", { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ patient: { _id: p.id, name: "Greta Get", email: p.email, profileImage: null, phone: null } });
  });

  test("PUT changes the name, answers { message, patient }; the email cannot be changed", async () => {
    const p = await h.signupPatient("Old Name");
    const res = await h.call("PUT", "/api/auth/patient-profile", {
      token: p.token,
      form: h.profileForm({ name: "  New Name  ", email: "hijack@example.com" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), patient: { _id: p.id, name: "New Name", email: p.email, profileImage: null, phone: null } });
    const after = await h.call("GET", "/api/auth/patient-profile", { token: p.token });
    expect(after.body.patient).toEqual(res.body.patient);
  });

  test("a url-encoded form works too", async () => {
    const p = await h.signupPatient();
    const res = await h.call("PUT", "/api/auth/patient-profile", {
      token: p.token,
      raw: new URLSearchParams({ name: "Url Encoded" }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(200);
    expect(res.body.patient.name).toBe("Url Encoded");
  });

  test("a missing, blank or overlong name is 400 naming the field, and changes nothing", async () => {
    const p = await h.signupPatient("Stays Put");
    for (const form of [h.profileForm({}), h.profileForm({ name: "   " }), h.profileForm({ name: "n".repeat(101) })]) {
      const res = await h.call("PUT", "/api/auth/patient-profile", { token: p.token, form });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("name");
    }
    const json = await h.call("PUT", "/api/auth/patient-profile", { token: p.token, json: { name: "JSON is not a form" } });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain("name");
    expect((await h.call("GET", "/api/auth/patient-profile", { token: p.token })).body.patient.name).toBe("Stays Put");
  });

  test("the name change shows in the doctor's view of the patient", async () => {
    const p = await h.signupPatient("Before Rename");
    const d = await h.signupDoctor();
    await h.book(p.token, d.id);
    await h.call("PUT", "/api/auth/patient-profile", { token: p.token, form: h.profileForm({ name: "After Rename" }) });
    const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: d.token });
    expect(pending.body.appointments[0].patient.name).toBe("After Rename");
  });
});

describe("doctor profile", () => {
  test("GET answers { doctor } with status and no secrets", async () => {
    const d = await h.signupDoctor({ name: "Dr Profile", specialization: "Pulmonologist" });
    const res = await h.call("GET", "/api/auth/doctor-profile", { token: d.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["doctor"]);
    expect(res.body.doctor).toMatchObject({
      _id: d.id,
      name: "Dr Profile",
      email: d.email,
      specialization: "Pulmonologist",
      collegeName: "City Medical College",
      status: "approved",
      profileImage: null,
    });
    expect(Object.keys(res.body.doctor).some((k) => /password|hash|token/i.test(k))).toBe(false);
  });

  test("PUT changes name, specialization and collegeName; email and status stay", async () => {
    const d = await h.signupDoctor({ name: "Dr Before" });
    const res = await h.call("PUT", "/api/auth/doctor-profile", {
      token: d.token,
      form: h.profileForm({ name: "Dr After", specialization: "General Physician", collegeName: "New College", email: "x@example.com", status: "blocked" }),
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    // The specialization and college wait for the admin's review (issue 27).
    expect(res.body.doctor.pendingChange).toEqual({ specialization: "General Physician", collegeName: "New College" });
    await h.approveChange(d.id);
    expect((await h.call("GET", "/api/auth/doctor-profile", { token: d.token })).body.doctor).toMatchObject({
      _id: d.id,
      name: "Dr After",
      email: d.email,
      specialization: "General Physician",
      collegeName: "New College",
      status: "approved",
    });
    const patient = await h.signupPatient();
    const directory = await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
    expect(directory.body.find((x: { _id: string }) => x._id === d.id)).toMatchObject({ name: "Dr After", specialization: "General Physician", collegeName: "New College" });
  });

  test("each required field missing, blank, overlong or invalid is 400 naming it, and changes nothing", async () => {
    const d = await h.signupDoctor({ name: "Dr Unchanged", specialization: "Urologist" });
    const valid = { name: "Dr Changed", specialization: "Oncologist", collegeName: "Changed College" };
    const cases: [string, Record<string, string>][] = [
      ["name", { ...valid, name: "" }],
      ["name", { ...valid, name: "x".repeat(101) }],
      ["specialization", { ...valid, specialization: "Wizard" }],
      ["specialization", { ...valid, specialization: "" }],
      ["collegeName", { ...valid, collegeName: "  " }],
      ["collegeName", { ...valid, collegeName: "c".repeat(201) }],
    ];
    for (const [field, fields] of cases) {
      const res = await h.call("PUT", "/api/auth/doctor-profile", { token: d.token, form: h.profileForm(fields) });
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.message).toContain(field);
    }
    for (const missing of Object.keys(valid)) {
      const fields: Record<string, string> = { ...valid };
      delete fields[missing];
      const res = await h.call("PUT", "/api/auth/doctor-profile", { token: d.token, form: h.profileForm(fields) });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(missing);
    }
    const after = await h.call("GET", "/api/auth/doctor-profile", { token: d.token });
    expect(after.body.doctor).toMatchObject({ name: "Dr Unchanged", specialization: "Urologist", collegeName: "City Medical College" });
  });
});
