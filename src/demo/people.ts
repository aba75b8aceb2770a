/**
 * Who lives in the demo: the admin, 23 doctors (20 approved across all sixteen
 * specializations, one pending, one rejected, one blocked) and two patients. Every account has
 * an email at DEMO_DOMAIN (how the demo tells its own accounts from real ones) and the one
 * DEMO_PASSWORD, which `bun run demo` prints.
 */
import { SPECIALIZATIONS, type DoctorStatus, type Specialization } from "../domain/fields";

export const DEMO_DOMAIN = "carebook.demo";
export const DEMO_PASSWORD = "demo-password";

export type DemoDoctor = { name: string; email: string; specialization: Specialization; collegeName: string; status: DoctorStatus };
export type DemoPatient = { name: string; email: string };

const email = (local: string) => `${local}@${DEMO_DOMAIN}`;

export const DEMO_ADMIN = { name: "Ada Admin", email: email("admin") };

const NAMES = [
  "Amara Okafor", "Bruno Costa", "Chen Wei", "Dalia Haddad", "Emil Novak", "Farah Siddiqui", "Gustavo Ramos",
  "Hana Kobayashi", "Ines Moreau", "Jonas Berg", "Kavya Iyer", "Lucas Meyer", "Maya Cohen", "Nikolai Petrov",
  "Olivia Brown", "Pedro Alves", "Quinn Taylor", "Rania Aziz", "Sofia Rossi", "Tomas Lindqvist",
  "Uma Patel", "Victor Dubois", "Wen Li",
];

const COLLEGES = ["City Medical College", "St. Mary's School of Medicine", "Northern University Hospital", "Royal College of Physicians"];

/** The status of the doctor at each index past the twenty approved ones. */
const OTHER_STATUSES: DoctorStatus[] = ["pending", "rejected", "blocked"];

export const DEMO_DOCTORS: DemoDoctor[] = NAMES.map((name, i) => ({
  name: `Dr. ${name}`,
  email: email(name.toLowerCase().replace(/[^a-z]+/g, ".")),
  // Every specialization once, then a second doctor for the first few (a choice to make).
  specialization: SPECIALIZATIONS[i % SPECIALIZATIONS.length]!,
  collegeName: COLLEGES[i % COLLEGES.length]!,
  status: i < 20 ? "approved" : OTHER_STATUSES[i - 20]!,
}));

export const DEMO_PATIENTS: DemoPatient[] = [
  { name: "Pat Patient", email: email("pat") },
  { name: "Robin Rivera", email: email("robin") },
];

/** The `n`th approved demo doctor. */
export const approvedDoctor = (n: number) => DEMO_DOCTORS.filter((d) => d.status === "approved")[n]!;
