/**
 * The booking page of a doctor with instant booking (issue 40): the request page's picker (a day,
 * then its times; one to choose, none chosen at first: issue 52), the reason, and "Book this time". A plain form (no script needed): it posts to
 * /patient-dashboard/bookAppointment/{doctorId}/instant, which books through the same use case as
 * the API's bookAppointment with `slotStart`, then opens the patient's meetings at the notice.
 * The times are in the patient's zone, named (issue 39).
 */
import { LIMITS } from "../domain/fields";
import type { Slot } from "../domain/availability";
import type { PickerPlace } from "./SlotPicker";
import type { ReaderZone } from "../domain/time";
import type { FormState } from "../http/forms";
import { useT } from "../render/lang";
import { zoneName } from "../../islands/lib/time";
import { NoticeLine } from "./NoticeLine";
import { WhoField } from "./WhoField";
import { SlotPicker } from "./SlotPicker";
import type { FamilyMember } from "../domain/family";

/** The instant form's id: the picker's times and day belong to it (issue 52). */
export const INSTANT_FORM = "instant-form";

type Props = {
  doctorId: string;
  doctorName: string;
  slots: Slot[];
  /** Issue 54: the doctor's places, naming where the times are. */
  places?: readonly PickerPlace[];
  reader: ReaderZone;
  /** A refused post of this form: its message and what was typed and chosen. */
  form?: FormState;
  /** Who the visit may be for (issue 42): the account holder's name, and their family members. */
  who: { holder: string; members: FamilyMember[] };
};

export function InstantBookForm({ doctorId, doctorName, slots, places, reader, form, who }: Props) {
  const t = useT();
  const zone = reader.zone;
  const chosen = form?.values.slotStart;
  // A send with no time chosen is said beside the picker, not above the form (issue 52).
  // (the refusal names its field, "slotStart: …": the words beside the picker need not)
  const unchosen = form !== undefined && form.message.endsWith(t("msg.booking.chooseTime"));
  return (
    <div class="instant-book">
      <h2 id="instant-title">{t("patient.instant.title")}</h2>
      <p class="small muted">{t("patient.instant.intro", { name: doctorName })}</p>
      <NoticeLine notice={form && !unchosen && form.message !== "" ? { text: form.message, tone: "error" } : undefined} />
      {slots.length === 0 ? (
        <p class="small muted slot-none">{t("patient.slots.none")}</p>
      ) : (
        <form method="post" action={`/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}/instant`} id={INSTANT_FORM}>
          {/* The request page's picker (issue 52): a day, then its times; nothing chosen until the patient chooses. */}
          <SlotPicker
            slots={slots}
            places={places}
            reader={reader}
            ticked={chosen ? [chosen] : []}
            day={form?.values.day}
            refusal={unchosen ? t("msg.booking.chooseTime") : undefined}
            one={{ form: INSTANT_FORM, legend: t("patient.instant.legend", { zone: zoneName(zone, t.lang) }), hint: t("patient.instant.hint") }}
          />
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
