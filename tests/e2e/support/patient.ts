/**
 * Patient-journey helpers: appointments in a given state, hydration of a page's islands, the
 * specialization counts as the API sees them, and a real (tiny) PNG.
 */
import { SPECIALIZATIONS, type Specialization } from "../../../src/domain/fields";
import { PASSWORD } from "./env";
import { adminAccount, apiCall, uniqueEmail, type Account } from "./fixtures";

type DoctorSpec = { name: string; specialization: Specialization; status?: "pending" | "approved" | "rejected" | "blocked" };

/**
 * Several doctors at once (as createDoctor makes one): signups in parallel, then one admin
 * session moves each to its status (approved unless told otherwise).
 */
export async function createDoctors(specs: DoctorSpec[]): Promise<Account[]> {
  const signedUp = await Promise.all(
    specs.map(async (spec) => {
      const email = uniqueEmail("doctor");
      const res = await apiCall("POST", "/signupDoctor", { ...spec, status: undefined, email, password: PASSWORD, collegeName: "City Medical College", consent: true });
      return { spec, email, res };
    }),
  );
  const admin = await adminAccount();
  return Promise.all(
    signedUp.map(async ({ spec, email, res }) => {
      const status = spec.status ?? "approved";
      const move = (to: string) => apiCall("PATCH", `/admin-dashboard/doctor-status/${res.doctor._id}`, { status: to }, admin.token);
      if (status === "blocked") await move("approved");
      if (status !== "pending") await move(status);
      return { role: "doctor" as const, token: res.token, name: res.doctor.name, email, id: res.doctor._id, status };
    }),
  );
}

/** How many approved doctors each specialization has, per the patients' doctor list. */
export async function approvedCounts(patient: Account): Promise<Record<string, number>> {
  const doctors = (await apiCall("GET", "/patient-dashboard/doctors", undefined, patient.token)) as { specialization: string }[];
  const counts: Record<string, number> = Object.fromEntries(SPECIALIZATIONS.map((s) => [s, 0]));
  for (const d of doctors) counts[d.specialization] = (counts[d.specialization] ?? 0) + 1;
  return counts;
}

