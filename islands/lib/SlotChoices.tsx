/** @jsxImportSource react */
/**
 * The one-tap times of a pending request (issue 26): the patient's preferred times first, then
 * the doctor's next free times, in a form of their own before the date-and-time form (so that
 * Enter in a date field never picks one). Each is a submit button named `slot` whose value is the
 * ISO start: the form schedules it with or without script (scheduleForm reads `slot` instead of a
 * date and time). The doctor's hours are said below, with the rule that any other time is allowed.
 */
import type { FormEvent } from "react";
import type { Availability } from "../../src/domain/availability";
import { LOCALES, type Lang, type Translate } from "../../src/domain/i18n";
import { useLang, useT } from "./i18n";
import { formatDateTime, zoneName } from "./time";

export type SlotChoicesProps = {
  preferred: string[];
  free: string[];
  hours: Availability | null;
  zone: string;
  /** For the buttons' accessible names. */
  patientName: string;
  /** Where the form posts, its hidden fields, and the island's handler once live. */
  action: string;
  hidden: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** The free times shown after the preferred ones. */
const FREE_SHOWN = 4;

/**
 * Day 1 to 7, short, in `lang` ("Mon" to "Sun" in English), from a week that began on a Monday
 * (not the domain's WEEKDAYS: importing that module would weigh on the dashboard's first script).
 */
export const daysOf = (lang: Lang) => {
  const day = new Intl.DateTimeFormat(LOCALES[lang], { weekday: "short", timeZone: "UTC" });
  return [1, 2, 3, 4, 5, 6, 7].map((d) => day.format(Date.UTC(2024, 0, d)));
};

/** "Mon 09:00-12:00, 14:00-17:00; Wed 09:00-13:00; Central European Time (Berlin)": the zone named as every page names it. */
export function hoursSummary(hours: Availability, t: Translate, lang: Lang): string {
  const days = daysOf(lang).map((name, i) => {
    const ranges = hours.weekly.filter((r) => r.day === i + 1).map((r) => `${r.start}-${r.end}`);
    return ranges.length === 0 ? "" : `${name} ${ranges.join(", ")}`;
  }).filter(Boolean);
  return `${days.length === 0 ? t("slots.noHours") : days.join("; ")}; ${zoneName(hours.timeZone, lang)}`;
}

export function SlotChoices({ preferred, free, hours, zone, patientName, action, hidden, onSubmit }: SlotChoicesProps) {
  const t = useT();
  const lang = useLang();
  const others = free.filter((iso) => !preferred.includes(iso)).slice(0, FREE_SHOWN);
  const button = (iso: string, kind: string) => (
    <button key={iso} type="submit" name="slot" value={iso} className="button-secondary slot-choice" aria-label={t("slots.slotAria", { name: patientName, time: formatDateTime(iso, zone, lang), kind })}>
      {formatDateTime(iso, zone, lang)}
    </button>
  );
  return (
    <form className="slot-choices" method="post" action={action} onSubmit={onSubmit}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {preferred.length > 0 && (
        <div className="field">
          <span className="small">{t("slots.preferredBy")}</span>
          <div className="actions">{preferred.map((iso) => button(iso, t("slots.kindPreferred")))}</div>
        </div>
      )}
      {others.length > 0 && (
        <div className="field">
          <span className="small">{t("slots.nextFree")}</span>
          <div className="actions">{others.map((iso) => button(iso, t("slots.kindFree")))}</div>
        </div>
      )}
      <p className="small muted">
        {hours === null ? t("slots.orPick") : t("slots.orPickHours", { hours: hoursSummary(hours, t, lang) })}
      </p>
    </form>
  );
}
