/**
 * /doctor-dashboard/doctor-profile : name, specialization, college editable; email read-only;
 * status badge; picture. The form posts here (multipart) and comes back with the API's message,
 * or shows the refusal.
 */
import type { Context } from "hono";
import { PROFILE_UPDATED, updateDoctorProfile } from "../../../actions/profile";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, type FormState } from "../../../http/forms";
import { doctorProfileForm } from "../../../http/schemas";
import { doctorJson } from "../../../http/shapes";
import { Island } from "../../../render/islands";
import { pageAccount } from "../../../middleware/page-guard";
import { AccountSecuritySection, PASSWORD_FORM } from "../account-security";
import { mailPreferencesOf } from "../../../actions/mail-preferences";
import { MailPreferencesForm } from "../../../components/MailPreferencesForm";
import { mailMode } from "../../../mail/outbox";
import { doctorPage } from "./shell";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const mail = await mailPreferencesOf(deps, "doctor", doctor.id);
  // A refused change of password shows in its own form (issue 28), not in the profile's.
  const profileForm = form?.target === PASSWORD_FORM ? undefined : form;
  return doctorPage(
    c,
    "My profile",
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">My profile</h1>
      <Island name="ProfileForm" props={{ role: "doctor", profile: doctorJson(doctor), form: profileForm, notice: form ? undefined : takeNotice(c) }} />
      <MailPreferencesForm action="/doctor-dashboard/doctor-profile/mail" choice={mail} mailOn={mailMode(deps.config) !== "off"} />
      <AccountSecuritySection c={c} deps={deps} base="/doctor-dashboard/doctor-profile" form={form} />
    </section>,
  );
}

// Rendered on every request, not kept: its devices list moves with every sign-in anywhere (issue 28).
export const doctorProfilePage = (deps: Deps) => (c: Context) => render(c, deps);
export const doctorProfileAgain = (deps: Deps) => (c: Context, form: FormState) => render(c, deps, form);

export function doctorProfilePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorProfileForm,
      run: (input) => updateDoctorProfile(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      then: () => doneThen(c, c.req.path, { text: PROFILE_UPDATED, tone: "success" }),
    });
}
