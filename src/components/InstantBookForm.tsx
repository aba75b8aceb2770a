/**
 * The booking page of a doctor with instant booking (issue 40): the next free times as a choice
 * of one, the reason, and "Book this time". A plain form (no script needed): it posts to
 * /patient-dashboard/bookAppointment/{doctorId}/instant, which books through the same use case as
 * the API's bookAppointment with `slotStart`, then opens the patient's meetings at the notice.
 * The times are in the patient's zone, named (issue 39).
 */
import { LIMITS } from "../domain/fields";
import type { Interval } from "../domain/availability";
import { formatDay, formatTime, type ReaderZone } from "../domain/time";
import type { FormState } from "../http/forms";
import { useT } from "../render/lang";
import { zoneName } from "../../islands/lib/time";
import { NoticeLine } from "./NoticeLine";
import { WhoField } from "./WhoField";
import type { FamilyMember } from "../domain/family";

/** How many of the next free times the form offers: a few days of a usual doctor's week. */
export const INSTANT_TIMES_SHOWN = 12;

type Props = {
  doctorId: string;
  doctorName: string;
  slots: Interval[];
  reader: ReaderZone;
  /** A refused post of this form: its message and what was typed and chosen. */
  form?: FormState;
  /** Who the visit may be for (issue 42): the account holder's name, and their family members. */
  who: { holder: string; members: FamilyMember[] };
};

export function InstantBookForm({ doctorId, doctorName, slots, reader, form, who }: Props) {
  const t = useT();
  const zone = reader.zone;
  const shown = slots.slice(0, INSTANT_TIMES_SHOWN);
  const chosen = form?.values.slotStart;
  return (
    <div class="instant-book">
      <h2 id="instant-title">{t("patient.instant.title")}</h2>
      <p class="small muted">{t("patient.instant.intro", { name: doctorName })}</p>
      <NoticeLine notice={form && { text: form.message, tone: "error" }} />
      {shown.length === 0 ? (
        <p class="small muted slot-none">{t("patient.slots.none")}</p>
      ) : (
        <form method="post" action={`/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}/instant`}>
          <fieldset class="slot-picker">
            <legend>{t("patient.instant.legend", { zone: zoneName(zone, t.lang) })}</legend>
            <div class="slot-times">
              {shown.map((slot, i) => {
                const iso = new Date(slot.start).toISOString();
                return (
                  <label class="slot">
                    <input type="radio" name="slotStart" value={iso} required checked={chosen === iso || (chosen === undefined && i === 0) ? true : undefined} />
                    <time datetime={iso}>{`${formatDay(iso, zone, t.lang)} ${formatTime(iso, zone, t.lang)}`}</time>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <WhoField id="instant-who" holder={who.holder} members={who.members} chosen={form?.values.forMemberId} />
          <div class="field">
            <label for="instant-reason">{t("patient.instant.reason")}</label>
            <textarea id="instant-reason" name="reason" rows={3} required maxlength={LIMITS.bookingReason.max}>
              {form?.values.reason ?? ""}
            </textarea>
          </div>
          <div class="actions">
            <button type="submit">{t("patient.instant.submit")}</button>
          </div>
        </form>
      )}
    </div>
  );
}
