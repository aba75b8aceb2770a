/**
 * Two instances, one database (issue 43): two real servers on one sqld. A write through one is
 * what the other answers at its very next request, including the answers and pages each keeps in
 * its own memory (src/http/cached.ts): those are keyed on versions read from the database.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, fixtures, PASSWORD, sessionCookie, startPair, uniqueEmail, type Pair } from "../../tests/support/server-pair";

// Two servers, sqld and other work share two cores: a test that timed out would have bun kill the
// processes it sees dangling (both servers and sqld), and every later test with them.
const T = 60_000;

let pair: Pair;
let A: string;
let B: string;
let f: ReturnType<typeof fixtures>;
beforeAll(async () => {
  pair = await startPair();
  A = pair.a.url;
  B = pair.b.url;
  f = fixtures(pair);
}, 90_000);
afterAll(() => pair?.stop(), 30_000);

test("both instances started together on an empty database: one admin, migrated once", async () => {
  expect(await pair.rows("SELECT count(*) AS n FROM admins")).toEqual([{ n: 1 }]);
  expect(pair.a.output()).not.toMatch(/error/i);
  expect(pair.b.output()).not.toMatch(/error/i);
}, T);

test("an account made on A logs in on B; a password changed on B counts on A", async () => {
  const email = uniqueEmail("pat");
  expect((await call(A, "POST", "/api/auth/signupPatient", { json: { name: "Pat", email, password: PASSWORD } })).status).toBe(201);
  const login = await call(B, "POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const changed = await call(B, "POST", "/api/auth/changePassword", { token: login.body.token, json: { currentPassword: PASSWORD, newPassword: "another-horse-2" } });
  expect(changed.status).toBe(200);
  expect((await call(A, "POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD } })).status).toBe(401);
  expect((await call(A, "POST", "/api/auth/loginPatient", { json: { email, password: "another-horse-2" } })).status).toBe(200);
}, T);

test("logout on A ends the session on B at once, though B had just admitted its token", async () => {
  const patient = await f.patient(A);
  expect((await call(B, "GET", "/api/auth/patient-profile", { token: patient.token })).status).toBe(200);
  expect((await call(A, "POST", "/api/auth/logout", { token: patient.token })).status).toBe(200);
  expect((await call(B, "GET", "/api/auth/patient-profile", { token: patient.token })).status).toBe(401);
}, T);

test("a session ended on B by its owner is refused on A", async () => {
  const patient = await f.patient(A);
  const other = await call(A, "POST", "/api/auth/loginPatient", { json: { email: patient.email, password: PASSWORD } });
  expect((await call(A, "GET", "/api/auth/patient-profile", { token: other.body.token })).status).toBe(200);
  expect((await call(B, "POST", "/api/auth/sessions/revokeOthers", { token: patient.token })).status).toBe(200);
  expect((await call(A, "GET", "/api/auth/patient-profile", { token: other.body.token })).status).toBe(401);
  expect((await call(A, "GET", "/api/auth/patient-profile", { token: patient.token })).status).toBe(200);
}, T);

test("a doctor approved on A is listed on B, in the JSON list, the dashboard and the home page B had kept", async () => {
  const patient = await f.patient(B);
  const name = `Dr Newly ${Date.now()}`;
  // B keeps each of these at the directory version it read.
  const before = await call(B, "GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
  const homeBefore = await call(B, "GET", "/");
  expect(JSON.stringify(before.body)).not.toContain(name);
  const doctor = await f.doctor(A, { name, approve: false });
  await f.setStatus(A, doctor.id, "approved");
  // With a verified registration: the home page features only listed doctors (issue 52).
  await f.list(A, doctor);
  const after = await call(B, "GET", "/api/auth/patient-dashboard/doctors", { token: patient.token });
  expect(after.status, pair.b.output().slice(-3000)).toBe(200);
  expect(after.body.map((d: { _id: string }) => d._id)).toContain(doctor.id);
  expect(homeBefore.text).not.toContain(name);
  expect((await call(B, "GET", "/")).text).toContain(name);
  const page = await call(B, "GET", "/patient-dashboard/specialization/Cardiologist", { cookie: `carebook_session=${patient.token}` });
  expect(page.status).toBe(200);
  expect(page.text).toContain(name);
  // A blocked doctor's token is refused on the other instance at once.
  expect((await call(B, "GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).status).toBe(200);
  await f.setStatus(B, doctor.id, "blocked");
  expect((await call(A, "GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).status).toBe(403);
}, T);

test("a booking on A and its scheduling on B show on both, in kept JSON answers and kept pages", async () => {
  const doctor = await f.doctor(A);
  const patient = await f.patient(B);
  const cookie = `carebook_session=${patient.token}`;
  // Kept on both before the writes.
  for (const base of [A, B]) {
    expect((await call(base, "GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments).toEqual([]);
    expect((await call(base, "GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).body.appointments).toEqual([]);
    expect((await call(base, "GET", "/patient-dashboard/patient-meetings", { cookie })).status).toBe(200);
  }
  const id = await f.book(A, patient.token, doctor.id);
  const pending = await call(B, "GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
  expect(pending.body.appointments.map((a: { _id: string }) => a._id)).toEqual([id]);
  const pageBefore = (await call(B, "GET", "/patient-dashboard/patient-meetings", { cookie })).text;
  expect((await f.schedule(B, doctor.token, id, patient.id, new Date(Date.now() + 86_400_000))).status).toBe(200);
  for (const base of [A, B]) {
    const meetings = await call(base, "GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
    expect(meetings.body.appointments.map((a: { _id: string; status: string }) => [a._id, a.status])).toEqual([[id, "confirmed"]]);
    const page = (await call(base, "GET", "/patient-dashboard/patient-meetings", { cookie })).text;
    expect(page).not.toBe(pageBefore);
    expect(page).toContain(doctor.name);
  }
}, T);

test("a language and a time zone chosen on A are B's next page for that account", async () => {
  const patient = await f.patient(A);
  const login = await call(A, "POST", "/api/auth/loginPatient", { json: { email: patient.email, password: PASSWORD } });
  const cookie = sessionCookie(login);
  const page = () => call(B, "GET", "/patient-dashboard/patient-profile", { cookie });
  const before = await page();
  expect(before.text).toContain('lang="en"');
  // (India's zone is the deployment's default since issue 52: another is chosen.)
  expect(before.text).not.toContain('value="Europe/Berlin" selected');
  const zone = await call(A, "POST", "/time-zone", { cookie, form: { timeZone: "Europe/Berlin" } });
  expect(zone.status).toBe(303);
  const language = await call(A, "POST", "/language", { cookie, form: { lang: "hi", back: "/patient-dashboard" } });
  expect(language.status).toBe(303);
  // B has no lang cookie from that answer: it reads the account's choice.
  const after = await page();
  expect(after.text).toContain('lang="hi"');
  expect(after.text).toContain('value="Europe/Berlin" selected');
}, T);
