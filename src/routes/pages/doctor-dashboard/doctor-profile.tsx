/** /doctor-dashboard/doctor-profile : name, specialization, college editable; email read-only; status badge; picture. */
import type { Context } from "hono";
import { doctorJson } from "../../../http/shapes";
import { Island } from "../../../islands";
import { pageAccount } from "../../../middleware/page-guard";
import { doctorPage } from "./shell";

export function doctorProfilePage(c: Context) {
  const doctor = pageAccount(c, "doctor");
  return doctorPage(
    c,
    "My profile",
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">My profile</h1>
      <Island name="ProfileForm" props={{ role: "doctor", profile: doctorJson(doctor) }} />
    </section>,
  );
}
