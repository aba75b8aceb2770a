/**
 * Issue 40 to look at, not to compare: the booking page of a doctor with instant booking ("Book
 * this time" and the waitlist's join form) and the meetings page with a time held for the patient
 * (Accept, Decline), at 360 and 1280 px, light and dark, English and Hindi, with and without
 * script, into screenshots/ or $SHOTS_DIR.
 */
import { apiCall, createPatient, freeSlotAfter, instantDoctor, test } from "../e2e/support/fixtures";
import { shootAll, type Shot } from "./shoot";

test("waitlist: the booking page's join form and the held time on the meetings page", async ({ browser }) => {
  test.setTimeout(300_000);
  const doctor = await instantDoctor("Dr. Kavya Rao", "Dermatologist", "Asia/Kolkata");
  const holder = await createPatient("Hari Holder");
  const slotStart = await freeSlotAfter(doctor, holder, 6);
  const held = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Rash", slotStart }, holder.token);
  const waiting = await createPatient("Wanda Waiting");
  const browsing = await createPatient("Bela Browsing");
  await apiCall("POST", "/patient-dashboard/waitlist", { doctorId: doctor.id, reason: "Itchy skin" }, waiting.token);
  await apiCall("POST", "/patient-dashboard/cancelAppointment", { appointmentId: held.appointment._id, reason: "Better" }, holder.token);
  const shots: Shot[] = [
    ["waitlist-book", browsing.token, `/patient-dashboard/bookAppointment/${doctor.id}`],
    ["waitlist-offer", waiting.token, "/patient-dashboard/patient-meetings"],
  ];
  await shootAll(browser, shots);
});
