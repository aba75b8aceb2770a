/**
 * /doctor-dashboard/doctor-profile : name, specialization, college editable; email read-only;
 * status badge; picture. The form posts here (multipart) and comes back with the API's message,
 * or shows the refusal.
 */
import type { Context } from "hono";
import { PROFILE_UPDATED, updateDoctorProfile } from "../../../actions/profile";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { doctorProfileForm } from "../../../http/schemas";
import { doctorJson } from "../../../http/shapes";
import { Island } from "../../../render/islands";
import { TimeZoneForm } from "../../../components/TimeZone";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { keptViewerPage } from "../kept";
import { doctorPage } from "./shell";

function render(c: Context, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  return doctorPage(
    c,
    "My profile",
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">My profile</h1>
      <PendingChangeNote doctor={doctor} />
      <Island name="ProfileForm" props={{ role: "doctor", profile: doctorJson(doctor), form, notice: form ? undefined : takeNotice(c) }} />
      <TimeZoneForm zone={viewerTimeZone(c)} />
    </section>,
  );
}

export const doctorProfilePage = (deps: Deps) => (c: Context) => keptViewerPage(c, deps, () => render(c, takeRefused(c)));
export const doctorProfileAgain = render;

export function doctorProfilePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorProfileForm,
      run: (input) => updateDoctorProfile(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, form),
      page: c.req.path,
      then: () => doneThen(c, c.req.path, { text: PROFILE_UPDATED, tone: "success" }),
    });
}

/** An approved doctor's change waiting for the admin (issue 27): what patients still see meanwhile. */
function PendingChangeNote({ doctor }: { doctor: { specialization: string; collegeName: string; pendingSpecialization: string | null; pendingCollegeName: string | null } }) {
  const waiting = [
    doctor.pendingSpecialization !== null && `specialization to ${doctor.pendingSpecialization} (patients see ${doctor.specialization} until then)`,
    doctor.pendingCollegeName !== null && `college to ${doctor.pendingCollegeName} (patients see ${doctor.collegeName} until then)`,
  ].filter(Boolean);
  if (waiting.length === 0) return null;
  return <p class="notice notice-info">Your change of {waiting.join(" and ")} is waiting for the admin's review.</p>;
}
