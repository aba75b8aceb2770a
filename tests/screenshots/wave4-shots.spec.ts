/**
 * Issues 41 and 44 to look at, not to compare: the public directory and a profile, the signup
 * page's consent notice, the notice at the top of a person's pages until accepted, the erasure
 * page, the profile's two-factor setup and the login's code step, at 360 and 1280 px, light and
 * dark, English and Hindi, with and without script, into screenshots/ or $SHOTS_DIR.
 */
import { adminAccount, apiCall, createDoctor, test } from "../e2e/support/fixtures";
import { shootAll, type Shot } from "./shoot";
import { E2E_PORT, PASSWORD } from "../e2e/support/env";

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));

test("directory, consent, erasure and two-factor pages", async ({ browser }) => {
  test.setTimeout(600_000);
  const doctor = await createDoctor({ name: "Dr. Kavya Rao", specialization: "Dermatologist" });
  const login = await apiCall("POST", "/loginDoctor", { email: doctor.email, password: PASSWORD });
  const form = new FormData();
  const fields = { name: "Dr. Kavya Rao", specialization: "Dermatologist", collegeName: "AIIMS Delhi", registrationNumber: "DMC/R/04512", registrationCouncil: "Delhi Medical Council", languages: "hi,en,pa", fee: "400", experienceYears: "12", about: "Skin, hair and nail care for all ages; acne, eczema and psoriasis." };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  await fetch(`${BASE}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${login.token}` }, body: form });
  await apiCall("PATCH", `/admin-dashboard/doctor-registration/${doctor.id}`, { verified: true }, (await adminAccount()).token);
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone: "Asia/Kolkata", weekly: ALL_DAY, daysOff: [], instantBooking: true }, login.token);
  // A patient who signed up through a client that sends no consent: the notice waits at the top of their pages.
  const unasked = await apiCall("POST", "/signupPatient", { name: "Uma Unasked", email: `unasked-${Date.now()}@example.com`, password: PASSWORD });
  // A patient who began setting up two-factor sign-in: the QR code and the key wait on the profile.
  const setting = await apiCall("POST", "/signupPatient", { name: "Tara Twostep", email: `twostep-${Date.now()}@example.com`, password: PASSWORD, consent: true });
  await apiCall("POST", "/2fa/setup", {}, setting.token);

  const shots: Shot[] = [
    ["directory", undefined, "/doctors?specialization=Dermatologist"],
    ["directory-profile", undefined, `/doctors/${doctor.id}`],
    ["signup-consent", undefined, "/signupPatient"],
    ["consent-notice", unasked.token, "/patient-dashboard"],
    ["erasure", setting.token, "/patient-dashboard/patient-profile/delete"],
    ["two-factor-setup", setting.token, "/patient-dashboard/patient-profile#two-factor"],
  ];
  await shootAll(browser, shots);
});
