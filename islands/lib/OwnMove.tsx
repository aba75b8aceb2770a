/** @jsxImportSource react */
/**
 * Issue 40: the patient moves their own confirmed meeting, a second step behind a <details> as
 * the doctor's reschedule is: the doctor's next free times as a choice (radio buttons, so that
 * Enter in the reason field never picks a time), an optional reason, one button. A plain form
 * posting to the meetings page (src/routes/pages/patient-dashboard/patient-meetings.tsx), with or
 * without script: the page comes back with the doctor's free times as they are then. Its words
 * come from the server as props (the island's share of the catalog stays under 1 KB).
 */
import { LIMITS } from "../../src/domain/fields";
import type { FormState } from "../../src/http/forms";
import { formatDateTime, useViewerZone } from "./time";
import { useLang } from "./i18n";
import { Notice } from "./ui";

/** The move step's words, in the page's language (src/routes/pages/patient-dashboard/patient-meetings.tsx). */
export type MoveWords = { open: string; choose: string; reason: string; submit: string; none: string };

/** The target of a refused move, for the meeting it belongs to. */
export const moveTarget = (id: string) => `move:${id}`;

export function OwnMove(props: { id: string; free: string[]; timeZone: string; words: MoveWords; refused?: FormState }) {
  const { id, free, words } = props;
  const zone = useViewerZone(props.timeZone);
  const lang = useLang();
  const mine = props.refused?.target === moveTarget(id) ? props.refused : undefined;
  const field = (name: string) => `${name}-own-move-${id}`;
  return (
    <details className="reschedule own-move" open={mine !== undefined}>
      <summary>{words.open}</summary>
      {free.length === 0 ? (
        <p className="small muted">{words.none}</p>
      ) : (
        <form className="schedule-form" method="post" action="/patient-dashboard/patient-meetings/reschedule">
          <input type="hidden" name="appointmentId" value={id} />
          <fieldset className="field">
            <legend className="small">{words.choose}</legend>
            {free.map((iso, i) => (
              <label key={iso} className="slot-choice">
                <input type="radio" name="slotStart" value={iso} required={i === 0} defaultChecked={mine?.values.slotStart === iso} /> {formatDateTime(iso, zone, lang)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={field("reason")}>{words.reason}</label>
            <input id={field("reason")} name="reason" maxLength={LIMITS.cancelReason.max} defaultValue={mine?.values.reason} />
          </div>
          <div className="actions">
            <button type="submit">{words.submit}</button>
          </div>
          <Notice text={mine?.message ?? null} tone="error" />
        </form>
      )}
    </details>
  );
}
