/**
 * The patient's waitlists on their meetings page (issue 40 item 5): each doctor they wait for,
 * until when, and a time held for them with its Accept and Decline forms (else Leave). Plain forms,
 * no script needed; they post to /patient-dashboard/patient-meetings/waitlist/{accept,decline,leave}
 * with the entry's id and come back here with the notice. Times in the reader's zone, named.
 */
import { formatCalendarDate, formatDay, formatTime, type ReaderZone } from "../domain/time";
import type { FormState } from "../http/forms";
import { useT } from "../render/lang";
import { zoneName } from "../../islands/lib/time";
import { NoticeLine } from "./NoticeLine";

/** One entry as the panel shows it (times ISO). */
export type WaitlistItem = { id: string; doctorName: string; until: string; offer: { slotStart: string; expiresAt: string } | null };

const ACTION = "/patient-dashboard/patient-meetings/waitlist";

/** The form target of an entry's refusal: "waitlist:<id>". */
export const waitlistTarget = (entryId: string) => `waitlist:${entryId}`;

function EntryForm({ entryId, action, label, primary }: { entryId: string; action: string; label: string; primary?: boolean }) {
  return (
    <form method="post" action={`${ACTION}/${action}`} class="inline-form">
      <input type="hidden" name="entryId" value={entryId} />
      <button type="submit" class={primary ? undefined : "button-secondary"}>
        {label}
      </button>
    </form>
  );
}

export function WaitlistPanel({ entries, reader, form }: { entries: WaitlistItem[]; reader: ReaderZone; form?: FormState }) {
  const t = useT();
  if (entries.length === 0) return null;
  const when = (iso: string) => `${formatDay(iso, reader.zone, t.lang)} ${formatTime(iso, reader.zone, t.lang)}`;
  return (
    <section class="card waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{t("patient.waitlist.title")}</h2>
      <ul class="waitlist-entries">
        {entries.map((e) => (
          <li>
            {form?.target === waitlistTarget(e.id) ? <NoticeLine notice={{ text: form.message, tone: "error" }} /> : null}
            {e.offer === null ? (
              <>
                <p>{t("patient.waitlist.waiting", { name: e.doctorName, until: formatCalendarDate(e.until, t.lang) })}</p>
                <EntryForm entryId={e.id} action="leave" label={t("patient.waitlist.leave")} />
              </>
            ) : (
              <>
                <p>
                  <strong>{t("patient.waitlist.offered", { name: e.doctorName, when: when(e.offer.slotStart) })}</strong>{" "}
                  {t("patient.waitlist.heldUntil", { time: formatTime(e.offer.expiresAt, reader.zone, t.lang), zone: zoneName(reader.zone, t.lang) })}
                </p>
                <div class="actions">
                  <EntryForm entryId={e.id} action="accept" label={t("patient.waitlist.accept")} primary />
                  <EntryForm entryId={e.id} action="decline" label={t("patient.waitlist.decline")} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
