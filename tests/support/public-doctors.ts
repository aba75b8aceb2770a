/**
 * Doctors the public directory shows (issue 41), made as a doctor and the admin would: details
 * through the profile API, the registration verified by the admin, Monday hours, then the status
 * asked for. Ratings are set on the doctor's counters as the review code keeps them.
 */
import { expect } from "bun:test";
import type { Specialization } from "../../src/domain/fields";
import type { Doctor, Harness } from "./harness";

export type PublicDetails = {
  specialization?: Specialization;
  languages?: string;
  fee?: number;
  verified?: boolean;
  /** Monday's hours in UTC, e.g. ["09:00", "10:00"]; none: by request. */
  hours?: [string, string];
  /** [count, total] of visible ratings. */
  ratings?: [number, number];
  status?: "approved" | "pending" | "blocked";
};

let made = 0;

export async function publicDoctor(h: Harness, name: string, d: PublicDetails = {}): Promise<Doctor> {
  const specialization = d.specialization ?? "Dermatologist";
  const doc = await h.signupDoctor({ name, specialization });
  const fields: Record<string, string> = {
    name, specialization, collegeName: "City Medical College", registrationNumber: `DMC/${++made}`, registrationCouncil: "Delhi Medical Council", about: `About ${name}`,
  };
  if (d.languages !== undefined) fields.languages = d.languages;
  if (d.fee !== undefined) fields.fee = String(d.fee);
  expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doc.token, form: h.profileForm(fields) })).status).toBe(200);
  if (d.verified !== false) {
    const res = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${doc.id}`, { token: await h.admin(), json: { verified: true } });
    expect(res.status).toBe(200);
  }
  if (d.hours) {
    const weekly = [{ day: 1, start: d.hours[0], end: d.hours[1] }];
    expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doc.token, json: { timeZone: "UTC", weekly, daysOff: [] } })).status).toBe(200);
  }
  if (d.ratings) await h.elsewhere("update doctors set rating_count = ?, rating_total = ? where id = ?", [d.ratings[0], d.ratings[1], doc.id]);
  // Only an approved doctor saves a profile: the status asked for comes last (pending as a fresh signup is).
  if (d.status === "blocked") await h.setDoctorStatus(doc.id, "blocked");
  if (d.status === "pending") await h.elsewhere("update doctors set status = 'pending' where id = ?", [doc.id]);
  return doc;
}
