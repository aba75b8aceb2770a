/**
 * The doctor's hours on the profile page (issue 26): their time zone (a select, India's first: the
 * doctor's one zone, issue 52), the hours of each weekday as
 * "09:00-12:00, 14:00-17:00", and days off one per line. A plain form: it posts to
 * /doctor-dashboard/doctor-profile/hours, read by hoursForm (src/http/schemas/hours.ts) into the API's shape.
 * Its words are the page's language (issue 31); the weekdays are Intl's.
 */
import { WEEKDAYS, type Availability } from "../domain/availability";
import { LOCALES, type Lang } from "../domain/i18n";
import type { FormState, Notice } from "../http/forms";
import { translator } from "../i18n/catalog";
import { useT } from "../render/lang";
import { NoticeLine } from "./NoticeLine";
import { ZoneSelect } from "./TimeZone";
import { placeDayField } from "../domain/places";

/** Weekday `i` (0 Monday to 6 Sunday) as `lang` writes it: "Monday", "सोमवार". */
export function weekdayName(i: number, lang: Lang): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(LOCALES[lang], { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + i));
}

/**
 * The form's text for saved hours: each weekday's ranges, and the days off one a line. A range of
 * days off is written "from to to" in English, "from – to" in Hindi: hoursForm reads either.
 */
export function hoursFormValues(hours: Availability | null, fallbackZone: string, lang: Lang = "en"): Record<string, string> {
  const t = translator(lang);
  const values: Record<string, string> = { tz: hours?.timeZone ?? fallbackZone };
  const ranges = (day: number, placeId: string | undefined) =>
    (hours?.weekly ?? []).filter((r) => r.day === day && r.placeId === placeId).map((r) => `${r.start}-${r.end}`).join(", ");
  WEEKDAYS.forEach((_, i) => {
    values[`day${i + 1}`] = ranges(i + 1, undefined);
  });
  // Issue 54: each place's hours, in its own fields.
  for (const placeId of new Set((hours?.weekly ?? []).flatMap((r) => (r.placeId === undefined ? [] : [r.placeId])))) {
    WEEKDAYS.forEach((_, i) => {
      const text = ranges(i + 1, placeId);
      if (text !== "") values[placeDayField(placeId, i + 1)] = text;
    });
  }
  // Issue 52: as India writes a date (dd/mm/yyyy), never a raw ISO date; the form reads both.
  const day = (iso: string) => iso.split("-").reverse().join("/");
  values.daysOff = (hours?.daysOff ?? []).map((d) => (d.from === d.to ? day(d.from) : t("hoursForm.range", { from: day(d.from), to: day(d.to) }))).join("\n");
  // A tick box posts "on" when ticked and nothing otherwise (issue 40).
  if (hours?.instantBooking === true) values.instantBooking = "on";
  return values;
}

/** The `at` of the hours form's notice (issue 52): shown in its own card, beside the form. */
export const HOURS_NOTICE = "hours";

/** One set of the seven day fields: the video hours (`field` day1...), or a place's (issue 54). */
function DayFields({ values, field, idOf }: { values: Record<string, string>; field: (day: number) => string; idOf: (day: number) => string }) {
  const t = useT();
  return (
    <>
      {WEEKDAYS.map((_, i) => (
        <div class="field">
          <label for={idOf(i + 1)}>{weekdayName(i, t.lang)}</label>
          <input id={idOf(i + 1)} name={field(i + 1)} value={values[field(i + 1)] ?? ""} placeholder="09:00-12:00, 14:00-17:00" />
        </div>
      ))}
    </>
  );
}

export function HoursForm({ hours, fallbackZone, form, notice, places = [] }: { hours: Availability | null; fallbackZone: string; form?: FormState; notice?: Notice; places?: { id: string; name: string }[] }) {
  const t = useT();
  const values = form?.values ?? hoursFormValues(hours, fallbackZone, t.lang);
  const videoDays = <DayFields values={values} field={(day) => `day${day}`} idOf={(day) => `hours-day${day}`} />;
  return (
    <section id="hours" class="card hours" aria-labelledby="hours-title">
      <h2 id="hours-title">{t("hoursForm.title")}</h2>
      <p class="small muted">{t("hoursForm.intro")}</p>
      <NoticeLine notice={form ? { text: form.message, tone: "error" } : notice} />
      <form method="post" action="/doctor-dashboard/doctor-profile/hours">
        {/* The doctor's one zone control (issue 52): their hours' zone, and the zone of every time they read. */}
        <div class="field" id="time-zone">
          <label for="hours-tz">{t("hoursForm.zone")}</label>
          <ZoneSelect id="hours-tz" name="tz" zone={values.tz ?? ""} describedBy="hours-tz-hint" />
          <p id="hours-tz-hint" class="small muted">
            {t("hoursForm.zoneHint")}
          </p>
        </div>
        {places.length === 0 ? (
          videoDays
        ) : (
          <>
            {/* Issue 54: the video hours, then each place's; no two ranges of a day may overlap, wherever they are. */}
            <fieldset class="hours-at">
              <legend>{t("places.hoursVideo")}</legend>
              {videoDays}
            </fieldset>
            {places.map((p, n) => (
              <fieldset class="hours-at">
                <legend>{t("places.hoursAt", { name: p.name })}</legend>
                <DayFields values={values} field={(day) => placeDayField(p.id, day)} idOf={(day) => `hours-p${n}-day${day}`} />
              </fieldset>
            ))}
          </>
        )}
        <div class="field">
          <label for="hours-off">{t("hoursForm.daysOff")}</label>
          <textarea id="hours-off" name="daysOff" rows={3} placeholder={t("hoursForm.daysOffPlaceholder")} aria-describedby="hours-off-hint">
            {values.daysOff ?? ""}
          </textarea>
          <p id="hours-off-hint" class="small muted">
            {t("hoursForm.daysOffHint")}
          </p>
        </div>
        <div class="field">
          <label class="check">
            <input type="checkbox" name="instantBooking" value="on" checked={values.instantBooking !== undefined} aria-describedby="hours-instant-hint" /> {t("hoursForm.instant")}
          </label>
          <p id="hours-instant-hint" class="small muted">
            {t("hoursForm.instantHint")}
          </p>
        </div>
        <div class="actions">
          <button type="submit">{t("hoursForm.save")}</button>
        </div>
      </form>
    </section>
  );
}
