/**
 * The doctor's notes and prescription form (issue 56), a plain form posted without script to
 * /doctor-dashboard/records/{id} (save the draft), .../issue (save, then issue) or .../amend (a new
 * issued version). Every label in the page's language; what the doctor wrote stays as written.
 */
import { DATE_INPUT_LANG } from "../domain/i18n";
import { NOTICE_ID } from "../domain/notice";
import { MEDICINE_FORMS, NOTE_SECTIONS, RECORD_LIMITS as L, type Medicine, type RecordNote } from "../domain/records";
import type { FormState } from "../http/forms";
import { useT } from "../render/lang";

/** What the form shows: what was saved, or what a refused post brought back. */
export type RecordValues = Record<string, string>;

/** The form's values from a saved record. */
export function recordValues(r: { note: RecordNote; medicines: Medicine[]; followUp: string | null } | null): RecordValues {
  if (r === null) return {};
  const values: RecordValues = { ...r.note, followUp: r.followUp ?? "" };
  r.medicines.forEach((m, i) => {
    for (const [k, v] of Object.entries(m)) values[`m${i}.${k}`] = String(v);
  });
  return values;
}

/** How many medicine lines hold something in `values`. */
const filledLines = (values: RecordValues) => {
  let n = 0;
  for (let i = 0; i < L.medicines.max; i++) if (["name", "dose", "frequency", "durationDays"].some((f) => (values[`m${i}.${f}`] ?? "") !== "")) n = i + 1;
  return n;
};

function MedicineLine({ i, values }: { i: number; values: RecordValues }) {
  const t = useT();
  const v = (f: string) => values[`m${i}.${f}`] ?? "";
  const id = (f: string) => `m${i}-${f}`;
  const input = (f: string, label: string, max: number, extra: Record<string, string> = {}) => (
    <div class="field">
      <label for={id(f)}>{label}</label>
      <input id={id(f)} name={`m${i}.${f}`} value={v(f)} maxlength={max} autocomplete="off" {...extra} />
    </div>
  );
  return (
    <fieldset class="record-line">
      <legend>{t("records.medicineN", { n: i + 1 })}</legend>
      {input("name", t("records.medName"), L.name.max)}
      {input("brand", t("records.brand"), L.brand.max)}
      {input("strength", t("records.strength"), L.strength.max)}
      <div class="field">
        <label for={id("form")}>{t("records.form")}</label>
        <select id={id("form")} name={`m${i}.form`}>
          {MEDICINE_FORMS.map((f) => (
            <option value={f} selected={v("form") === f ? true : undefined}>
              {t("records.formOf", { form: f })}
            </option>
          ))}
        </select>
      </div>
      {input("dose", t("records.dose"), L.dose.max)}
      {input("frequency", t("records.frequency"), L.frequency.max)}
      {input("durationDays", t("records.days"), 3, { inputmode: "numeric", pattern: "[0-9]*" })}
      {input("instructions", t("records.instructions"), L.instructions.max)}
    </fieldset>
  );
}

/** The form; `amend` posts a new issued version instead of the draft's two buttons. */
export function RecordForm({ action, values, form, amend }: { action: string; values: RecordValues; form?: FormState; amend?: boolean }) {
  const t = useT();
  const shown = form?.values ?? values;
  const lines = Math.min(L.medicines.max, filledLines(shown) + 2);
  return (
    <form method="post" action={amend ? `${action}/amend` : action} class="card record-form" id="record-form">
      {form && (
        <p id={NOTICE_ID} tabindex={-1} class="notice notice-error" role="alert">
          {form.message}
        </p>
      )}
      {NOTE_SECTIONS.map((s) => (
        <div class="field">
          <label for={`r-${s}`}>{t("records.section", { section: s })}</label>
          <textarea id={`r-${s}`} name={s} maxlength={L.section.max} rows={s === "complaints" || s === "advice" ? 3 : 2}>
            {shown[s] ?? ""}
          </textarea>
        </div>
      ))}
      <div class="field">
        <label for="r-followUp">{t("records.followUp")}</label>
        <input id="r-followUp" name="followUp" type="date" lang={DATE_INPUT_LANG[t.lang]} value={shown.followUp ?? ""} />
      </div>
      <h2>{t("records.medicines")}</h2>
      {Array.from({ length: lines }, (_, i) => (
        <MedicineLine i={i} values={shown} />
      ))}
      {lines < L.medicines.max && <p class="muted small">{t("records.moreLines", { max: L.medicines.max })}</p>}
      <div class="actions">
        {amend ? (
          <button type="submit">{t("records.amend")}</button>
        ) : (
          <>
            <button type="submit" class="button-secondary">
              {t("records.save")}
            </button>
            <button type="submit" formaction={`${action}/issue`}>
              {t("records.issue")}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
