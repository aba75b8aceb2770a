/**
 * The floor of the two signed-in writes bench/write-rows.ts measures (issue 40): a bare Bun.serve
 * in its own process, with the app's driver (libsql, statements prepared once) on the app's
 * database file, doing per request only what no server can skip: verify the token and read the
 * account (bench/floor-account.ts), then one write transaction (BEGIN IMMEDIATE, the database's
 * one writer, as the app's) and the answer's JSON.
 *
 * - POST bookAppointment {doctorId, reason, slotStart}: one read says whether the slot is free
 *   (the doctor approved with instant booking, their hours, a confirmed meeting or a held offer
 *   overlapping it, the patient's open appointment with them); then the confirmed appointment
 *   with its meet link and the two notices (patient, doctor) into the outbox; 201.
 * - POST cancelAppointment {appointmentId, reason}: the patient's confirmed appointment becomes
 *   cancelled (outside the change window); the same read for the freed slot; the next entry in
 *   line on the doctor's waitlist; the offer written into it; the two notices (the doctor's, the
 *   offer's); 200.
 *
 * `bun bench/floor-writes.ts <port> <database file>`, JWT_SECRET in the environment.
 */
import Libsql from "libsql";
import { withinHours, type Availability } from "../src/domain/availability";
import { floorSignIn } from "./floor-account";
import { NOTICE_MINUTES } from "./plan";

const [portArg, dbPath] = process.argv.slice(2);
const db = new Libsql(dbPath!, { timeout: 10_000 });
db.exec("PRAGMA synchronous = NORMAL"); // as the app's connection (src/db/client.ts)
const who = floorSignIn(db, process.env.JWT_SECRET!);
const MINUTE = 60_000;
const CONSULT = 30 * MINUTE;
const CHANGE_NOTICE = 240 * MINUTE;
const HOLD = 30 * MINUTE;
/**
 * The floor's mails wait a year: the app's mail sender, on the same file, must not deliver them
 * while the floor is measured (the app's own mails it delivers at once: work the floor leaves out).
 */
const NOT_DUE = 365 * 86_400_000;

// Is [start, end) free for this patient: the doctor, their hours, what overlaps it, the patient's open appointment with them.
const slotCheck = db
  .prepare(`select d.status, d.name, d.email, h.time_zone, h.weekly, h.days_off, h.instant_booking,
    exists (select 1 from appointments a where a.doctor_id = d.id and a.status = 'confirmed'
      and a.scheduled_at >= ?1 - 86400000 and a.scheduled_at < ?2 and a.ends_at > ?1),
    exists (select 1 from waitlist w where w.doctor_id = d.id and w.ended_at is null and w.offer_expires_at > ?3
      and w.offer_start < ?2 and w.offer_end > ?1),
    exists (select 1 from appointments a where a.patient_id = ?4 and a.doctor_id = d.id and a.for_member_id is null
      and (a.status = 'pending' or (a.status = 'confirmed' and a.ends_at > ?3)))
    from doctors d left join doctor_availability h on h.doctor_id = d.id where d.id = ?5`)
  .raw(true);
const insertAppointment = db.prepare(
  `insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, meet_link) values (?, ?, ?, ?, 'confirmed', ?, ?, ?, ?)`,
);
const insertMail = db.prepare(`insert into mail_outbox (id, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html,
  appointment_id, state, attempts, next_attempt_at, created_at) values (?, ?, ?, 'notice', ?, ?, ?, ?, ?, ?, ?, 'waiting', 0, ?, ?)`);
const cancel = db
  .prepare(`update appointments set status = 'cancelled', cancelled_by = 'patient', cancel_reason = ?, cancelled_at = ?
    where id = ? and patient_id = ? and status = 'confirmed' and scheduled_at > ? returning doctor_id, scheduled_at, ends_at`)
  .raw(true);
// The waitlist's next in line for the slot (the app's nextInLine, src/db/queries/waitlist.ts).
const nextInLine = db
  .prepare(`select w.id, w.patient_id, p.name, p.email from waitlist w join patients p on p.id = w.patient_id
    where w.doctor_id = ?1 and w.ended_at is null and w.offer_start is null and w.ends_by > ?2
      and not exists (select 1 from appointments a where a.patient_id = w.patient_id and a.doctor_id = w.doctor_id and a.for_member_id is null
        and (a.status = 'pending' or (a.status = 'confirmed' and a.ends_at > ?3)))
    order by w.created_at, w.rowid limit 1`)
  .raw(true);
const makeOffer = db.prepare(`update waitlist set offer_start = ?, offer_end = ?, offer_expires_at = ? where id = ? and ended_at is null and offer_start is null`);

type Recipient = { role: "patient" | "doctor"; id: string; name: string; email: string };
/** A notice into the outbox: subject, text and HTML written here (the app renders its templates). */
function mail(template: string, to: Recipient, subject: string, lines: string[], appointmentId: string, now: number) {
  const id = crypto.randomUUID();
  const text = `Hello ${to.name},\n\n${lines.join("\n")}\n\nCarebook`;
  const html = `<!doctype html><html><body><p>Hello ${Bun.escapeHTML(to.name)},</p>${lines.map((l) => `<p>${Bun.escapeHTML(l)}</p>`).join("")}<p>Carebook</p></body></html>`;
  insertMail.run(id, `<${id}@carebook.example>`, template, to.role, to.id, to.email, subject, text, html, appointmentId, now + NOT_DUE, now);
}

/** Whether the doctor's slot [start, start + CONSULT) is free now (for `patientId`, if booking): the doctor's name and email when it is. */
function freeSlot(doctorId: string, start: number, now: number, patientId: string | null): { name: string; email: string } | undefined {
  const row = slotCheck.get(start, start + CONSULT, now, patientId, doctorId) as unknown[] | undefined;
  if (row === undefined) return undefined;
  const [status, name, email, zone, weekly, daysOff, instant, taken, held, open] = row;
  if (status !== "approved" || zone === null || Number(instant) !== 1 || taken || held || open) return undefined;
  const hours: Availability = { timeZone: zone as string, weekly: JSON.parse(weekly as string), daysOff: JSON.parse(daysOff as string) };
  return withinHours(hours, new Date(start), 30) ? { name: name as string, email: email as string } : undefined;
}

/** Runs `work` in a write transaction; its refusal (a Response) or a failure rolls it back. */
function write(work: () => Response): Response {
  db.exec("BEGIN IMMEDIATE");
  try {
    const res = work();
    db.exec(res.ok ? "COMMIT" : "ROLLBACK");
    return res;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

const json = (value: unknown, status = 200) => Response.json(value, { status });
const iso = (ms: number) => new Date(ms).toISOString();

function book(patient: Record<string, unknown>, body: { doctorId: string; reason: string; slotStart: string }): Response {
  const start = Date.parse(body.slotStart);
  const now = Date.now();
  if (Number.isNaN(start) || start < now + NOTICE_MINUTES * MINUTE) return json({ message: "This time is not free" }, 409);
  const id = crypto.randomUUID();
  const meetLink = `https://meet.jit.si/carebook-${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url")}`;
  const me: Recipient = { role: "patient", id: patient.id as string, name: patient.name as string, email: patient.email as string };
  return write(() => {
    const doctor = freeSlot(body.doctorId, start, now, me.id);
    if (doctor === undefined) return json({ message: "This time is not free" }, 409);
    insertAppointment.run(id, me.id, body.doctorId, body.reason, now, start, start + CONSULT, meetLink);
    mail("scheduled", me, "Your appointment is booked", [`With Dr. ${doctor.name} at ${iso(start)}.`, `Join: ${meetLink}`], id, now);
    const them: Recipient = { role: "doctor", id: body.doctorId, ...doctor };
    mail("newBooking", them, "A patient booked a time", [`${me.name} booked ${iso(start)}.`, `Join: ${meetLink}`], id, now);
    const appointment = { _id: id, status: "confirmed", reason: body.reason, createdAt: iso(now), scheduledAt: iso(start), meetLink };
    const patientJson = { _id: me.id, name: me.name, email: me.email };
    return json({ message: `Appointment booked for ${iso(start)}`, appointment: { ...appointment, doctor: { _id: body.doctorId }, patient: patientJson, preferredTimes: [], for: null } }, 201);
  });
}

function cancelOwn(patient: Record<string, unknown>, body: { appointmentId: string; reason: string }): Response {
  const now = Date.now();
  return write(() => {
    const row = cancel.get(body.reason, now, body.appointmentId, patient.id, now + CHANGE_NOTICE) as [string, number, number] | undefined;
    if (row === undefined) return json({ message: "Appointment not found, or too late to cancel" }, 409);
    const [doctorId, start] = row;
    const doctor = freeSlot(doctorId, start, now, null);
    const doctorMail: Recipient = { role: "doctor", id: doctorId, name: doctor?.name ?? "", email: doctor?.email ?? "" };
    mail("cancelledByPatient", doctorMail, "A patient cancelled", [`${patient.name} cancelled ${iso(start)}.`], body.appointmentId, now);
    const next = doctor && (nextInLine.get(doctorId, start, now) as [string, string, string, string] | undefined);
    if (next !== undefined) {
      const [entryId, patientId, name, email] = next;
      makeOffer.run(start, start + CONSULT, now + HOLD, entryId);
      mail("waitlistOffer", { role: "patient", id: patientId, name, email }, "A time is free for you", [`Dr. ${doctor!.name} at ${iso(start)}, held until ${iso(now + HOLD)}.`], body.appointmentId, now);
    }
    return json({ message: "Appointment cancelled successfully", appointmentId: body.appointmentId });
  });
}

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(portArg ?? 0),
  async fetch(req) {
    const path = new URL(req.url).pathname;
    const user = await who(req.headers.get("authorization")?.slice("Bearer ".length));
    if (user === undefined || user.role !== "patient") return new Response("Unauthorized", { status: 401 });
    if (req.method !== "POST") return new Response("Not found", { status: 404 });
    const body = await req.json();
    if (path === "/api/auth/patient-dashboard/bookAppointment") return book(user.account, body);
    if (path === "/api/auth/patient-dashboard/cancelAppointment") return cancelOwn(user.account, body);
    return new Response("Not found", { status: 404 });
  },
});
console.log(`floor-writes listening on ${server.url.href}`);
