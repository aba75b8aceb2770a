/**
 * /doctor-dashboard/day?date=YYYY-MM-DD (issue 54 item 6): the doctor's day in their zone (today
 * there by default), with the day before and after a link away and a GET form to go to any day;
 * a date that is not one is the page again, 400, with the message beside the form. The same use
 * case as GET /api/auth/doctor-dashboard/day (src/actions/day.ts); prints on one A4 page.
 */
import type { Context } from "hono";
import { doctorDay } from "../../../actions/day";
import type { Deps } from "../../../config/deps";
import { DayLists } from "../../../components/DoctorDay";
import { ZoneNote } from "../../../components/TimeZone";
import { dayBounds } from "../../../domain/day";
import { DATE_INPUT_LANG } from "../../../domain/i18n";
import { dateInZone, formatCalendarDate } from "../../../domain/time";
import { tOf } from "../../../i18n/request";
import { pageAccount, viewerZone } from "../../../middleware/page-guard";
import { doctorPage } from "./shell";

export const DAY_PATH = "/doctor-dashboard/day";

export function doctorDayPage(deps: Deps) {
  return async (c: Context) => {
    const doctor = pageAccount(c, "doctor");
    const t = tOf(c);
    const reader = viewerZone(c);
    const zone = reader.zone;
    const today = dateInZone(deps.now(), zone);
    const asked = c.req.query("date");
    const date = asked === undefined || asked === "" ? today : asked;
    const bad = dayBounds(date, zone) === undefined;
    const day = bad ? undefined : await doctorDay(deps, doctor.id, zone, date);
    const link = (d: string) => `${DAY_PATH}?date=${d}`;
    return doctorPage(
      c,
      day ? t("day.heading", { day: formatCalendarDate(day.date, t.lang) }) : t("day.title"),
      <section class="doctor-day" aria-labelledby="day-title">
        <h1 id="day-title">{day ? t("day.heading", { day: formatCalendarDate(day.date, t.lang) }) : t("day.title")}</h1>
        <ZoneNote reader={reader} role="doctor" />
        <nav class="day-nav no-print" aria-label={t("day.title")}>
          {day && (
            <a href={link(day.previous)} rel="prev">
              ← {t("day.previous")}
            </a>
          )}
          {day?.date !== today && <a href={link(today)}>{t("day.today")}</a>}
          {day && (
            <a href={link(day.next)} rel="next">
              {t("day.next")} →
            </a>
          )}
        </nav>
        <form method="get" action={DAY_PATH} class="day-form no-print">
          <label for="day-date">{t("day.date")}</label>
          <input id="day-date" name="date" type="date" lang={DATE_INPUT_LANG[t.lang]} value={bad ? "" : date} required aria-invalid={bad ? "true" : undefined} aria-describedby={bad ? "day-error" : undefined} />
          <button type="submit" class="button-secondary">
            {t("day.show")}
          </button>
          {bad && (
            <p id="day-error" class="notice notice-error" role="alert">
              {t("day.badDate")}
            </p>
          )}
        </form>
        {day && <DayLists day={day} />}
        <p class="small muted no-print">{t("day.print")}</p>
      </section>,
      DAY_PATH,
      { status: bad ? 400 : 200 },
    );
  };
}
