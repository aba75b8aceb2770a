/**
 * A booking load over real HTTP for the backup test and bench: patients book approved doctors
 * as fast as they can (each booking cancelled right after, so a patient can book the same doctor
 * again), bounded by a count and a time. Every acknowledged booking is recorded with the moment
 * its answer arrived; optionally, patients also keep replacing their profile pictures.
 */
import { ADMIN, PASSWORD, api, pool } from "./server";

export type Clinic = { patients: { id: string; token: string }[]; doctors: string[] };

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));

/** Signs up `patients` patients and `doctors` doctors through the API; the admin (bench/server.ts) approves the doctors. */
export async function setupClinic(base: string, counts: { patients: number; doctors: number }): Promise<Clinic> {
  const tag = crypto.randomUUID().slice(0, 8);
  const admin = await api(base, "POST", "/loginAdmin", { json: ADMIN });
  if (admin.status !== 200) throw new Error(`admin login: ${admin.status}`);
  const doctors = await pool(Array.from({ length: counts.doctors }, (_, i) => i), 4, async (i) => {
    const res = await api(base, "POST", "/signupDoctor", {
      json: { name: `Dr Load ${i}`, email: `load-doctor-${i}-${tag}@example.com`, password: PASSWORD, specialization: "Cardiologist", collegeName: "Load College" },
    });
    if (res.status !== 201) throw new Error(`signupDoctor: ${res.status}`);
    const approve = await api(base, "PATCH", `/admin-dashboard/doctor-status/${res.body.doctor._id}`, { token: admin.body.token, json: { status: "approved" } });
    if (approve.status !== 200) throw new Error(`approve: ${approve.status}`);
    return res.body.doctor._id as string;
  });
  const patients = await pool(Array.from({ length: counts.patients }, (_, i) => i), 4, async (i) => {
    const res = await api(base, "POST", "/signupPatient", { json: { name: `Patient ${i}`, email: `load-patient-${i}-${tag}@example.com`, password: PASSWORD } });
    if (res.status !== 201) throw new Error(`signupPatient: ${res.status}`);
    const profile = await api(base, "GET", "/patient-profile", { token: res.body.token });
    return { id: profile.body.patient._id as string, token: res.body.token as string };
  });
  return { patients, doctors };
}

/** Replaces the patient's profile picture; returns the HTTP status. */
export async function uploadPicture(base: string, token: string): Promise<number> {
  const form = new FormData();
  form.set("name", "Patient with a picture");
  form.set("profileImage", new File([PNG], "me.png", { type: "image/png" }));
  const res = await fetch(`${base}/api/auth/patient-profile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return res.status;
}

export type LoadOptions = { maxBookings: number; maxMs: number; pictures?: boolean };

/** Starts the load; `acknowledged` fills as answers arrive; `done` resolves when it has stopped. */
export function bookingLoad(base: string, clinic: Clinic, options: LoadOptions) {
  const acknowledged = new Map<string, number>(); // appointment id -> performance.now() of its 201
  const latencies: { at: number; ms: number }[] = []; // every booking's round trip, by start time
  const failures: string[] = [];
  let pictureUploads = 0;
  let stopped = false;
  const deadline = performance.now() + options.maxMs;
  const running = () => !stopped && performance.now() < deadline && acknowledged.size < options.maxBookings;

  const bookers = clinic.patients.map(async (patient, p) => {
    for (let i = p; running(); i++) {
      const doctorId = clinic.doctors[i % clinic.doctors.length]!;
      const started = performance.now();
      const res = await api(base, "POST", "/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId, reason: `load ${p}-${i}` } });
      const now = performance.now();
      latencies.push({ at: started, ms: now - started });
      if (res.status !== 201) {
        failures.push(`book ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      const id = res.body.appointment._id as string;
      acknowledged.set(id, now);
      const cancel = await api(base, "POST", "/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: id, reason: "load" } });
      if (cancel.status !== 200) failures.push(`cancel ${cancel.status}`);
    }
  });
  const painters = options.pictures
    ? clinic.patients.slice(0, 2).map(async (patient) => {
        while (running()) {
          const status = await uploadPicture(base, patient.token);
          if (status === 200) pictureUploads++;
          else failures.push(`picture ${status}`);
        }
      })
    : [];
  const done = Promise.all([...bookers, ...painters]).then(() => undefined);
  return {
    acknowledged,
    latencies,
    failures,
    pictureUploads: () => pictureUploads,
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}

/** The p-th percentile (0 to 100) of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
