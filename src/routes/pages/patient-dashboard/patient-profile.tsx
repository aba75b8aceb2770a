/**
 * /patient-dashboard/patient-profile : name editable, email read-only, picture change, time zone
 * (issue 27), mail choices (issue 25), password and devices (issue 28), family members (issue 42).
 * The form posts here (multipart) and comes back with the API's message, or shows the refusal; the
 * family forms post to .../family, .../family/{id} and .../family/{id}/remove.
 */
import { DataExport } from "../../../components/DataExport";
import type { Context } from "hono";
import type { z } from "zod";
import { PROFILE_UPDATED, updatePatientProfile } from "../../../actions/profile";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { familyForm, familyIdParam, patientProfileForm } from "../../../http/schemas";
import { addFamilyMember, editFamilyMember, familyOf, removeFamilyMember } from "../../../actions/family";
import { FAMILY_NOTICE, FamilySection, isFamilyTarget, memberTarget, NEW_MEMBER } from "../../../components/FamilySection";
import type { Key } from "../../../i18n/catalog";
import { patientJson, phoneJson } from "../../../http/shapes";
import { isPhoneTarget, PHONE_FORM, PhoneSection } from "../phone";
import { smsMode } from "../../../mail/texts";
import { Island } from "../../../render/islands";
import { TimeZoneForm } from "../../../components/TimeZone";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { AccountSecuritySection, ownSessions, PASSWORD_FORM } from "../account-security";
import { DeleteAccountLink } from "../account-delete";
import { TWO_FACTOR_FORM, TwoFactorSection } from "../two-factor";
import { twoFactorState } from "../../../actions/two-factor";
import { signedInUser } from "../../../middleware/session";
import { mailPreferencesOf } from "../../../actions/mail-preferences";
import { together } from "../../../db/together";
import { MailPreferencesForm } from "../../../components/MailPreferencesForm";
import { mailMode } from "../../../mail/outbox";
import { patientPage } from "./shell";
import { PatientDetailsForm } from "../../../components/PatientDetailsForm";
import { tOf } from "../../../i18n/request";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const patient = pageAccount(c, "patient");
  // The page's reads go in one round trip (issue 43).
  const [mail, sessions, family, twoFactor] = await together(() =>
    Promise.all([mailPreferencesOf(deps, "patient", patient.id), ownSessions(c, deps), familyOf(deps, patient.id), twoFactorState(deps, signedInUser(c))]),
  );
  // A refused change of password (issue 28) or of the family (issue 42) shows in its own form, not in the profile's.
  const profileForm = form?.target === PASSWORD_FORM || form?.target === TWO_FACTOR_FORM || isFamilyTarget(form?.target) || isPhoneTarget(form?.target) ? undefined : form;
  const t = tOf(c);
  // Issue 52: a family form's notice shows beside that form; any other, at the top.
  const notice = form ? undefined : takeNotice(c);
  const familyNotice = notice?.at !== undefined && (notice.at === FAMILY_NOTICE || isFamilyTarget(notice.at)) ? notice : undefined;
  // Issue 55: the phone section's notice shows in it.
  const phoneNotice = notice?.at === PHONE_FORM ? notice : undefined;
  return patientPage(
    c,
    t("patient.profile.title"),
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">{t("patient.profile.title")}</h1>
      <Island name="ProfileForm" props={{ role: "patient", profile: patientJson(patient), form: profileForm, notice: familyNotice || phoneNotice ? undefined : notice }} />
      <PatientDetailsForm action={PROFILE} patient={patient} />
      <TimeZoneForm zone={viewerTimeZone(c)} />
      <FamilySection base={PROFILE} members={family} form={form} notice={familyNotice} />
      <PhoneSection c={c} base={PROFILE} phone={phoneJson(patient)} on={smsMode(deps.config) !== "off"} form={form} notice={phoneNotice} />
      <MailPreferencesForm action="/patient-dashboard/patient-profile/mail" choice={mail} mailOn={mailMode(deps.config) !== "off"} />
      <AccountSecuritySection c={c} base="/patient-dashboard/patient-profile" form={form} sessions={sessions} />
      <TwoFactorSection c={c} deps={deps} base="/patient-dashboard/patient-profile" state={twoFactor} form={form} />
      <DataExport />
      <DeleteAccountLink c={c} role="patient" />
    </section>,
  );
}

// Rendered on every request, not kept: its devices list moves with every sign-in anywhere (issue 28).
export const patientProfilePage = (deps: Deps) => (c: Context) => render(c, deps, takeRefused(c));
export const patientProfileAgain = (deps: Deps) => (c: Context, form: FormState) => render(c, deps, form);

export function patientProfilePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: patientProfileForm,
      run: (input) => updatePatientProfile(deps, pageAccount(c, "patient").id, input),
      again: (form) => render(c, deps, form),
      page: c.req.path,
      then: () => doneThen(c, c.req.path, { text: PROFILE_UPDATED, tone: "success" }),
    });
}

const PROFILE = "/patient-dashboard/patient-profile";

/** One family form's post (issue 42): the same use case as its JSON twin, then the profile with a notice. */
function familyPost<S extends typeof familyForm | typeof familyIdParam>(deps: Deps, schema: S, target: (c: Context) => string, done: Key, run: (c: Context, input: z.output<S>) => Promise<unknown>, at = target) {
  return (c: Context) =>
    handleForm(c, {
      schema,
      extra: { id: c.req.param("id") },
      target: () => target(c),
      // (handleForm's output type of a schema that is itself a type parameter stays opaque to TypeScript)
      run: (input) => run(c, input as z.output<S>),
      again: (form) => render(c, deps, form),
      page: PROFILE,
      // Issue 52: the notice shows beside the form used (its member's card, the add form, or the section's top).
      then: () => doneThen(c, PROFILE, { text: tOf(c)(done), tone: "success", at: at(c) }),
    });
}

const holder = (c: Context) => pageAccount(c, "patient").id;
const member = (c: Context) => memberTarget(c.req.param("id") ?? "");

export const familyAddPost = (deps: Deps) => familyPost(deps, familyForm, () => NEW_MEMBER, "family.added", (c, input) => addFamilyMember(deps, holder(c), input));
export const familyEditPost = (deps: Deps) =>
  familyPost(deps, familyForm, member, "family.updated", (c, input) => editFamilyMember(deps, holder(c), c.req.param("id") ?? "", input));
export const familyRemovePost = (deps: Deps) =>
  familyPost(deps, familyIdParam, member, "family.removed", (c, input) => removeFamilyMember(deps, holder(c), input.id), () => FAMILY_NOTICE);
