/**
 * Signup, login and logout of the three roles (SERVER-RULES §2–3): answer shapes, cookies, token
 * revocation, duplicate emails, and doctors that are not approved.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import type { DoctorStatus } from "../../domain/fields";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const DOCTOR_KEYS = ["_id", "name", "email", "specialization", "collegeName", "status"];

function expectSessionCookie(headers: Headers, token: string) {
  // The session cookie, then the device cookie that makes this browser trusted for the account.
  const cookies = headers.getSetCookie();
  expect(cookies).toHaveLength(2);
  expect(cookies[1]).toMatch(/^cb_device_[0-9a-f]{24}=[\w-]+\.[\w-]{43};.*HttpOnly/);
  const cookie = cookies[0]!;
  expect(cookie).toStartWith(`carebook_session=${token};`);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Lax");
  expect(cookie).toContain("Path=/");
  expect(cookie).toContain("Max-Age=43200");
}

function expectDoctor(doctor: Record<string, unknown>, expected: Record<string, unknown>) {
  for (const key of DOCTOR_KEYS) expect(typeof doctor[key]).toBe("string");
  expect(doctor).toMatchObject(expected);
  expect(Object.keys(doctor).some((k) => /password|hash|token/i.test(k))).toBe(false);
}

describe("patients", () => {
  test("signup answers 201 { token, role, name } and sets the session cookie", async () => {
    const email = uniqueEmail("p");
    const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "  Paula Patient ", email, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.any(String), role: "patient", name: "Paula Patient" });
    expect(res.body.token.split(".")).toHaveLength(3);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    expectSessionCookie(res.headers, res.body.token);
    const profile = await h.call("GET", "/api/auth/patient-profile", { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ patient: { _id: expect.any(String), name: "Paula Patient", email, profileImage: null, phone: null } });
  });

  test("login answers { token, role, name } with a cookie; the email is matched trimmed and case-blind", async () => {
    const email = uniqueEmail("p");
    await h.call("POST", "/api/auth/signupPatient", { json: { name: "Lena", email, password: PASSWORD } });
    const res = await h.call("POST", "/api/auth/loginPatient", { json: { email: `  ${email.toUpperCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), role: "patient", name: "Lena" });
    expectSessionCookie(res.headers, res.body.token);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: res.body.token })).status).toBe(200);
  });

  test("wrong password, unknown email and another role's login all give the same 401", async () => {
    const patient = await h.signupPatient();
    const attempts = [
      ["/api/auth/loginPatient", { email: patient.email, password: "wrong-password" }],
      ["/api/auth/loginPatient", { email: uniqueEmail("nobody"), password: PASSWORD }],
      ["/api/auth/loginDoctor", { email: patient.email, password: PASSWORD }],
      ["/api/auth/loginAdmin", { email: patient.email, password: PASSWORD }],
    ] as const;
    for (const [path, json] of attempts) {
      const res = await h.call("POST", path, { json });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid email or password" });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe("doctors", () => {
  test("signup answers 201 { message, token, doctor } with status pending, and a cookie", async () => {
    const email = uniqueEmail("d");
    const res = await h.call("POST", "/api/auth/signupDoctor", {
      json: { name: "Dr Who", email, password: PASSWORD, specialization: "Neurologist", collegeName: "Gallifrey Med" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["doctor", "message", "token"]);
    expect(typeof res.body.message).toBe("string");
    expectDoctor(res.body.doctor, { name: "Dr Who", email, specialization: "Neurologist", collegeName: "Gallifrey Med", status: "pending" });
    expectSessionCookie(res.headers, res.body.token);
  });

  test("login answers { message, token, doctor } with the approved status", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Approved" });
    const res = await h.call("POST", "/api/auth/loginDoctor", { json: { email: doctor.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["doctor", "message", "token"]);
    expectDoctor(res.body.doctor, { _id: doctor.id, name: "Dr Approved", email: doctor.email, status: "approved" });
    expectSessionCookie(res.headers, res.body.token);
  });
});

describe("admin", () => {
  test("login answers { token, admin: { _id, name, email } } with a cookie", async () => {
    await h.admin();
    const res = await h.call("POST", "/api/auth/loginAdmin", { json: { email: "ADMIN@example.com", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), admin: { _id: expect.any(String), name: "Ada Admin", email: "admin@example.com" } });
    expectSessionCookie(res.headers, res.body.token);
  });
});

describe("a doctor who is not approved", () => {
  const DOCTOR_CALLS = (id: string) =>
    [
      ["GET", "/api/auth/doctor-dashboard/appointments", undefined],
      ["POST", "/api/auth/doctor-dashboard/scheduleAppointments", { appointmentId: id, patientId: id, doctorName: "x", scheduledDateTime: new Date(Date.now() + 3_600_000).toISOString() }],
      ["POST", "/api/auth/doctor-dashboard/cancelAppointment", { appointmentId: id, reason: "busy" }],
      ["GET", "/api/auth/doctor-dashboard/doctor-meetings", undefined],
      ["GET", "/api/auth/doctor-dashboard/patient-feedbacks", undefined],
      ["GET", "/api/auth/doctor-profile", undefined],
      ["PUT", "/api/auth/doctor-profile", "form"],
    ] as const;

  async function expectRefusedEverywhere(token: string, status: DoctorStatus) {
    for (const [method, path, body] of DOCTOR_CALLS(crypto.randomUUID())) {
      const res =
        body === "form"
          ? await h.call(method, path, { token, form: h.profileForm({ name: "New", specialization: "Urologist", collegeName: "X" }) })
          : await h.call(method, path, { token, json: body });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: { message: `Your account status is: ${status}` } });
    }
  }

  for (const status of ["pending", "rejected", "blocked"] as const) {
    test(`${status}: logs in (200, doctor.status), gets 403 on every doctor call, and reads its status`, async () => {
      const doctor = await h.signupDoctor({ name: `Dr ${status}`, status });
      const login = await h.call("POST", "/api/auth/loginDoctor", { json: { email: doctor.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.body.doctor.status).toBe(status);
      await expectRefusedEverywhere(login.body.token, status);
      await expectRefusedEverywhere(doctor.token, status); // the signup token too

      const own = await h.call("GET", "/api/auth/doctor-status", { token: login.body.token });
      expect(own.status).toBe(200);
      expect(own.body.status).toBe(status);
      expectDoctor(own.body.doctor, { _id: doctor.id, status });
      const profileUnchanged = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: await h.admin() });
      expect(profileUnchanged.body.find((d: { _id: string }) => d._id === doctor.id).name).toBe(`Dr ${status}`);
    });
  }

  test("doctor-status works for an approved doctor too", async () => {
    const doctor = await h.signupDoctor();
    const res = await h.call("GET", "/api/auth/doctor-status", { token: doctor.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("approved");
  });

  test("a doctor blocked by the admin loses access at once with the token already issued, and regains it on reactivation", async () => {
    const doctor = await h.signupDoctor();
    const before = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
    expect(before.status).toBe(200);
    await h.setDoctorStatus(doctor.id, "blocked");
    await expectRefusedEverywhere(doctor.token, "blocked");
    const status = await h.call("GET", "/api/auth/doctor-status", { token: doctor.token });
    expect(status.body.status).toBe("blocked");
    await h.setDoctorStatus(doctor.id, "approved");
    expect((await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).status).toBe(200);
  });

  test("a blocked doctor disappears from the patients' directory and cannot be booked", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Soon Blocked" });
    const patient = await h.signupPatient();
    const listed = async () =>
      (await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: patient.token })).body.some((d: { _id: string }) => d._id === doctor.id);
    expect(await listed()).toBe(true);
    await h.setDoctorStatus(doctor.id, "blocked");
    expect(await listed()).toBe(false);
    const book = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "x" } });
    expect(book.status).toBe(404);
  });
});

describe("logout", () => {
  const PATIENT_GETS = ["/api/auth/patient-profile", "/api/auth/patient-dashboard/doctors", "/api/auth/patient-dashboard/patient-meetings"];

  test("ends the bearer token (and every other token of the account) everywhere, and clears the cookie", async () => {
    const patient = await h.signupPatient();
    const second = await h.call("POST", "/api/auth/loginPatient", { json: { email: patient.email, password: PASSWORD } });
    for (const path of PATIENT_GETS) expect((await h.call("GET", path, { token: patient.token })).status).toBe(200);

    const res = await h.call("POST", "/api/auth/logout", { token: patient.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    const cleared = res.headers.getSetCookie();
    expect(cleared).toContainEqual(expect.stringMatching(/^carebook_session=;.*Max-Age=0/));
    expect(cleared.every((c) => /Max-Age=0/.test(c))).toBe(true);

    for (const token of [patient.token, second.body.token]) {
      for (const path of PATIENT_GETS) expect((await h.call("GET", path, { token })).status).toBe(401);
      const book = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token, json: { doctorId: "x", reason: "y" } });
      expect(book.status).toBe(401);
      const put = await h.call("PUT", "/api/auth/patient-profile", { token, form: h.profileForm({ name: "After Logout" }) });
      expect(put.status).toBe(401);
    }

    const again = await h.call("POST", "/api/auth/loginPatient", { json: { email: patient.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    const profile = await h.call("GET", "/api/auth/patient-profile", { token: again.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.patient.name).toBe(patient.name);
  });

  test("works for doctors and the admin", async () => {
    const doctor = await h.signupDoctor();
    expect((await h.call("POST", "/api/auth/logout", { token: doctor.token })).status).toBe(200);
    expect((await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).status).toBe(401);
    expect((await h.call("GET", "/api/auth/doctor-status", { token: doctor.token })).status).toBe(401);

    const login = await h.call("POST", "/api/auth/loginAdmin", { json: { email: "admin@example.com", password: PASSWORD } });
    const adminToken = login.body.token;
    expect((await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).status).toBe(200);
    expect((await h.call("POST", "/api/auth/logout", { token: adminToken })).status).toBe(200);
    expect((await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).status).toBe(401);
  });

  test("without a token (or with a bad one) it still answers 200 and clears the cookie", async () => {
    for (const token of [undefined, "garbage"]) {
      const res = await h.call("POST", "/api/auth/logout", { token });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^carebook_session=;.*Max-Age=0/));
    }
  });
});

describe("over HTTPS the cookie is __Host- and Secure", () => {
  test("signup over https", async () => {
    const res = await h.app.request("https://carebook.example/api/auth/signupPatient", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Secure Sam", email: uniqueEmail("s"), password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toStartWith("__Host-carebook_session=");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });
});

describe("duplicate emails", () => {
  test("a patient email is unique, whatever its case or surrounding spaces (409)", async () => {
    const email = uniqueEmail("dup");
    const first = await h.call("POST", "/api/auth/signupPatient", { json: { name: "One", email, password: PASSWORD } });
    expect(first.status).toBe(201);
    for (const variant of [email, email.toUpperCase(), `  ${email} `, `\t${email.replace("dup", "DUP")}`]) {
      const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Two", email: variant, password: PASSWORD } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: expect.stringContaining("already exists") });
    }
  });

  test("a doctor email is unique, whatever its case or surrounding spaces (409)", async () => {
    const email = uniqueEmail("dupdoc");
    const body = (e: string) => ({ name: "Doc", email: e, password: PASSWORD, specialization: "Urologist", collegeName: "U" });
    expect((await h.call("POST", "/api/auth/signupDoctor", { json: body(email) })).status).toBe(201);
    for (const variant of [email, email.toUpperCase(), ` ${email}  `]) {
      const res = await h.call("POST", "/api/auth/signupDoctor", { json: body(variant) });
      expect(res.status).toBe(409);
      expect(typeof res.body.message).toBe("string");
    }
  });

  test("the same email can be a patient and a doctor, each logging in to its own account", async () => {
    const email = uniqueEmail("both");
    const patient = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Both P", email, password: PASSWORD } });
    const doctor = await h.call("POST", "/api/auth/signupDoctor", {
      json: { name: "Both D", email: email.toUpperCase(), password: "another-password", specialization: "Oncologist", collegeName: "C" },
    });
    expect(patient.status).toBe(201);
    expect(doctor.status).toBe(201);
    expect(doctor.body.doctor.email).toBe(email);
    const asPatient = await h.call("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD } });
    expect(asPatient.body.name).toBe("Both P");
    const asDoctor = await h.call("POST", "/api/auth/loginDoctor", { json: { email, password: "another-password" } });
    expect(asDoctor.body.doctor.name).toBe("Both D");
    expect((await h.call("POST", "/api/auth/loginDoctor", { json: { email, password: PASSWORD } })).status).toBe(401);
  });
});
