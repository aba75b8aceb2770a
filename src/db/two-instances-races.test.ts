/**
 * Two instances, one database (issue 43): the rules hold across two real servers on one sqld.
 * Racing requests sent in parallel to both have one winner; the login and signup limits count
 * both instances' attempts; every outbox mail goes out once with both senders running; and a
 * server killed outright in a burst of bookings loses none it acknowledged.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, fixtures, newAddress, PASSWORD, startPair, uniqueEmail, type Pair } from "../../tests/support/server-pair";

// Two servers, sqld and other work share two cores: a test that timed out would have bun kill the
// processes it sees dangling (both servers and sqld), and every later test with them.
const T = 60_000;
/** Seconds between a mail sender's looks at the outbox. */
const ROUND_S = 0.5;

let pair: Pair;
let A: string;
let B: string;
let f: ReturnType<typeof fixtures>;
/** The two servers in turn: request i goes to A when i is even, else to B. */
const either = (i: number) => (i % 2 === 0 ? A : B);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

beforeAll(async () => {
  // A visit lasts 1.2 s, so a meeting can end within a test; reminders a minute before; no undo
  // window holding a scheduling's mails (and its reminder) back 10 s; each sender looks at the
  // outbox every half second (MAIL_ROUND_SECONDS) rather than every 5 s.
  pair = await startPair({ CONSULT_MINUTES: "0.02", REMINDER_MINUTES: "1", UNDO_SECONDS: "0", MAIL_ROUND_SECONDS: String(ROUND_S) });
  A = pair.a.url;
  B = pair.b.url;
  f = fixtures(pair);
}, 90_000);
afterAll(() => pair?.stop(), 30_000);

test("one doctor's schedulings of eight requests at one time, sent to both instances at once: one wins", async () => {
  const doctor = await f.doctor(A);
  const patients = await Promise.all(Array.from({ length: 8 }, (_, i) => f.patient(either(i))));
  const ids = await Promise.all(patients.map((p, i) => f.book(either(i + 1), p.token, doctor.id)));
  const at = new Date(Date.now() + 2 * 86_400_000);
  const results = await Promise.all(patients.map((p, i) => f.schedule(either(i), doctor.token, ids[i]!, p.id, at)));
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 200)).toBe(1);
  expect(count(statuses, 409)).toBe(patients.length - 1);
  expect(await pair.rows("SELECT count(*) AS n FROM appointments WHERE doctor_id = ? AND status = 'confirmed'", [doctor.id])).toEqual([{ n: 1 }]);
}, T);

test("one patient's requests to one doctor, sent to both instances at once: one is open", async () => {
  const doctor = await f.doctor(B);
  const patient = await f.patient(A);
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(either(i), "POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Racing" } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 201)).toBe(1);
  expect(count(statuses, 409)).toBe(9);
  expect(await pair.rows("SELECT count(*) AS n FROM appointments WHERE patient_id = ? AND doctor_id = ?", [patient.id, doctor.id])).toEqual([{ n: 1 }]);
}, T);

test("feedback on one finished meeting, sent to both instances at once: one is kept", async () => {
  const doctor = await f.doctor(A);
  const patient = await f.patient(B);
  const id = await f.book(A, patient.token, doctor.id);
  expect((await f.schedule(B, doctor.token, id, patient.id, new Date(Date.now() + 24 * 3_600_000))).status).toBe(200);
  // Ended in the database: the two servers are processes whose clocks cannot be moved from here,
  // and a meeting scheduled a moment ahead can be refused as past on a loaded machine.
  const start = Date.now() - 2 * 3_600_000;
  await pair.rows("UPDATE appointments SET scheduled_at = ?, ends_at = ? WHERE id = ? AND status = 'confirmed'", [start, start + 5 * 60_000, id]);
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(either(i), "POST", "/api/auth/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: id, message: `Thanks ${i}` } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(count(statuses, 201)).toBe(1);
  expect(count(statuses, 409)).toBe(9);
  expect(await pair.rows("SELECT count(*) AS n FROM feedback WHERE appointment_id = ?", [id])).toEqual([{ n: 1 }]);
}, T);

test("failed logins count across both instances: the limit (3) is reached whichever one is asked", async () => {
  const patient = await f.patient(A);
  const from = newAddress();
  const wrong = (base: string) => call(base, "POST", "/api/auth/loginPatient", { from, json: { email: patient.email, password: "not-the-password" } });
  expect([(await wrong(A)).status, (await wrong(B)).status, (await wrong(A)).status]).toEqual([401, 401, 401]);
  const refused = await wrong(B);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await wrong(A)).status).toBe(429);
  // The right password from that address is refused too until the window passes; from elsewhere it works.
  expect((await call(B, "POST", "/api/auth/loginPatient", { from, json: { email: patient.email, password: PASSWORD } })).status).toBe(429);
  expect((await call(B, "POST", "/api/auth/loginPatient", { json: { email: patient.email, password: PASSWORD } })).status).toBe(200);
}, T);

test("signups count across both instances: the limit (3 an hour per address) holds over both", async () => {
  const from = newAddress();
  const signup = (base: string) => call(base, "POST", "/api/auth/signupPatient", { from, json: { name: "Sam", email: uniqueEmail("sam"), password: PASSWORD } });
  const statuses = await Promise.all([A, B, A, B, A, B].map(signup)).then((all) => all.map((r) => r.status));
  expect(count(statuses, 201)).toBe(3);
  expect(count(statuses, 429)).toBe(3);
}, T);

test("a reminder goes out once with both senders running", async () => {
  const doctor = await f.doctor(A);
  const patient = await f.patient(B);
  const id = await f.book(B, patient.token, doctor.id);
  // A minute and five seconds ahead: its reminder (a minute before) is due in five seconds.
  expect((await f.schedule(A, doctor.token, id, patient.id, new Date(Date.now() + 65_000))).status).toBe(200);
  const reminders = () => pair.mail.to(patient.email).filter((m) => m.text?.includes(doctor.name) && /remind/i.test(`${m.subject}`));
  await pair.mail.waitFor((m) => reminders().includes(m), 30_000, "the reminder");
  // Both senders look again (three rounds each): still one.
  // real time: nothing happens to wait for, the absence of a second mail after the senders' later
  // rounds (they are processes, their clocks their own).
  await Bun.sleep(3 * ROUND_S * 1000);
  expect(reminders()).toHaveLength(1);
  expect(await pair.rows("SELECT state FROM mail_outbox WHERE appointment_id = ? AND template = 'reminder' AND recipient_role = 'patient'", [id])).toEqual([{ state: "sent" }]);
}, T);

test("every mail written so far is sent once: as many caught as rows sent, no Message-ID twice", async () => {
  const deadline = Date.now() + 30_000;
  const open = () => pair.rows("SELECT count(*) AS n FROM mail_outbox WHERE state IN ('waiting', 'sending', 'failing') AND next_attempt_at <= ?", [Date.now()]);
  // real time: a 200 ms poll until no mail is due, the event itself
  while ((await open())[0]!.n > 0 && Date.now() < deadline) await Bun.sleep(200);
  expect((await open())[0]!.n).toBe(0);
  const sent = await pair.rows("SELECT message_id FROM mail_outbox WHERE state = 'sent'");
  expect(sent.length).toBeGreaterThan(20);
  const caught = pair.mail.mails.map((m) => m.messageId);
  expect(new Set(caught).size).toBe(caught.length);
  expect(caught.sort()).toEqual(sent.map((r) => r.message_id).sort());
}, T);

test("killing one instance outright in a burst of bookings over both loses no acknowledged booking", async () => {
  const doctors = await Promise.all([f.doctor(A), f.doctor(B), f.doctor(A)]);
  const patients = await Promise.all(Array.from({ length: 16 }, (_, i) => f.patient(either(i))));
  const bookings = patients.flatMap((p) => doctors.map((d) => ({ token: p.token, doctorId: d.id })));
  let answered = 0;
  const results = Promise.all(
    bookings.map((b, i) =>
      call(either(i), "POST", "/api/auth/patient-dashboard/bookAppointment", { token: b.token, json: { doctorId: b.doctorId, reason: "Burst" } })
        .then((r) => {
          answered++;
          return r;
        })
        .catch(() => undefined), // the killed server's connections fail: unacknowledged
    ),
  );
  // real time: yields until a quarter of the bookings are answered, the event itself, then kills the server mid-load
  while (answered < bookings.length / 4) await Bun.sleep(1);
  pair.a.process.kill("SIGKILL");
  await pair.a.process.exited;
  const acknowledged = (await results).filter((r) => r !== undefined && r.status === 201).map((r) => r!.body.appointment._id as string);
  expect(acknowledged.length).toBeGreaterThan(bookings.length / 4);
  const stored = new Set((await pair.rows("SELECT id FROM appointments WHERE reason = 'Burst'")).map((r) => r.id as string));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  // B serves on alone.
  const after = await call(B, "POST", "/api/auth/patient-dashboard/bookAppointment", { token: patients[0]!.token, json: { doctorId: (await f.doctor(B)).id, reason: "After" } });
  expect(after.status).toBe(201);
}, T);
