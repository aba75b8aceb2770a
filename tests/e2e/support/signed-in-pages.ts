/**
 * Every signed-in page, with accounts whose pages have something on them (a story of meetings,
 * pending requests, doctors in the admin table): what the phone checks and the screenshots visit.
 */
import type { Page } from "@playwright/test";
import { apiCall, adminAccount, book, completedMeeting, confirmedMeeting, createDoctor, createPatient, signIn, type Account } from "./fixtures";

export type SignedInPage = { account: Account; path: string; name: string };

/** Accounts with a full story, and the pages each signs in to. */
export async function signedInPages(): Promise<SignedInPage[]> {
  const patient = await createPatient("Priya Sharma");
  const doctor = await createDoctor({ name: "Dr. Amelia Hart", specialization: "Cardiologist" });
  // Hours every day (issue 26): the booking page and the pending card show free times to tap.
  const allDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "Asia/Kolkata", weekly: allDay, daysOff: [] }, doctor.token);
  const other = await createDoctor({ name: "Dr. Rohan Mehta", specialization: "Neurologist" });
  const third = await createDoctor({ name: "Dr. Sofia Alvarez", specialization: "Pediatrician" });
  await createDoctor({ name: "Dr. Kwame Mensah With A Rather Long Name", specialization: "Dermatologist", status: "pending" });
  await confirmedMeeting(patient, doctor, "Chest pain when climbing stairs", 60 * 26);
  await completedMeeting(patient, other, "Headaches in the morning", 60 * 30);
  await book(patient, third, "My son has a fever that keeps coming back");
  const cancelledId = await book(patient, (await createDoctor({ name: "Dr. Lena Chen", specialization: "General Physician" })), "Annual check-up");
  await apiCall("POST", "/patient-dashboard/cancelAppointment", { appointmentId: cancelledId, reason: "I found an earlier slot elsewhere" }, patient.token);
  const asker = await createPatient("Daniel Roberts");
  await book(asker, doctor, "Shortness of breath at night");
  const admin = await adminAccount();
  return [
    { account: patient, path: "/patient-dashboard", name: "patient-dashboard" },
    { account: patient, path: "/patient-dashboard/specialization/Cardiologist", name: "patient-specialization" },
    { account: patient, path: `/patient-dashboard/bookAppointment/${third.id}`, name: "patient-book" },
    { account: asker, path: `/patient-dashboard/bookAppointment/${doctor.id}`, name: "patient-book-times" },
    { account: patient, path: "/patient-dashboard/patient-meetings", name: "patient-meetings" },
    { account: patient, path: "/patient-dashboard/patient-profile", name: "patient-profile" },
    { account: doctor, path: "/doctor-dashboard", name: "doctor-dashboard" },
    { account: doctor, path: "/doctor-dashboard/doctor-Meetings", name: "doctor-meetings" },
    { account: doctor, path: "/doctor-dashboard/doctor-profile", name: "doctor-profile" },
    { account: admin, path: "/admin-dashboard", name: "admin-dashboard" },
  ];
}

/** Opens `target` signed in as its account (a fresh sign-in when the account changes). */
export async function open(page: Page, target: SignedInPage, signedInAs: { id?: string }) {
  if (signedInAs.id !== target.account.id) {
    await page.context().clearCookies();
    await signIn(page, target.account);
    signedInAs.id = target.account.id;
  }
  await page.goto(target.path);
}
