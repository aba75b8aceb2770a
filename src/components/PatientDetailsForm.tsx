/**
 * Issue 56: the patient's date of birth and sex, which a prescription carries (optional), on the
 * profile page (a plain form posted to the profile's own action with the name unchanged), and on
 * the booking page while the profile lacks either (posted to the booking page's own action).
 */
import { EARLIEST_BIRTH, SEXES, type Sex } from "../domain/family";
import { DATE_INPUT_LANG } from "../domain/i18n";
import { useT } from "../render/lang";

type Props = {
  action: string;
  patient: { name: string; dateOfBirth: string | null; sex: Sex | null };
  id?: string;
  /** The booking page's refused post of this form: its message, said here, and what was sent. */
  refused?: { message: string; values: Record<string, string> };
};

export function PatientDetailsForm({ action, patient, id = "prescription-details", refused }: Props) {
  const t = useT();
  const dateOfBirth = refused ? (refused.values.dateOfBirth ?? "") : (patient.dateOfBirth ?? "");
  const sex = refused ? refused.values.sex : patient.sex;
  return (
    <form method="post" action={action} class="card text-form" id={id}>
      <h2>{t("records.detailsTitle")}</h2>
      <p class="muted small">{t("records.detailsIntro")}</p>
      {refused && (
        <p id={`${id}-error`} class="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      <input type="hidden" name="name" value={patient.name} />
      <div class="field">
        <label for="own-dob">{t("records.profileDob")}</label>
        <input id="own-dob" name="dateOfBirth" type="date" lang={DATE_INPUT_LANG[t.lang]} value={dateOfBirth} min={EARLIEST_BIRTH} aria-invalid={refused ? "true" : undefined} aria-describedby={refused ? `${id}-error` : undefined} />
      </div>
      <div class="field">
        <label for="own-sex">{t("records.profileSex")}</label>
        <select id="own-sex" name="sex">
          <option value="">{t("family.sexNone")}</option>
          {SEXES.map((s) => (
            <option value={s} selected={sex === s ? true : undefined}>
              {t("family.sexOf", { sex: s })}
            </option>
          ))}
        </select>
      </div>
      <div class="actions">
        <button type="submit">{t("family.save")}</button>
      </div>
    </form>
  );
}
