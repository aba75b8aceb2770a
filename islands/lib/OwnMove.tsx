/** @jsxImportSource react */
/**
 * Issue 40: the patient moves their own confirmed appointment, a second step behind a <details> as
 * the doctor's reschedule is. Issue 52: its picker is the booking page's, a day first, then that
 * day's free times as radio buttons (so Enter in the reason field never picks a time), nothing
 * chosen for the patient; an optional reason, one button. A plain form posting to the meetings
 * page (src/routes/pages/patient-dashboard/patient-meetings.tsx), with or without script: without
 * it "Show times" posts the form back to show the chosen day (what was typed comes back). Its
 * words come from the server as props (the island's share of the catalog stays under 1 KB).
 */
import { useEffect, useRef, useState } from "react";
import { LIMITS } from "../../src/domain/fields";
import { formatDay, formatTime } from "../../src/domain/time";
import type { FormState } from "../../src/http/forms";
import { daysOf } from "./days";
import { useViewerZone } from "./time";
import { useLang } from "./i18n";
import { Notice } from "./ui";

/** The move step's words, in the page's language (src/routes/pages/patient-dashboard/patient-meetings.tsx). */
export type MoveWords = { open: string; choose: string; reason: string; submit: string; none: string; day: string; show: string };

/** The doctor's free times as the booking picker carries them: the first start, then the gaps (ms). */
export type FreeTimes = { from: string; gaps: number[] };

/** The target of a refused move, for the appointment it belongs to. */
export const moveTarget = (id: string) => `move:${id}`;

export function OwnMove(props: { id: string; free: FreeTimes | null; timeZone: string; words: MoveWords; refused?: FormState }) {
  const { id, free, words } = props;
  const zone = useViewerZone(props.timeZone);
  const lang = useLang();
  const mine = props.refused?.target === moveTarget(id) ? props.refused : undefined;
  const days = free ? daysOf(free.from, free.gaps, zone) : [];
  const asked = mine?.values.day;
  const [day, setDay] = useState(days.some((d) => d.date === asked) ? asked! : (days[0]?.date ?? ""));
  const [live, setLive] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    setLive(true);
    // A day chosen before the code arrived is the one shown.
    if (select.current && select.current.value !== day) setDay(select.current.value);
  }, []);
  const field = (name: string) => `${name}-own-move-${id}`;
  const shown = days.find((d) => d.date === day) ?? days[0];
  return (
    <details className="reschedule own-move" open={mine !== undefined}>
      <summary>{words.open}</summary>
      {shown === undefined ? (
        <p className="small muted">{words.none}</p>
      ) : (
        <form className="own-move-form" method="post" action="/patient-dashboard/patient-meetings/reschedule">
          <input type="hidden" name="appointmentId" value={id} />
          <fieldset className="slot-picker">
            <legend className="small">{words.choose}</legend>
            <div className="field slot-day-pick">
              <label htmlFor={field("day")}>{words.day}</label>
              <div className="slot-day-row">
                <select id={field("day")} name="day" ref={select} value={shown.date} onChange={(e) => setDay(e.target.value)}>
                  {days.map((d) => (
                    <option key={d.date} value={d.date}>
                      {formatDay(d.starts[0]!, zone, lang)}
                    </option>
                  ))}
                </select>
                {!live && (
                  <button type="submit" name="show" value="day" formNoValidate className="button-secondary">
                    {words.show}
                  </button>
                )}
              </div>
            </div>
            <div className="slot-times" role="group" aria-label={formatDay(shown.starts[0]!, zone, lang)} key={shown.date}>
              {shown.starts.map((iso, i) => (
                <label className="slot" key={iso}>
                  <input type="radio" name="slotStart" value={iso} required={i === 0} defaultChecked={mine?.values.slotStart === iso} />
                  <time dateTime={iso}>{formatTime(iso, zone, lang)}</time>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={field("reason")}>{words.reason}</label>
            <input id={field("reason")} name="reason" maxLength={LIMITS.cancelReason.max} defaultValue={mine?.values.reason} />
          </div>
          <div className="actions">
            <button type="submit">{words.submit}</button>
          </div>
          <Notice text={mine?.message || null} tone="error" />
        </form>
      )}
    </details>
  );
}
