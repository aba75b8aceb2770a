/** /patient-dashboard/patient-profile : name editable, email read-only, picture change. */
import type { Context } from "hono";
import { patientJson } from "../../../http/shapes";
import { Island } from "../../../islands";
import { pageAccount } from "../../../middleware/page-guard";
import { patientPage } from "./shell";

export function patientProfilePage(c: Context) {
  const patient = pageAccount(c, "patient");
  return patientPage(
    c,
    "My profile",
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">My profile</h1>
      <Island name="ProfileForm" props={{ role: "patient", profile: patientJson(patient) }} />
    </section>,
  );
}
