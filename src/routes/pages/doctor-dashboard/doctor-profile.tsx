/**
 * /doctor-dashboard/doctor-profile : name, specialization, college editable; email read-only;
 * status badge; picture; the doctor's hours (issue 26), time zone (issue 27), mail choices
 * (issue 25), password and devices (issue 28). Each form posts and comes back with its message,
 * or shows the refusal beside the form it came from.
 */
import { DataExport } from "../../../components/DataExport";
import type { Context } from "hono";
import { getAvailability, setAvailability } from "../../../actions/availability";
import { placesOf } from "../../../actions/places";
import { updateDoctorProfile } from "../../../actions/profile";
import { together } from "../../../db/together";
import { HOURS_NOTICE, HoursForm } from "../../../components/HoursForm";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { doctorProfilePageForm, hoursForm } from "../../../http/schemas";
import { LANGUAGE_CODES, registrationOf, type RegistrationColumns } from "../../../domain/doctor-details";
import type { DetailWords } from "../../../../islands/ProfileForm";
import { doctorJson } from "../../../http/shapes";
import { Island } from "../../../render/islands";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { AccountSecuritySection, ownSessions, PASSWORD_FORM } from "../account-security";
import { DeleteAccountLink } from "../account-delete";
import { TWO_FACTOR_FORM, TwoFactorSection } from "../two-factor";
import { twoFactorState } from "../../../actions/two-factor";
import { signedInUser } from "../../../middleware/session";
import { mailPreferencesOf } from "../../../actions/mail-preferences";
import { MailPreferencesForm } from "../../../components/MailPreferencesForm";
import { mailMode } from "../../../mail/outbox";
import { doctorPage } from "./shell";
import { tOf } from "../../../i18n/request";
import type { Key, T } from "../../../i18n/catalog";
import { LOCALES } from "../../../domain/i18n";
import { useT } from "../../../render/lang";

import { isPhoneTarget, PHONE_FORM, PhoneSection } from "../phone";
import { phoneJson } from "../../../http/shapes";
import { smsMode } from "../../../mail/texts";

const PATH = "/doctor-dashboard/doctor-profile";
const HOURS = "hours";

async function render(c: Context, deps: Deps, refused?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  // A refusal belongs to the form it came from: the hours form, the password form (issue 28) or the profile form.
  const [form, hoursRefused] = refused?.target === HOURS ? [undefined, refused] : [refused, undefined];
  const profileForm = form?.target === PASSWORD_FORM || form?.target === TWO_FACTOR_FORM || isPhoneTarget(form?.target) ? undefined : form;
  // The page's reads go in one round trip (issue 43).
  // Issue 52: a notice of the hours form shows in the hours card; any other, at the top.
  const notice = refused ? undefined : takeNotice(c);
  const hoursNotice = notice?.at === HOURS_NOTICE ? notice : undefined;
  // Issue 55: the phone section's notice shows in it.
  const phoneNotice = notice?.at === PHONE_FORM ? notice : undefined;
  const [hours, mail, sessions, twoFactor, places] = await together(() =>
    Promise.all([getAvailability(deps, doctor.id), mailPreferencesOf(deps, "doctor", doctor.id), ownSessions(c, deps), twoFactorState(deps, signedInUser(c)), placesOf(deps, doctor.id)]),
  );
  return doctorPage(
    c,
    t("doctorPage.profileTitle"),
    <section class="page-narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">{t("doctorPage.profileTitle")}</h1>
      <PendingChangeNote doctor={doctor} />
      <RegistrationNote doctor={doctor} />
      <Island
        name="ProfileForm"
        props={{ role: "doctor", profile: doctorJson(doctor), details: detailWords(t), form: profileForm, notice: hoursNotice || phoneNotice ? undefined : notice }}
      />
      {/* Issue 54: the places of practice, a page of their own under the profile. */}
      <p class="card places-link">
        <a href="/doctor-dashboard/doctor-profile/places">{t("places.link")}</a>
        <br />
        <span class="small muted">{t("places.linkNote")}</span>
      </p>
      {/* One zone control for a doctor (issue 52): the hours form's, which is also the zone they read times in. */}
      <HoursForm hours={hours} fallbackZone={doctor.timeZone ?? viewerTimeZone(c)} form={hoursRefused} notice={hoursNotice} places={places} />
      <PhoneSection c={c} base={PATH} phone={phoneJson(doctor)} on={smsMode(deps.config) !== "off"} form={form} notice={phoneNotice} />
      <MailPreferencesForm action="/doctor-dashboard/doctor-profile/mail" choice={mail} mailOn={mailMode(deps.config) !== "off"} />
      <AccountSecuritySection c={c} base="/doctor-dashboard/doctor-profile" form={form} sessions={sessions} />
      <TwoFactorSection c={c} deps={deps} base="/doctor-dashboard/doctor-profile" state={twoFactor} form={form} />
      <DataExport />
      <DeleteAccountLink c={c} role="doctor" />
    </section>,
    PATH,
  );
}

// Rendered on every request, not kept: its devices list moves with every sign-in anywhere (issue 28).
export const doctorProfilePage = (deps: Deps) => (c: Context) => render(c, deps, takeRefused(c));
export const doctorProfileAgain = (deps: Deps) => (c: Context, form: FormState) => render(c, deps, form);

/** The hours form (issue 26): the same rule as PUT /api/auth/doctor-dashboard/availability. */
export function doctorHoursPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: hoursForm,
      target: () => HOURS,
      run: (input) => setAvailability(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      page: PATH,
      then: () => doneThen(c, PATH, { text: tOf(c)("doctorPage.hoursSaved"), tone: "success", at: HOURS_NOTICE }),
    });
}

export function doctorProfilePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorProfilePageForm,
      run: (input) => updateDoctorProfile(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      page: c.req.path,
      then: () => doneThen(c, c.req.path, { text: tOf(c)("doctorPage.profileUpdated"), tone: "success" }),
    });
}

/** An approved doctor's change waiting for the admin (issue 27): what patients still see meanwhile. */
function PendingChangeNote({ doctor }: { doctor: { specialization: string; collegeName: string; pendingSpecialization: string | null; pendingCollegeName: string | null } }) {
  const t = useT();
  const spec = (name: string) => t(`spec.${name}` as Key);
  const waiting: string[] = [];
  if (doctor.pendingSpecialization !== null)
    waiting.push(t("doctorPage.pendingSpecialization", { pending: spec(doctor.pendingSpecialization), current: spec(doctor.specialization) }));
  if (doctor.pendingCollegeName !== null) waiting.push(t("doctorPage.pendingCollege", { pending: doctor.pendingCollegeName, current: doctor.collegeName }));
  if (waiting.length === 0) return null;
  // "A and B" in the page's language (Intl.ListFormat).
  const changes = new Intl.ListFormat(LOCALES[t.lang], { type: "conjunction" }).format(waiting);
  return <p class="notice notice-info">{t("doctorPage.pendingChange", { changes })}</p>;
}

/** The details' labels and the languages' names in the page's language, for the profile form (kept out of its island catalog for its weight). */
function detailWords(t: T): DetailWords {
  return {
    labels: {
      heading: t("doctorPage.details"),
      registrationNumber: t("doctorPage.registrationNumber"),
      registrationCouncil: t("doctorPage.registrationCouncil"),
      experienceYears: t("doctorPage.experienceYears"),
      languages: t("doctorPage.languages"),
      fee: t("doctorPage.fee"),
      about: t("doctorPage.about"),
    },
    languages: Object.fromEntries(LANGUAGE_CODES.map((code) => [code, t(`language.${code}`)])) as DetailWords["languages"],
  };
}

/** The registration as it stands (issue 41): verified, waiting for the admin (with the pair patients see meanwhile), or refused with the admin's reason. */
function RegistrationNote({ doctor }: { doctor: RegistrationColumns }) {
  const t = useT();
  const shown = registrationOf(doctor);
  if (shown.number === null || shown.council === null) return null;
  const pair = { number: shown.number, council: shown.council };
  if (shown.verified) return <p class="notice notice-success">{t("doctorPage.registrationVerified", pair)}</p>;
  if (shown.reason !== null) return <p class="notice notice-error">{t("doctorPage.registrationRefused", { ...pair, reason: shown.reason })}</p>;
  const kept = doctor.registrationNumber !== null && doctor.registrationCouncil !== null;
  return (
    <p class="notice notice-info">
      {t("doctorPage.registrationWaiting", pair)}
      {kept && ` ${t("doctorPage.registrationKept", { number: doctor.registrationNumber!, council: doctor.registrationCouncil! })}`}
    </p>
  );
}
