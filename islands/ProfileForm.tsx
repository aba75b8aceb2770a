/** @jsxImportSource react */
/**
 * Profile form for patients and doctors: name (and for doctors specialization and college)
 * editable, email read-only, the doctor's account status badge, and a picture change. The form
 * posts to its page (multipart), which saves it without script; live, the island sends it to the
 * API and stays on the page.
 */
import { useState, type FormEvent } from "react";
import { IMAGE_ACCEPT, IMAGE_TYPE_MESSAGE, LIMITS, SPECIALIZATIONS } from "../src/domain/fields";
import { DETAIL_LIMITS, LANGUAGE_CODES, type LanguageCode } from "../src/domain/doctor-details";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { doctorJson, patientJson } from "../src/http/shapes";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { useT } from "./lib/i18n";
import { shrinkPicture } from "./lib/shrink";
import { Notice, useRefreshOnReturn } from "./lib/ui";

type PatientProfile = ReturnType<typeof patientJson>;
type DoctorProfile = ReturnType<typeof doctorJson>;
/** A refused post (its message and what was typed) and the notice a saved one left. */
type Posted = { form?: FormState; notice?: NoticeJson };
/**
 * The doctor's details' words (issue 41), said by the server in the page's language so that the
 * island's own messages stay small: the fields' labels and the languages' names.
 */
export type DetailWords = { labels: Record<"heading" | "registrationNumber" | "registrationCouncil" | "experienceYears" | "languages" | "fee" | "about", string>; languages: Record<LanguageCode, string> };
export type Props = ({ role: "patient"; profile: PatientProfile } | { role: "doctor"; profile: DoctorProfile; details: DetailWords }) & Posted;

function pictureUrl(props: Props, version: number): string | null {
  const file = props.profile.profileImage;
  if (!file) return null;
  // The doctor's picture URL carries a cache-busting query (SPEC §7).
  return props.role === "doctor" ? `/uploads/doctors/${file}?v=${version}` : `/uploads/patients/${file}`;
}

export default function ProfileForm(initial: Props) {
  const t = useT();
  const say = useHumanMessage();
  const [props, setProps] = useState<Props>(initial);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(initial.form?.message ?? null);
  const [success, setSuccess] = useState<string | null>(initial.notice?.text ?? null);
  // What a refused post typed wins over the stored profile, until the next save.
  const typed = version === 0 ? (initial.form?.values ?? {}) : {};
  const [busy, setBusy] = useState(false);
  const profile = props.profile;
  const picture = pictureUrl(props, version);

  useRefreshOnReturn(async () => {
    const answer = await api(`/${initial.role}-profile`);
    if (!answer.ok) {
      setError(t("ProfileForm.loadFailed"));
      return;
    }
    setProps(initial.role === "doctor" ? { ...initial, profile: answer.body.doctor } : { role: "patient", profile: answer.body.patient });
    setVersion((v) => v + 1);
  });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("profileImage");
    if (file instanceof File && file.size > 0 && !/\.(jpe?g|png)$/i.test(file.name)) {
      setError(say(IMAGE_TYPE_MESSAGE));
      return;
    }
    for (const field of ["name", "specialization", "collegeName"]) {
      if (data.has(field) && String(data.get(field)).trim() === "") {
        setError(t("ProfileForm.required", { field }));
        return;
      }
    }
    setBusy(true);
    setError(null);
    setSuccess(null);
    if (file instanceof File && file.size > 0) data.set("profileImage", await shrinkPicture(file));
    // The page's ticked languages (`languages[]`, one field each) go to the API as its comma-separated `languages`.
    if (data.has("languages[]")) {
      data.set("languages", data.getAll("languages[]").filter((v) => v !== "").join(","));
      data.delete("languages[]");
    }
    const answer = await api(`/${props.role}-profile`, { method: "PUT", form: data });
    setBusy(false);
    if (!answer.ok) {
      setError(say.or(answer, t("ProfileForm.saveFailed")));
      return;
    }
    setProps(props.role === "doctor" ? { ...props, profile: answer.body.doctor } : { role: "patient", profile: answer.body.patient });
    setVersion((v) => v + 1);
    form.reset();
    setSuccess(t("ProfileForm.saved"));
  }

  return (
    <form className="card profile-form" method="post" onSubmit={save} encType="multipart/form-data">
      <div className="profile-head">
        {picture ? (
          <img className="avatar avatar-large" src={picture} alt={t("ProfileForm.pictureOf", { name: profile.name })} width="96" height="96" />
        ) : (
          <span className="avatar avatar-large" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        {props.role === "doctor" && (
          <p>
            {`${t("ProfileForm.accountStatus")} `}<span className={`badge badge-${props.profile.status}`}>{t(`status.${props.profile.status}`)}</span>
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="name">{t("ProfileForm.name")}</label>
        <input id="name" name="name" required maxLength={LIMITS.name.max} defaultValue={typed.name ?? profile.name} key={`name-${version}`} />
      </div>
      <div className="field">
        <label htmlFor="email">{t("ProfileForm.email")}</label>
        <input id="email" type="email" value={profile.email} readOnly aria-readonly="true" />
      </div>
      {props.role === "doctor" && (
        <>
          <div className="field">
            <label htmlFor="specialization">{t("ProfileForm.spec")}</label>
            <select id="specialization" name="specialization" required defaultValue={typed.specialization ?? props.profile.specialization} key={`spec-${version}`}>
              {SPECIALIZATIONS.map((s) => (
                <option key={s} value={s}>
                  {t(`spec.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="collegeName">{t("ProfileForm.college")}</label>
            <input
              id="collegeName"
              name="collegeName"
              required
              maxLength={LIMITS.collegeName.max}
              defaultValue={typed.collegeName ?? props.profile.collegeName}
              key={`college-${version}`}
            />
          </div>
          <DoctorDetails profile={props.profile} words={props.details} typed={typed} version={version} />
        </>
      )}
      <div className="field">
        <label htmlFor="profileImage">{t("ProfileForm.picture")}</label>
        <input id="profileImage" name="profileImage" type="file" accept={IMAGE_ACCEPT} />
      </div>
      <Notice text={error} tone="error" />
      <Notice text={success} tone="success" />
      <button type="submit" disabled={busy}>
        {t("ProfileForm.save")}
      </button>
    </form>
  );
}

/** The doctor's details (issue 41): registration, experience, fee, languages and about; a field left blank keeps or clears it (src/http/schemas/profile.ts). */
function DoctorDetails({ profile, words, typed, version }: { profile: DoctorProfile; words: DetailWords; typed: Record<string, string>; version: number }) {
  const { labels } = words;
  // A refused post's ticks (one a line, an empty first) win over the stored languages.
  const ticked = typed["languages[]"] !== undefined ? typed["languages[]"].split("\n") : profile.languages;
  const field = (name: "registrationNumber" | "registrationCouncil", value: string | null, max: number) => (
    <div className="field">
      <label htmlFor={name}>{labels[name]}</label>
      <input id={name} name={name} maxLength={max} defaultValue={typed[name] ?? value ?? ""} key={`${name}-${version}`} />
    </div>
  );
  const count = (name: "experienceYears" | "fee", value: number | null) => (
    <div className="field">
      <label htmlFor={name}>{labels[name]}</label>
      <input id={name} name={name} type="number" inputMode="numeric" min={0} max={DETAIL_LIMITS[name].max} step={1} defaultValue={typed[name] ?? value ?? ""} key={`${name}-${version}`} />
    </div>
  );
  return (
    <fieldset className="details">
      <legend>{labels.heading}</legend>
      {field("registrationNumber", profile.registration.number, DETAIL_LIMITS.registrationNumber.max)}
      {field("registrationCouncil", profile.registration.council, DETAIL_LIMITS.registrationCouncil.max)}
      {count("experienceYears", profile.experienceYears)}
      {count("fee", profile.fee)}
      <fieldset className="checks" key={`languages-${version}`}>
        <legend>{labels.languages}</legend>
        {/* Always sent, so that no language ticked clears them rather than keeping them. */}
        <input type="hidden" name="languages[]" value="" />
        {LANGUAGE_CODES.map((code) => (
          <label key={code} className="check">
            <input type="checkbox" name="languages[]" value={code} defaultChecked={(ticked as string[]).includes(code)} /> {words.languages[code]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="about">{labels.about}</label>
        <textarea id="about" name="about" rows={4} maxLength={DETAIL_LIMITS.about.max} defaultValue={typed.about ?? profile.about ?? ""} key={`about-${version}`} />
      </div>
    </fieldset>
  );
}
