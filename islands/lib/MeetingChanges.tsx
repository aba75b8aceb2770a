/** @jsxImportSource react */
/**
 * Issue 26 on the meetings pages: the doctor's reschedule form of a confirmed meeting, the note
 * that a meeting was moved (from when, and why), and the times a patient asked for. The form is
 * plain HTML posting to the doctor's meetings page (the server reads the date and time in the zone
 * it names), with or without script; its date and time are native date and time fields (issue 39).
 */
import { Fragment, type ReactNode } from "react";
import { LIMITS } from "../../src/domain/fields";
import { DATE_INPUT_LANG } from "../../src/domain/i18n";
import type { FormState } from "../../src/http/forms";
import type { AppointmentJson } from "../../src/http/shapes";
import { formatDateTime, LocalTime, useViewerZone, zoneName } from "./time";
import { useLang, useT } from "./i18n";
import { Notice, withNodes } from "./ui";
import type { PlaceChoice } from "../../src/domain/places";
import { PlaceSelect } from "./PlaceSelect";

/**
 * "Moved by the doctor from <time>. Reason: <reason>", when the meeting was moved. A move by the
 * patient (issue 40) is said with `byPatient`, the page's words from the server ("{moved}" and
 * "{time}" where those go; the islands' catalog shares stay small), and its reason, if one was given.
 */
export function RescheduledNote({ meeting, timeZone, byPatient }: { meeting: AppointmentJson; timeZone: string; byPatient?: string }) {
  const t = useT();
  const moved = meeting.rescheduled;
  if (!moved) return null;
  const nodes: Record<string, ReactNode> = { moved: <strong>{t("state.moved")}</strong>, time: <LocalTime iso={moved.from} timeZone={timeZone} />, reason: moved.reason };
  if (moved.by !== "patient" || byPatient === undefined) {
    return <p className="notice notice-info rescheduled">{withNodes(t, "story.movedNote", {}, nodes)}</p>;
  }
  return (
    <p className="notice notice-info rescheduled">
      {byPatient.split(/\{(\w+)\}/).map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{nodes[part]}</Fragment>))}
      {moved.reason !== "" && ` ${t("reason.ending")} ${moved.reason}`}
    </p>
  );
}

/** The preferred times a pending request names. */
export function PreferredTimesNote({ meeting, timeZone }: { meeting: AppointmentJson; timeZone: string }) {
  const zone = useViewerZone(timeZone);
  const t = useT();
  const lang = useLang();
  if (meeting.status !== "pending" || meeting.preferredTimes.length === 0) return null;
  return (
    <p className="small preferred-times">
      <strong>{t("preferred.asked")}</strong> {meeting.preferredTimes.map((iso) => formatDateTime(iso, zone, lang)).join("; ")}
    </p>
  );
}

/** The target of a refused reschedule post, for the meeting it belongs to. */
export const rescheduleTarget = (id: string) => `reschedule:${id}`;

/** Issue 54: `places`, the place selector (when the doctor keeps a place). */
export function RescheduleForm({ meeting, timeZone, refused, places }: { meeting: AppointmentJson; timeZone: string; refused?: FormState; places?: PlaceChoice }) {
  const zone = useViewerZone(timeZone);
  const t = useT();
  const lang = useLang();
  const mine = refused?.target === rescheduleTarget(meeting._id) ? refused : undefined;
  const id = (name: string) => `${name}-move-${meeting._id}`;
  return (
    <details className="reschedule" open={mine !== undefined}>
      <summary>{t("act.move")}</summary>
      <form className="schedule-form" method="post" action="/doctor-dashboard/doctor-Meetings/reschedule">
        <input type="hidden" name="appointmentId" value={meeting._id} />
        <input type="hidden" name="tz" value={zone} />
        <div className="field">
          <label htmlFor={id("date")}>{t("reschedule.newDate")}</label>
          <input id={id("date")} name="date" type="date" lang={DATE_INPUT_LANG[lang]} defaultValue={mine?.values.date} />
        </div>
        <div className="field">
          <label htmlFor={id("time")}>{withNodes(t, "reschedule.newTime", {}, { zone: zoneName(zone, lang) })}</label>
          <input id={id("time")} name="time" type="time" defaultValue={mine?.values.time} />
        </div>
        <div className="field">
          <label htmlFor={id("reason")}>{t("reschedule.moveReason")}</label>
          <input id={id("reason")} name="reason" maxLength={LIMITS.cancelReason.max} defaultValue={mine?.values.reason} />
        </div>
        {places && <PlaceSelect choice={places} id={id("place")} value={mine?.values.placeId} />}
        <div className="actions">
          <button type="submit">{t("act.move")}</button>
        </div>
        <Notice text={mine?.message ?? null} tone="error" />
      </form>
    </details>
  );
}
