/**
 * The booking page's way onto a doctor's waitlist (issue 40 item 5), under "Book this time" for a
 * doctor with instant booking: the reason and the last day the patient can come (empty: two weeks),
 * a plain form (no script needed) that posts to /patient-dashboard/bookAppointment/{doctorId}/waitlist
 * and joins through the same use case as the API's POST /waitlist.
 */
import { LIMITS } from "../domain/fields";
import { DATE_INPUT_LANG } from "../domain/i18n";
import { WAITLIST_MAX_DAYS } from "../domain/waitlist";
import { dateInZone } from "../domain/time";
import type { FormState } from "../http/forms";
import { useT } from "../render/lang";
import { zoneName } from "../../islands/lib/time";
import { NoticeLine } from "./NoticeLine";

type Props = {
  doctorId: string;
  doctorName: string;
  /** The doctor's zone, in which the last day is a day. */
  doctorZone: string;
  now: Date;
  /** A refused post of this form: its message and what was typed. */
  form?: FormState;
};

export function WaitlistJoinForm({ doctorId, doctorName, doctorZone, now, form }: Props) {
  const t = useT();
  const today = dateInZone(now, doctorZone);
  const last = dateInZone(now.getTime() + WAITLIST_MAX_DAYS * 86_400_000, doctorZone);
  return (
    <div class="waitlist-join">
      <h2 id="waitlist-title">{t("patient.waitlist.joinTitle")}</h2>
      <p class="small muted">{t("patient.waitlist.joinIntro", { name: doctorName })}</p>
      <NoticeLine notice={form && { text: form.message, tone: "error" }} />
      <form method="post" action={`/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}/waitlist`}>
        <div class="field">
          <label for="waitlist-reason">{t("patient.waitlist.reason")}</label>
          <textarea id="waitlist-reason" name="reason" rows={2} required maxlength={LIMITS.bookingReason.max}>
            {form?.values.reason ?? ""}
          </textarea>
        </div>
        <div class="field">
          <label for="waitlist-until">{t("patient.waitlist.until", { zone: zoneName(doctorZone, t.lang) })}</label>
          <input id="waitlist-until" name="until" type="date" lang={DATE_INPUT_LANG[t.lang]} min={today} max={last} value={form?.values.until ?? ""} />
        </div>
        <div class="actions">
          <button type="submit" class="button-secondary">{t("patient.waitlist.join")}</button>
        </div>
      </form>
    </div>
  );
}
