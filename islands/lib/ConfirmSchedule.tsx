/** @jsxImportSource react */
/**
 * The question before a time is scheduled (issue 39): "Schedule Neha S. on Mon, 30 Nov 2026,
 * 14:00 IST?" with Schedule (the strong button) and Go back; a time outside the doctor's hours
 * or on a day off asks a second time, naming why. A real form: without script the server renders
 * it at the top of the dashboard (the tap posted here without `confirm`), and its button posts
 * the schedule with `confirm` 1 (then the hours are checked) or 2 (out of hours, confirmed).
 * Live, the island shows it in place and its buttons call `onConfirm` and `onBack`.
 */
import { useEffect, useRef, type FormEvent } from "react";
import type { Lang, Translate } from "../../src/domain/i18n";
import { formatDay, formatTime } from "../../src/domain/time";
import { useLang, useT } from "./i18n";
import { daysOf } from "./SlotChoices";
import { formatDateTime, zoneName } from "./time";

import type { ScheduleQuestion as Ask, OutsideWhy as Why } from "../../src/domain/availability";

export type { Ask };

/** "14:00 is outside your hours (Mon 09:00–13:00)." or "Sat, 5 Dec is a day off.", the times in `zone`. */
export function whyWords(why: Why, at: string, zone: string, t: Translate, lang: Lang): string {
  if ("dayOff" in why) return t("slots.dayOff", { day: formatDay(at, why.zone, lang) });
  const day = daysOf(lang)[why.weekday - 1]!;
  const ranges = why.ranges.map((r) => `${r.start}–${r.end}`).join(", ");
  const hours = `${day} ${ranges || t("slots.noHours")}${why.zone === zone ? "" : `, ${zoneName(why.zone, lang)}`}`;
  return t("slots.outsideHours", { time: formatTime(at, zone, lang), hours });
}

export function ConfirmSchedule({ ask, zone, onConfirm, onBack }: {
  ask: Ask;
  zone: string;
  onConfirm?: (ask: Ask) => void;
  onBack?: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const panel = useRef<HTMLDivElement>(null);
  // Live, the question takes the focus: it is the next thing to answer.
  useEffect(() => panel.current?.focus(), [ask]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (onConfirm === undefined) return;
    event.preventDefault();
    onConfirm(ask);
  };
  return (
    <div ref={panel} tabIndex={-1} id="confirm-schedule" className="card confirm-panel" role="group" aria-labelledby="confirm-schedule-question">
      <p id="confirm-schedule-question">
        <strong>{t("slots.confirmAsk", { name: ask.name, when: formatDateTime(ask.at, zone, lang) })}</strong>
      </p>
      {ask.why && <p className="notice notice-info">{whyWords(ask.why, ask.at, zone, t, lang)}</p>}
      <form method="post" action="/doctor-dashboard/schedule" onSubmit={submit}>
        <input type="hidden" name="appointmentId" value={ask.appointmentId} />
        <input type="hidden" name="patientId" value={ask.patientId} />
        <input type="hidden" name="slot" value={ask.at} />
        <input type="hidden" name="confirm" value={ask.why ? "2" : "1"} />
        {ask.placeId && <input type="hidden" name="placeId" value={ask.placeId} />}
        <div className="actions">
          <button type="submit">{t(ask.why ? "slots.confirmAnyway" : "slots.confirm")}</button>
          <a
            href="/doctor-dashboard"
            className="button button-secondary"
            onClick={(e) => {
              if (onBack === undefined) return;
              e.preventDefault();
              onBack();
            }}
          >
            {t("slots.goBack")}
          </a>
        </div>
      </form>
    </div>
  );
}
