/**
 * Issue 44, item 9: "Delete my account", the second step after the profile page's link, at
 * {profile}/delete for patients and doctors. It says what goes and what stays, asks for the
 * password and a tick box, and posts a plain form (no script needed) to the same use case as
 * POST /api/auth/account/delete; done, the browser is signed out and lands on the home page with
 * a notice (303). A refusal shows the page again with the message beside the form.
 */
import { CodeField } from "./two-factor";
import { withdrawConsent } from "../../actions/consent";
import type { Context } from "hono";
import { eraseAccount } from "../../actions/erasure";
import { NoticeLine } from "../../components/NoticeLine";
import type { Deps } from "../../config/deps";
import { LIMITS } from "../../domain/fields";
import { doneThen, handleForm, type FormState } from "../../http/forms";
import { deleteAccountForm } from "../../http/schemas";
import { endSessionCookie } from "../../http/session-token";
import { tOf } from "../../i18n/request";
import { askerOf } from "../../middleware/device";
import { signedInUser } from "../../middleware/session";
import { doctorPage } from "./doctor-dashboard/shell";
import { patientPage } from "./patient-dashboard/shell";

type Side = "patient" | "doctor";
const PROFILE: Record<Side, string> = { patient: "/patient-dashboard/patient-profile", doctor: "/doctor-dashboard/doctor-profile" };

/** The profile page's way to the erasure page (below its "Password and devices"). */
export function DeleteAccountLink({ c, role }: { c: Context; role: Side }) {
  const t = tOf(c);
  return (
    <p class="delete-account">
      <a href={`${PROFILE[role]}/delete`}>{t("erasure.link")}</a>
    </p>
  );
}

function render(c: Context, role: Side, form?: FormState): Promise<Response> {
  const t = tOf(c);
  const base = PROFILE[role];
  const body = (
    <section class="page-narrow" aria-labelledby="delete-title">
      <h1 id="delete-title">{t("erasure.title")}</h1>
      <p>{t("erasure.intro")}</p>
      <h2>{t("erasure.goesTitle")}</h2>
      <p>{t("erasure.goes", { role })}</p>
      <h2>{t("erasure.openTitle")}</h2>
      <p>{t("erasure.open", { role })}</p>
      <h2>{t("erasure.staysTitle")}</h2>
      <p>{t("erasure.stays", { role })}</p>
      <p>{t("erasure.again")}</p>
      <form method="post" action={`${base}/delete`} class="card">
        <div class="field">
          <label for="password">{t("erasure.password")}</label>
          <input id="password" name="password" type="password" autocomplete="current-password" maxlength={LIMITS.password.max} required />
        </div>
        {/* Issue 51: with two-factor sign-in on, a code too. */}
        {signedInUser(c).account.twoFactorAt !== null && <CodeField id="erasure-code" label={t("account.twoFactorCodeOrRecovery")} />}
        <label class="check">
          <input type="checkbox" name="confirm" value="on" required /> {t("erasure.confirm")}
        </label>
        <NoticeLine notice={form && { text: form.message, tone: "error" }} />
        <button type="submit" class="button-danger">
          {t("erasure.submit")}
        </button>{" "}
        <a href={base}>{t("erasure.cancel")}</a>
      </form>
      {/* Issue 51: the lesser step: withdraw consent, keep the account. */}
      <h2>{t("erasure.withdrawTitle")}</h2>
      <p>{t("erasure.withdrawIntro")}</p>
      <form method="post" action={`${base}/consent/withdraw`}>
        <button type="submit" class="button-secondary">
          {t("erasure.withdrawSubmit")}
        </button>
      </form>
    </section>
  );
  return role === "patient" ? patientPage(c, t("erasure.title"), body) : doctorPage(c, t("erasure.title"), body);
}

/** Issue 51: POST {profile}/consent/withdraw: the same use case as DELETE /api/auth/consent; back to the profile with a notice. */
export function consentWithdrawPost(deps: Deps, role: Side) {
  return async (c: Context) => {
    await withdrawConsent(deps, role, signedInUser(c).account.id);
    return doneThen(c, PROFILE[role], { text: tOf(c)("erasure.withdrawn"), tone: "success" });
  };
}

/** GET {profile}/delete (behind the role's page guard). */
export const accountDeletePage = (role: Side) => (c: Context) => render(c, role);

/** POST {profile}/delete: the same use case as the JSON call; signed out and home with a notice. */
export function accountDeletePost(deps: Deps, role: Side) {
  return (c: Context) =>
    handleForm(c, {
      schema: deleteAccountForm,
      run: (input) => eraseAccount(deps, signedInUser(c), input, askerOf(c, deps)),
      again: (form) => render(c, role, form),
      then: () => {
        endSessionCookie(c);
        return doneThen(c, "/", { text: tOf(c)("erasure.done"), tone: "success" });
      },
    });
}
