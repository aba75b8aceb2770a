/**
 * Issue 57's population, as SQL: how many of each row a SCALE_FACTOR stands for, and one
 * `INSERT ... SELECT` over a recursive counter per table and range of rows. Every value is a
 * function of the row's number `n` (a cheap integer hash where it should look random), so a row's
 * patient, doctor and time are computed again wherever another table needs them (a mail's
 * recipient is its appointment's patient) without reading anything back.
 */
import { SPECIALIZATIONS } from "../../src/domain/fields";
import { LANGUAGE_CODES } from "../../src/domain/doctor-details";
import { FIRST as SEED_FIRST, LAST as SEED_LAST, REASONS } from "../seed";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The appointments span 18 months back and 2 ahead of the build's `now`. */
export const PAST_DAYS = 548;
export const AHEAD_DAYS = 61;

/** The counts at SCALE_FACTOR 1 (issue 57): 100x the demo's data. */
export const FULL = { doctors: 20_000, patients: 200_000, appointments: 2_000_000, mails: 1_000_000, audit: 1_000_000 } as const;
export type Counts = { [K in keyof typeof FULL]: number };

export function countsAt(factor: number): Counts {
  const at = (n: number) => Math.max(1, Math.round(n * factor));
  return { doctors: at(FULL.doctors), patients: at(FULL.patients), appointments: at(FULL.appointments), mails: at(FULL.mails), audit: at(FULL.audit) };
}

/** A row's id: a UUID-shaped text whose last group is the row's number, so ids sort as rows were made. */
const idOf = (tag: string, n: string) => `printf('${tag}-0000-4000-8000-%012x', ${n})`;
export const TAGS = { doctor: "d0c70000", patient: "9a710000", appointment: "a9900000", member: "fa100000", mail: "3a100000" } as const;
export const doctorId = (n: string) => idOf(TAGS.doctor, n);
export const patientId = (n: string) => idOf(TAGS.patient, n);
export const appointmentId = (n: string) => idOf(TAGS.appointment, n);
export const memberId = (n: string) => idOf(TAGS.member, n);

/** A 31-bit hash of `n` and a salt `k`: the population's dice. */
const h = (n: string, k: number) => `((((${n}) + ${k}) * 2654435761) % 2147483647)`;
const pick = (list: readonly string[], index: string) => `json_extract('${JSON.stringify(list)}', '$[' || ((${index}) % ${list.length}) || ']')`;

// The small bench's names with a few more, so the 100x file repeats a name less often.
const FIRST = [...SEED_FIRST, "Anil", "Kavya", "Farah", "Dev"];
const LAST = [...SEED_LAST, "Iyer", "Rao", "Das"];
const personName = (n: string) => `${pick(FIRST, n)} || ' ' || ${pick(LAST, `(${n}) / ${FIRST.length}`)}`;
const WEEKLY = JSON.stringify([1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: day === 6 ? "13:00" : "17:00" })));

/** `with recursive` rows numbered lo .. hi-1, as `s(n)`. */
const counter = (lo: number, hi: number) => `with recursive s(n) as (select ${lo} union all select n + 1 from s where n + 1 < ${hi})`;

export type Build = { counts: Counts; now: number; hash: string };

export function doctorsSql(b: Build, lo: number, hi: number): string {
  const { now } = b;
  return `${counter(lo, hi)}
insert into doctors (id, name, email, password_hash, specialization, college_name, status, profile_checked_at,
  registration_number, registration_council, experience_years, languages, fee, about, rating_count, rating_total, time_zone, language, created_at)
select ${doctorId("n")}, 'Dr. ' || ${personName(h("n", 1))}, 'scale-doctor-' || n || '@example.com', '${b.hash}',
  ${pick(SPECIALIZATIONS, "n")}, ${pick(["City Medical College", "AIIMS Delhi", "Grant Medical College", "Madras Medical College"], "n / 16")}, 'approved',
  ${now} - n * 1000, 'NMC-' || (100000 + n), 'National Medical Commission', ${h("n", 2)} % 35,
  'en,' || ${pick(LANGUAGE_CODES.slice(1), "n")} || case when n % 4 = 0 then ',' || ${pick(LANGUAGE_CODES.slice(1), `${h("n", 3)}`)} else '' end,
  200 + (${h("n", 4)} % 30) * 50, 'Sees adults and children; speaks to each patient in their language.',
  ${h("n", 5)} % 40 as rc, (${h("n", 5)} % 40) * (3 + ${h("n", 6)} % 3), 'Asia/Kolkata', 'en',
  ${now} - ${PAST_DAYS + 200} * ${DAY} + n * ${Math.floor((PAST_DAYS * DAY) / Math.max(1, b.counts.doctors))}
from s`;
}

/** Every doctor's hours, Monday to Saturday in India; a third book instantly. */
export function hoursSql(b: Build, lo: number, hi: number): string {
  return `${counter(lo, hi)}
insert into doctor_availability (doctor_id, time_zone, weekly, days_off, updated_at, instant_booking)
select ${doctorId("n")}, 'Asia/Kolkata', '${WEEKLY}', '[]', ${b.now}, n % 3 = 0 from s`;
}

export function patientsSql(b: Build, lo: number, hi: number): string {
  const { now } = b;
  return `${counter(lo, hi)}
insert into patients (id, name, email, password_hash, time_zone, language, date_of_birth, sex, created_at)
select ${patientId("n")}, ${personName(h("n", 7))}, 'scale-patient-' || n || '@example.com', '${b.hash}',
  'Asia/Kolkata', case when n % 3 = 0 then 'hi' else 'en' end, printf('%04d-%02d-%02d', 1950 + ${h("n", 8)} % 55, 1 + n % 12, 1 + n % 28),
  case when n % 2 = 0 then 'female' else 'male' end,
  ${now} - ${PAST_DAYS + 100} * ${DAY} + n * ${Math.floor(((PAST_DAYS + 90) * DAY) / Math.max(1, b.counts.patients))}
from s`;
}

/** A tenth of the patients (n % 10 = 0) have family: a child, and every second of them a parent too (member 2p+1). */
export function familySql(b: Build, lo: number, hi: number): string {
  return `${counter(lo, hi)}
insert into family_members (id, patient_id, name, relation, date_of_birth, sex, created_at)
select ${memberId("n * 2 + k.k")}, ${patientId("n")}, ${personName(h("n * 2 + k.k", 9))}, case k.k when 0 then 'child' else 'parent' end,
  case k.k when 0 then printf('%04d-03-14', 2012 + n % 10) else printf('%04d-07-02', 1948 + n % 15) end, case when k.k = n % 2 then 'female' else 'male' end,
  ${b.now} - ${PAST_DAYS} * ${DAY}
from s join (select 0 as k union all select 1) k on k.k = 0 or n % 20 = 0
where n % 10 = 0`;
}

/** The patient and doctor numbers of appointment `n`: each patient about ten appointments, with doctors scattered. */
export const patientOf = (b: Build, n: string) => `(${h(n, 11)} % ${b.counts.patients})`;
export const doctorOf = (b: Build, n: string) => `(${h(n, 12)} % ${b.counts.doctors})`;
/** Appointment `n`'s slot: days spread evenly from PAST_DAYS ago to AHEAD_DAYS ahead, 09:00 to 17:00 in India (03:30 UTC on). */
export const slotOf = (b: Build, n: string) => {
  const total = b.counts.appointments;
  const firstDay = Math.floor(b.now / DAY) - PAST_DAYS;
  return `((${firstDay} + (${n}) * ${PAST_DAYS + AHEAD_DAYS} / ${total}) * ${DAY} + ${3.5 * HOUR} + (${h(n, 13)} % 16) * ${HOUR / 2})`;
};
/** The dice deciding appointment n's state, 0-99. */
const roll = (n: string) => `(${h(n, 14)} % 100)`;

/**
 * Appointments lo .. hi-1. Past slots: 72 % attended, 5 % missed (no-show), 3 % unmarked,
 * 15 % cancelled (half by the doctor), 5 % requests never answered; future slots: 55 % confirmed,
 * 30 % waiting for the doctor, 15 % cancelled. A tenth of the confirmed ones of instant doctors
 * were booked instantly; a third of those of a patient with family are for the family member.
 */
export function appointmentsSql(b: Build, lo: number, hi: number): string {
  const { now } = b;
  return `${counter(lo, hi)},
r as (select n, ${patientOf(b, "n")} as p, ${doctorOf(b, "n")} as d, ${slotOf(b, "n")} as t, ${roll("n")} as x from s),
k as (select *, case
    when t < ${now} then (case when x < 72 then 'attended' when x < 77 then 'missed' when x < 80 then 'unmarked' when x < 95 then 'cancelled' else 'pending' end)
    else (case when x < 55 then 'confirmed' when x < 85 then 'pending' else 'cancelled' end) end as kind,
  min(t - (1 + x % 12) * ${DAY}, ${now} - ${HOUR}) as c from r)
insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, meet_link, cancelled_by, cancel_reason, cancelled_at,
  attended, for_member_id, for_name, for_relation, for_age, booked_instantly, confirmed_at, visit_type)
select ${appointmentId("n")}, ${patientId("p")}, ${doctorId("d")}, ${pick(REASONS, "n")},
  case kind when 'pending' then 'pending' when 'cancelled' then 'cancelled' else 'confirmed' end,
  case kind when 'pending' then (case when t < ${now} then t - 2 * ${DAY} else ${now} - (x % 14) * ${DAY} - x * 60000 end) else c end,
  case when kind = 'pending' or (kind = 'cancelled' and x % 2 = 0) then null else t end,
  case when kind = 'pending' or (kind = 'cancelled' and x % 2 = 0) then null else t + 1800000 end,
  case when kind = 'pending' or kind = 'cancelled' then null else 'https://meet.jit.si/carebook-' || ${appointmentId("n")} end,
  case when kind = 'cancelled' then (case when x % 3 = 0 then 'doctor' else 'patient' end) end,
  case when kind = 'cancelled' then (case when x % 3 = 0 then 'The doctor is away that day' else 'Feeling better' end) end,
  case when kind = 'cancelled' then min(c + ${DAY}, ${now} - 60000) end,
  case kind when 'attended' then 1 when 'missed' then 0 end,
  case when p % 10 = 0 and n % 3 = 0 then ${memberId("p * 2")} end,
  case when p % 10 = 0 and n % 3 = 0 then ${personName(h("p * 2", 9))} end,
  case when p % 10 = 0 and n % 3 = 0 then 'child' end,
  case when p % 10 = 0 and n % 3 = 0 then 14 - p % 10 end,
  kind in ('attended', 'missed', 'unmarked', 'confirmed') and d % 3 = 0 and x % 10 = 0,
  case when kind in ('attended', 'missed', 'unmarked', 'confirmed') then c + ${HOUR} end,
  'video'
from k`;
}

const MAIL_TEXT = `Hello,\n\nyour appointment is confirmed. Join the video call from your meetings page at the time shown there.\nTo change it, open Carebook and choose another time.\n\nCarebook`.replace(/'/g, "''");
const MAIL_HTML = `<!doctype html><html><body style="font-family:sans-serif"><p>Hello,</p><p>your appointment is confirmed. Join the video call from <a href="https://carebook.example/patient-dashboard/patient-meetings">your meetings page</a> at the time shown there.</p><p>To change it, open Carebook and choose another time.</p><p>Carebook</p></body></html>`;

/**
 * Mails lo .. hi-1, about appointment n * appointments / mails (its patient): confirmations
 * and reminders. Older than a day: 94 % sent, 4 % dropped (the meeting moved), 1 % given up,
 * 1 % failed (an SMS); a future reminder waits for its time.
 */
export function mailsSql(b: Build, lo: number, hi: number): string {
  const { now } = b;
  const a = `(n * ${b.counts.appointments} / ${b.counts.mails})`;
  return `${counter(lo, hi)},
r as (select n, ${a} as a, ${patientOf(b, a)} as p, ${slotOf(b, a)} as t, ${roll("n * 7")} as x from s),
k as (select *, n % 2 = 1 as reminder, case when n % 2 = 1 then t - ${DAY} else min(t - 3 * ${DAY}, ${now} - ${HOUR}) end as due from r)
insert into mail_outbox (id, channel, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html,
  appointment_id, state, attempts, next_attempt_at, created_at, sent_at, given_up_at, dropped_at, last_error)
select ${idOf(TAGS.mail, "n")}, case when x = 99 then 'sms' else 'email' end, '<' || ${idOf(TAGS.mail, "n")} || '@carebook.example>',
  case when reminder then 'reminder' else 'appointment-confirmed' end, case when reminder then 'reminder' else 'notice' end,
  'patient', ${patientId("p")}, case when x = 99 then '+9198' || printf('%08d', p) else 'scale-patient-' || p || '@example.com' end,
  case when reminder then 'Reminder: your appointment tomorrow' else 'Your appointment is confirmed' end, '${MAIL_TEXT}', '${MAIL_HTML}',
  ${appointmentId("a")},
  case when due > ${now} then 'waiting' when x < 94 then 'sent' when x < 98 then 'dropped' when x = 98 then 'given_up' else 'failed' end,
  case when due > ${now} then 0 when x = 98 then 8 else 1 end,
  due, min(due, ${now}) - ${DAY},
  case when due <= ${now} and (x < 94 or x = 99) then due + 5000 end,
  case when due <= ${now} and x = 98 then due + ${DAY} end,
  case when due <= ${now} and x >= 94 and x < 98 then due - ${HOUR} end,
  case when due <= ${now} and x >= 98 then 'connection refused' end
from k`;
}

/** Audit events lo .. hi-1: the transitions of appointment n * appointments / audit (booked, confirmed, cancelled), by its patient or doctor. */
export function auditSql(b: Build, lo: number, hi: number): string {
  const a = `(n * ${b.counts.appointments} / ${b.counts.audit})`;
  return `${counter(lo, hi)},
r as (select n, ${a} as a, ${patientOf(b, a)} as p, ${doctorOf(b, a)} as d, ${slotOf(b, a)} as t, n % 4 as kind from s)
insert into audit_events (at, actor_role, actor_id, subject, subject_id, action, from_status, to_status, reason)
select min(t - (1 + kind) * ${DAY}, ${b.now} - ${HOUR} + kind), case kind when 1 then 'doctor' else 'patient' end,
  case kind when 1 then ${doctorId("d")} else ${patientId("p")} end, 'appointment', ${appointmentId("a")},
  case kind when 0 then 'book' when 1 then 'schedule' when 2 then 'reschedule' else 'cancel' end,
  case kind when 0 then null else (case kind when 1 then 'pending' else 'confirmed' end) end,
  case kind when 0 then 'pending' when 3 then 'cancelled' else 'confirmed' end,
  case kind when 3 then 'Feeling better' end
from r`;
}
