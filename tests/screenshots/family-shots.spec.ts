/**
 * Issue 42 to look at, not to compare: the profile's family section, the booking page's "Who is
 * this visit for?", the doctor's card for a child and the parent's meetings card, at 360 and 1280
 * px, light and dark, English and Hindi, with and without script, into screenshots/ or $SHOTS_DIR.
 */
import { apiCall, createDoctor, createPatient, test } from "../e2e/support/fixtures";
import { shootAll, type Shot } from "./shoot";

test("family: profile section, booking for a child, both sides' cards", async ({ browser }) => {
  test.setTimeout(300_000);
  const doctor = await createDoctor({ name: "Dr. Meera Kids", specialization: "Pediatrician" });
  const parent = await createPatient("Priya Sharma");
  const year = new Date().getUTCFullYear();
  const { member } = await apiCall("POST", "/patient-dashboard/family", { name: "Aarav Sharma", relation: "child", dateOfBirth: `${year - 6}-03-01` }, parent.token);
  await apiCall("POST", "/patient-dashboard/family", { name: "Ramesh Sharma", relation: "parent", dateOfBirth: "1950-07-15", sex: "male" }, parent.token);
  await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason: "Fever for three days", forMemberId: member._id }, parent.token);
  const shots: Shot[] = [
    ["family-profile", parent.token, "/patient-dashboard/patient-profile#family"],
    ["family-book", parent.token, `/patient-dashboard/bookAppointment/${doctor.id}`],
    ["family-meetings", parent.token, "/patient-dashboard/patient-meetings"],
    ["family-doctor", doctor.token, "/doctor-dashboard"],
  ];
  await shootAll(browser, shots);
});
