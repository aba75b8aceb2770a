/**
 * /patient-dashboard/patient-profile : name editable, email read-only, picture change. The form
 * posts here (multipart) and comes back with the API's message, or shows the refusal.
 */
import type { Context } from "hono";
import { PROFILE_UPDATED, updatePatientProfile } from "../../../actions/profile";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { patientProfileForm } from "../../../http/schemas";
import { patientJson } from "../../../http/shapes";
import { Island } from "../../../render/islands";
import { TimeZoneForm } from "../../../components/TimeZone";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { keptViewerPage } from "../kept";
import { patientPage } from "./shell";

function render(c: Context, form?: FormState): Promise<Response> {
  const patient = pageAccount(c, "patient");
  return patientPage(
    c,
    "My profile",
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">My profile</h1>
      <Island name="ProfileForm" props={{ role: "patient", profile: patientJson(patient), form, notice: form ? undefined : takeNotice(c) }} />
      <TimeZoneForm zone={viewerTimeZone(c)} />
    </section>,
  );
}

export const patientProfilePage = (deps: Deps) => (c: Context) => keptViewerPage(c, deps, () => render(c, takeRefused(c)));
export const patientProfileAgain = render;

export function patientProfilePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: patientProfileForm,
      run: (input) => updatePatientProfile(deps, pageAccount(c, "patient").id, input),
      again: (form) => render(c, form),
      page: c.req.path,
      then: () => doneThen(c, c.req.path, { text: PROFILE_UPDATED, tone: "success" }),
    });
}
