/**
 * The family members on the patient's profile (issue 42): each person's form (save, remove) and
 * the form to add one, plain forms posted without script to /patient-dashboard/patient-profile/family...
 * A refused post comes back in the form it came from (`form.target`), with what was typed.
 */
import { EARLIEST_BIRTH, MAX_FAMILY, RELATIONS, SEXES, type FamilyMember } from "../domain/family";
import { LIMITS } from "../domain/fields";
import { DATE_INPUT_LANG } from "../domain/i18n";
import type { FormState, Notice } from "../http/forms";
import { useT } from "../render/lang";
import { NoticeLine } from "./NoticeLine";

/** The target of a refused post of the add form, or of one member's form. */
export const NEW_MEMBER = "family-new";
export const memberTarget = (id: string) => `family:${id}`;
export const isFamilyTarget = (target: string | undefined) => target === NEW_MEMBER || target?.startsWith("family:") === true;

type Values = Partial<Record<"name" | "relation" | "dateOfBirth" | "sex", string>>;

function MemberFields({ prefix, values }: { prefix: string; values: Values }) {
  const t = useT();
  return (
    <>
      <div class="field">
        <label for={`${prefix}-name`}>{t("family.name")}</label>
        <input id={`${prefix}-name`} name="name" value={values.name ?? ""} required maxlength={LIMITS.name.max} autocomplete="off" />
      </div>
      <div class="field">
        <label for={`${prefix}-relation`}>{t("family.relation")}</label>
        <select id={`${prefix}-relation`} name="relation" required>
          {RELATIONS.map((r) => (
            <option value={r} selected={values.relation === r ? true : undefined}>
              {t("family.rel", { relation: r })}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${prefix}-dob`}>{t("family.dob")}</label>
        <input id={`${prefix}-dob`} name="dateOfBirth" type="date" lang={DATE_INPUT_LANG[t.lang]} value={values.dateOfBirth ?? ""} min={EARLIEST_BIRTH} required />
      </div>
      <div class="field">
        <label for={`${prefix}-sex`}>{t("family.sex")}</label>
        <select id={`${prefix}-sex`} name="sex">
          <option value="">{t("family.sexNone")}</option>
          {SEXES.map((s) => (
            <option value={s} selected={values.sex === s ? true : undefined}>
              {t("family.sexOf", { sex: s })}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The `at` of a family form's notice that has no member's card to show it in (a removal): the section's. */
export const FAMILY_NOTICE = "family";

/**
 * `notice`: a family form's result (issue 52), shown beside the form used: its member's card, the
 * add form (`at` its target), or the section's top (FAMILY_NOTICE, or a member no longer shown).
 */
export function FamilySection({ base, members, form, notice }: { base: string; members: FamilyMember[]; form?: FormState; notice?: Notice }) {
  const t = useT();
  const refusedIn = (target: string) => (form?.target === target ? form : undefined);
  const noticeIn = (target: string) => (notice?.at === target ? notice : undefined);
  const shownAt = (target: string) => target === NEW_MEMBER || members.some((m) => memberTarget(m.id) === target);
  const adding = refusedIn(NEW_MEMBER);
  // A refusal about a member this account does not keep (gone, or never its own) has no form of its own: said above them all.
  const orphan = isFamilyTarget(form?.target) && form?.target !== NEW_MEMBER && !members.some((m) => memberTarget(m.id) === form?.target) ? form : undefined;
  return (
    <section id="family" class="card family" aria-labelledby="family-title">
      <h2 id="family-title">{t("family.title")}</h2>
      <p class="small muted">{t("family.intro", { max: MAX_FAMILY })}</p>
      <NoticeLine notice={orphan ? { text: orphan.message, tone: "error" } : notice && !shownAt(notice.at ?? "") ? notice : undefined} />
      {members.length === 0 && <p class="muted">{t("family.none")}</p>}
      {members.map((m) => {
        const refused = refusedIn(memberTarget(m.id));
        const values: Values = refused?.values ?? { name: m.name, relation: m.relation, dateOfBirth: m.dateOfBirth, sex: m.sex ?? "" };
        const action = `${base}/family/${encodeURIComponent(m.id)}`;
        return (
          <div class="family-member" aria-label={m.name}>
            <NoticeLine notice={refused ? { text: refused.message, tone: "error" } : noticeIn(memberTarget(m.id))} />
            <form method="post" action={action}>
              <MemberFields prefix={`member-${m.id}`} values={values} />
              <div class="actions">
                <button type="submit">{t("family.save")}</button>
                <button type="submit" class="button-secondary" formAction={`${action}/remove`} formnovalidate>
                  {t("family.remove")}
                </button>
              </div>
            </form>
          </div>
        );
      })}
      {members.length < MAX_FAMILY ? (
        <form method="post" action={`${base}/family`} class="family-add" aria-labelledby="family-add-title">
          <h3 id="family-add-title">{t("family.addTitle")}</h3>
          <NoticeLine notice={adding ? { text: adding.message, tone: "error" } : noticeIn(NEW_MEMBER)} />
          <MemberFields prefix="member-new" values={adding?.values ?? {}} />
          <div class="actions">
            <button type="submit">{t("family.add")}</button>
          </div>
        </form>
      ) : (
        <p class="muted">{t("family.full", { max: MAX_FAMILY })}</p>
      )}
    </section>
  );
}
