/**
 * One whole journey through every call, then SERVER-RULES §2: "No answer ever contains a password
 * or its hash". Every answer of the harness is in its transcript. CONSULT_MINUTES is 0.01 (0.6 s)
 * so the journey reaches feedback on a completed visit.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { JPEG_1X1, PASSWORD, PNG_1X1, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { movingClock } from "../../../tests/support/moving-clock";

const SLOT_MS = 0.01 * 60_000;
const PLAIN = "Journey-Secret-Pass-42";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "0.01" });
});
afterAll(() => h.stop());

/** Every answer text and header value in the transcript from index `from`. */
const answersSince = (from: number) =>
  h.transcript.slice(from).map((a) => ({
    label: `${a.method} ${a.path} ${a.status}`,
    status: a.status,
    text: a.text,
    headers: [...a.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n"),
    body: a.body,
  }));

let journeyEnd = 0;

test("a full journey: every call succeeds with its documented status", async () => {
  const ok = async (res: Promise<{ status: number; text: string }>, status = 200) => {
    const r = await res;
    expect({ status: r.status, text: r.text.slice(0, 200) }).toEqual({ status, text: r.text.slice(0, 200) });
    return r as any;
  };
  const patientEmail = uniqueEmail("journey");
  const doctorEmail = uniqueEmail("journeydoc");
  const adminToken = await h.admin();

  await ok(h.call("POST", "/api/auth/signupPatient", { json: { name: "Jo Journey", email: patientEmail, password: PLAIN } }), 201);
  const lp = await ok(h.call("POST", "/api/auth/loginPatient", { json: { email: patientEmail, password: PLAIN } }));
  const sd = await ok(
    h.call("POST", "/api/auth/signupDoctor", {
      json: { name: "Dr Journey", email: doctorEmail, password: PLAIN, specialization: "Gastroenterologist", collegeName: "Road College" },
    }),
    201,
  );
  await ok(h.call("GET", "/api/auth/doctor-status", { token: sd.body.token }));
  await ok(h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken }));
  await ok(h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${sd.body.doctor._id}`, { token: adminToken, json: { status: "approved" } }));
  const ld = await ok(h.call("POST", "/api/auth/loginDoctor", { json: { email: doctorEmail, password: PLAIN } }));
  await ok(h.call("POST", "/api/auth/loginAdmin", { json: { email: "admin@example.com", password: PASSWORD } }));
  const pt = lp.body.token as string;
  const dt = ld.body.token as string;

  await ok(h.call("GET", "/api/auth/patient-dashboard/doctors", { token: pt }));
  const booked = await ok(h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: pt, json: { doctorId: sd.body.doctor._id, reason: "Stomach ache" } }), 201);
  await ok(h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: dt }));
  const profile = await ok(h.call("GET", "/api/auth/patient-profile", { token: pt }));
  const clock = movingClock(h.deps);
  const start = new Date(clock.now().getTime() + 1000);
  await ok(h.schedule(dt, booked.body.appointment._id, profile.body.patient._id, start));
  await ok(h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: pt }));
  await ok(h.call("GET", "/api/auth/doctor-dashboard/doctor-meetings", { token: dt }));

  // A second doctor's request, cancelled by each side in turn.
  const other = await h.signupDoctor({ name: "Dr Second" });
  const second = await ok(h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: pt, json: { doctorId: other.id, reason: "Check" } }), 201);
  await ok(h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: other.token, json: { appointmentId: second.body.appointment._id, reason: "Away" } }));
  const third = await ok(h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: pt, json: { doctorId: other.id, reason: "Again" } }), 201);
  await ok(h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: pt, json: { appointmentId: third.body.appointment._id, reason: "Fine now" } }));

  const pp = await ok(h.call("PUT", "/api/auth/patient-profile", { token: pt, form: h.profileForm({ name: "Jo J." }, { bytes: PNG_1X1, name: "a.png", type: "image/png" }) }));
  await ok(h.call("GET", `/uploads/patients/${pp.body.patient.profileImage}`));
  await ok(h.call("GET", "/api/auth/doctor-profile", { token: dt }));
  const dp = await ok(
    h.call("PUT", "/api/auth/doctor-profile", {
      token: dt,
      form: h.profileForm({ name: "Dr J.", specialization: "Gastroenterologist", collegeName: "Road College" }, { bytes: JPEG_1X1, name: "b.jpg", type: "image/jpeg" }),
    }),
  );
  await ok(h.call("GET", `/uploads/doctors/${dp.body.doctor.profileImage}`));

  clock.to(start.getTime() + SLOT_MS + 200); // past the slot: the meeting is over
  await ok(h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: pt, json: { appointmentId: booked.body.appointment._id, message: "Good" } }), 201);
  const feedbacks = await ok(h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: dt }));
  expect(feedbacks.body.feedbacks).toHaveLength(1);
  await ok(h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: pt }));

  await ok(h.call("POST", "/api/auth/logout", { token: pt }));
  await ok(h.call("POST", "/api/auth/logout", { token: dt }));
  await ok(h.call("POST", "/api/auth/logout", { token: adminToken }));
  journeyEnd = h.transcript.length;
  expect(journeyEnd).toBeGreaterThan(30);
});

test("the database really holds argon2id hashes (so the check below is not vacuous)", async () => {
  for (const table of ["patients", "doctors", "admins"]) {
    const rows = await h.deps.database.client.execute(`select password_hash from ${table}`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) expect(String(row.password_hash)).toStartWith("$argon2id$");
  }
});

test("no answer of the journey contains a password, a hash or the word password", () => {
  const answers = answersSince(0).slice(0, journeyEnd);
  expect(answers.length).toBe(journeyEnd);
  for (const a of answers) {
    for (const where of [a.text, a.headers]) {
      expect({ label: a.label, leak: where.includes("$argon2") }).toEqual({ label: a.label, leak: false });
      expect({ label: a.label, leak: /password/i.test(where) }).toEqual({ label: a.label, leak: false });
      expect({ label: a.label, leak: where.includes(PLAIN) || where.includes(PASSWORD) }).toEqual({ label: a.label, leak: false });
      expect({ label: a.label, leak: /tokenVersion|token_version/.test(where) }).toEqual({ label: a.label, leak: false });
    }
  }
});

test("refusals mention no password or hash either: only a { message }", async () => {
  const from = h.transcript.length;
  const patientEmail = uniqueEmail("refused");
  await h.call("POST", "/api/auth/signupPatient", { json: { name: "R", email: patientEmail, password: PLAIN } });
  await h.call("POST", "/api/auth/signupPatient", { json: { name: "R", email: patientEmail, password: PLAIN } }); // 409
  await h.call("POST", "/api/auth/loginPatient", { json: { email: patientEmail, password: `${PLAIN}x` } }); // 401
  await h.call("POST", "/api/auth/loginPatient", { json: { email: patientEmail, password: "p".repeat(200) } }); // 400
  await h.call("POST", "/api/auth/signupDoctor", { json: { name: "R", email: "bad", password: PLAIN } }); // 400
  await h.call("POST", "/api/auth/signupPatient", { json: { name: "R", email: uniqueEmail("short"), password: "short" } }); // 400
  const answers = answersSince(from);
  expect(answers.map((a) => a.status)).toEqual([201, 409, 401, 400, 400, 400]);
  for (const a of answers.slice(1)) {
    expect(Object.keys(a.body)).toEqual(["message"]);
    expect(a.text).not.toContain("$argon2");
    expect(a.text).not.toContain(PLAIN);
    expect(a.text).not.toContain("passwordHash");
  }
});
