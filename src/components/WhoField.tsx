/**
 * "Who is this visit for?" (issue 42): the account holder first, then their family members; a
 * plain form field (`forMemberId`, empty for the holder), shown only to a patient who keeps
 * members. `form` ties it to a form elsewhere on the page (the booking island's, like the slot
 * picker's boxes).
 */
import type { FamilyMember } from "../domain/family";
import { useT } from "../render/lang";

type Props = { id: string; holder: string; members: Pick<FamilyMember, "id" | "name" | "relation">[]; chosen?: string; form?: string };

export function WhoField({ id, holder, members, chosen, form }: Props) {
  const t = useT();
  if (members.length === 0) return null;
  return (
    <div class="field who-field">
      <label for={id}>{t("family.who")}</label>
      <select id={id} name="forMemberId" form={form}>
        <option value="">{t("family.me", { name: holder })}</option>
        {members.map((m) => (
          <option value={m.id} selected={chosen === m.id ? true : undefined}>
            {t("family.member", { name: m.name, relation: m.relation })}
          </option>
        ))}
      </select>
    </div>
  );
}
