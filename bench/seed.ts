/**
 * Bulk data for the benchmark, written straight into the app's SQLite file (bun:sqlite, one
 * transaction per batch) while the app runs: approved doctors for the directory, and patients
 * with appointments. Every seeded account shares one real argon2 hash taken from an account the
 * API created, so seeding costs no hashing.
 */
import { Database } from "bun:sqlite";
import { SPECIALIZATIONS } from "../src/domain/fields";
import { planningWeek } from "./plan";

/** The bench databases' first names, last names and visit reasons (bench/scale/ widens the names). */
export const FIRST = ["Amelia", "Rohan", "Sofia", "Kwame", "Li", "Noah", "Priya", "Omar", "Hana", "Mateo", "Zara", "Ivan", "Aisha", "Lucas", "Mei", "Tomas"];
export const LAST = ["Hart", "Mehta", "Alvarez", "Mensah", "Chen", "Novak", "Okafor", "Rossi", "Silva", "Tanaka", "Weber", "Kowalski", "Haddad", "Singh", "Brown", "Garcia"];
export const REASONS = [
  "Chest pain when climbing stairs",
  "Persistent headaches for two weeks",
  "Skin rash on both arms that itches at night",
  "Follow-up on blood pressure medication",
  "Child has a fever and a cough",
  "Lower back pain after lifting",
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Seeder = ReturnType<typeof openSeeder>;

/**
 * Opens the app's database file for bulk inserts. Appointments are planned from the planning
 * week after `now` (bench/plan.ts): upcoming ones in it and after, past ones before its past.
 */
export function openSeeder(path: string, consultMinutes = 30, now = Date.now()) {
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 10000");
  const hash = (db.query("select password_hash as h from patients limit 1").get() as { h: string } | null)?.h;
  if (!hash) throw new Error("seed: sign a patient up through the API first (its hash is reused)");
  let serial = 0;
  const name = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const insertDoctor = db.prepare(
    "insert into doctors (id, name, email, password_hash, specialization, college_name, status, profile_image, token_version, created_at) values (?, ?, ?, ?, ?, ?, 'approved', null, 0, ?)",
  );
  const insertPatient = db.prepare("insert into patients (id, name, email, password_hash, profile_image, token_version, created_at) values (?, ?, ?, ?, null, 0, ?)");
  const insertAppointment = db.prepare(
    "insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at, meet_link, cancelled_by, cancel_reason, cancelled_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertFeedback = db.prepare("insert into feedback (id, appointment_id, patient_id, doctor_id, message, created_at) values (?, ?, ?, ?, ?, ?)");
  // Accounts are created now, as the API would; appointments are planned from the week.
  const week = planningWeek(now);

  /** One appointment of `patientId` with `doctorId`; `kind` picks its state (completed = confirmed in the past). */
  function appointment(patientId: string, doctorId: string, kind: "pending" | "upcoming" | "completed" | "cancelled", i: number) {
    const id = crypto.randomUUID();
    const created = week.past - (30 + (i % 300)) * DAY;
    const scheduled = kind === "upcoming" ? week.start + (i % 60) * DAY + (i % 8) * HOUR : kind === "completed" ? week.past - (i % 300) * DAY : null;
    const ends = scheduled === null ? null : scheduled + consultMinutes * 60_000;
    const status = kind === "pending" ? "pending" : kind === "cancelled" ? "cancelled" : "confirmed";
    insertAppointment.run(
      id,
      patientId,
      doctorId,
      REASONS[i % REASONS.length]!,
      status,
      created,
      scheduled,
      ends,
      scheduled === null ? null : `https://meet.jit.si/carebook-${id}`,
      kind === "cancelled" ? "patient" : null,
      kind === "cancelled" ? "Feeling better" : null,
      kind === "cancelled" ? created + HOUR : null,
    );
    if (kind === "completed" && i % 2 === 0) insertFeedback.run(crypto.randomUUID(), id, patientId, doctorId, "Kind and thorough, thank you.", (ends ?? now) + HOUR);
  }

  return {
    /** Adds `count` approved doctors across the 16 specializations; returns their ids. */
    doctors(count: number): string[] {
      const ids: string[] = [];
      db.transaction(() => {
        for (let i = 0; i < count; i++) {
          const id = crypto.randomUUID();
          const n = serial++;
          insertDoctor.run(id, `Dr. ${name(n)}`, `bench-doctor-${n}-${now}@example.com`, hash, SPECIALIZATIONS[n % SPECIALIZATIONS.length]!, "City Medical College", now - n * 1000);
          ids.push(id);
        }
      })();
      return ids;
    },
    /**
     * The patient's own history, as a long-time patient would have it: `count` appointments
     * with different doctors, a fifth pending, a fifth cancelled, the rest confirmed (half of
     * those in the past, so completed).
     */
    history(patientId: string, doctorIds: string[], count: number) {
      db.transaction(() => {
        for (let i = 0; i < count; i++) {
          const kind = i % 5 === 0 ? "pending" : i % 5 === 1 ? "cancelled" : i % 2 === 0 ? "upcoming" : "completed";
          appointment(patientId, doctorIds[i % doctorIds.length]!, kind, i);
        }
      })();
    },
    /**
     * A doctor's own practice: `count` patients with one appointment each with `doctorId`, a
     * fifth pending, a fifth cancelled, the rest confirmed (half of those in the past).
     */
    practice(doctorId: string, count: number) {
      db.transaction(() => {
        for (let i = 0; i < count; i++) {
          const patientId = crypto.randomUUID();
          const n = serial++;
          insertPatient.run(patientId, name(n), `bench-patient-${n}-${now}@example.com`, hash, now - n * 1000);
          const kind = i % 5 === 0 ? "pending" : i % 5 === 1 ? "cancelled" : i % 2 === 0 ? "upcoming" : "completed";
          appointment(patientId, doctorId, kind, i);
        }
      })();
    },
    /** Adds patients with `perPatient` appointments each until `total` appointments have been added. */
    crowd(total: number, perPatient: number, doctorIds: string[]) {
      let added = 0;
      while (added < total) {
        db.transaction(() => {
          for (let batch = 0; batch < 5000 && added < total; ) {
            const patientId = crypto.randomUUID();
            const n = serial++;
            insertPatient.run(patientId, name(n), `bench-patient-${n}-${now}@example.com`, hash, now - n * 1000);
            for (let j = 0; j < perPatient && added < total; j++, added++, batch++) {
              const kind = (["pending", "cancelled", "upcoming", "completed", "completed"] as const)[(n + j) % 5]!;
              appointment(patientId, doctorIds[(n * perPatient + j) % doctorIds.length]!, kind, n + j);
            }
          }
        })();
      }
    },
    /** Confirmed meetings of `doctorId` at each of `starts` (ms), one new patient each (issue 26's slots row). */
    meetings(doctorId: string, starts: number[]) {
      db.transaction(() => {
        for (const [i, start] of starts.entries()) {
          const patientId = crypto.randomUUID();
          const n = serial++;
          insertPatient.run(patientId, name(n), `bench-patient-${n}-${now}@example.com`, hash, now - n * 1000);
          const id = crypto.randomUUID();
          insertAppointment.run(id, patientId, doctorId, REASONS[i % REASONS.length]!, "confirmed", now - DAY, start, start + consultMinutes * 60_000, `https://meet.jit.si/carebook-${id}`, null, null, null);
        }
      })();
    },
    count(table: "appointments" | "doctors" | "patients"): number {
      return (db.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
    },
    /** Refreshes the planner's statistics, as a periodic `PRAGMA optimize` would. */
    analyze: () => db.exec("ANALYZE"),
    close: () => db.close(),
  };
}
