/**
 * /admin-dashboard/overview (issue 58): the admin's numbers for a period (a GET form of two dates,
 * the last 30 days by default), in the admin's zone: the totals, bookings and no-shows per day and
 * specializations by waiting time as charts drawn on the server, each with its table, and each
 * table as CSV (`?format=csv&table=byDay|bySpecialization`). The same use case as the JSON call
 * (src/routes/api/stats.ts). No script.
 */
import type { Context } from "hono";
import { adminStats, type AdminStats } from "../../../actions/stats-report";
import type { Deps } from "../../../config/deps";
import { Shell } from "../../../components/Shell";
import { BarChart, ChartTable, grouped, HBarChart, Legend, percent, shortDate } from "../../../components/Stats";
import { ZoneNote } from "../../../components/TimeZone";
import { DATE_INPUT_LANG } from "../../../domain/i18n";
import { periodOf, RANGE_MESSAGES, type Count } from "../../../domain/stats";
import { dateInZone, formatCalendarDate } from "../../../domain/time";
import { zoneName } from "../../../domain/zones";
import { statsQuery } from "../../../http/schemas";
import type { Key, T } from "../../../i18n/catalog";
import { tOf } from "../../../i18n/request";
import { viewerZone } from "../../../middleware/page-guard";
import { renderPage, themeOf } from "../../../render/Document";
import { statsCsv } from "../../api/stats";

export const OVERVIEW_PATH = "/admin-dashboard/overview";

/** The page's words for a refused period. */
const RANGE_KEYS: Record<string, Key> = {
  [RANGE_MESSAGES.format]: "stats.rangeFormat",
  [RANGE_MESSAGES.reversed]: "stats.rangeReversed",
  [RANGE_MESSAGES.tooLong]: "stats.rangeTooLong",
};

/** The counts the summary lists, in order. */
const SUMMARY: Count[] = ["requested", "instant", "scheduled", "completed", "noShows", "cancelledByPatient", "cancelledByDoctor", "cancelledByAdmin", "offersMade", "offersAccepted", "newPatients", "newDoctors", "mailsSent", "mailsFailed"];

export function adminOverviewPage(deps: Deps) {
  return async (c: Context) => {
    const t = tOf(c);
    const reader = viewerZone(c);
    const zone = reader.zone;
    const parsed = statsQuery.safeParse(c.req.query());
    const asked = parsed.success ? parsed.data : {};
    const today = dateInZone(deps.now(), zone);
    const period = periodOf({ from: asked.from || undefined, to: asked.to || undefined }, today);
    if ("refused" in period || !parsed.success) {
      const message = "refused" in period ? t(RANGE_KEYS[period.refused] ?? "stats.rangeFormat") : t("stats.rangeFormat");
      return page(c, t, reader, { from: asked.from ?? "", to: asked.to ?? "" }, undefined, message);
    }
    const stats = await adminStats(deps, zone, period);
    if (parsed.data.format === "csv") return statsCsv(c, stats, parsed.data.table ?? "byDay", (s) => t(`spec.${s}` as Key));
    return page(c, t, reader, period, stats);
  };
}

function page(c: Context, t: T, reader: ReturnType<typeof viewerZone>, asked: { from: string; to: string }, stats: AdminStats | undefined, refused?: string) {
  const lang = t.lang;
  const n = (value: number) => grouped(value, lang);
  return renderPage(
    c,
    { title: t("stats.title"), guard: "admin", status: refused === undefined ? 200 : 400 },
    <Shell area="admin" path={OVERVIEW_PATH} theme={themeOf(c)}>
      <section class="page-wide overview" aria-labelledby="overview-title">
        <h1 id="overview-title">{t("stats.title")}</h1>
        <p>{t("stats.intro")}</p>
        <ZoneNote reader={reader} role="admin" />
        <form method="get" action={OVERVIEW_PATH} class="card period-form">
          <div class="field">
            <label for="stats-from">{t("stats.from")}</label>
            <input id="stats-from" name="from" type="date" lang={DATE_INPUT_LANG[lang]} value={asked.from} required aria-describedby={refused ? "period-error" : undefined} />
          </div>
          <div class="field">
            <label for="stats-to">{t("stats.to")}</label>
            <input id="stats-to" name="to" type="date" lang={DATE_INPUT_LANG[lang]} value={asked.to} required />
          </div>
          <button type="submit">{t("stats.show")}</button>
          {refused && (
            <p id="period-error" class="notice notice-error" role="alert">
              {refused}
            </p>
          )}
        </form>
        {stats && <Numbers stats={stats} t={t} n={n} />}
      </section>
    </Shell>,
  );
}

function Numbers({ stats, t, n }: { stats: AdminStats; t: T; n: (value: number) => string }) {
  const lang = t.lang;
  const range = `from=${stats.from}&to=${stats.to}`;
  const none = t("stats.none");
  const byDayRows = stats.byDay.map((d) => [
    shortDate(d.date, lang),
    n(d.requested),
    n(d.scheduled + d.instant),
    n(d.completed),
    n(d.noShows),
    n(d.cancelledByPatient + d.cancelledByDoctor + d.cancelledByAdmin),
  ]);
  const maxDay = Math.max(0, ...stats.byDay.map((d) => d.scheduled + d.instant));
  const specLabel = (s: string) => t(`spec.${s}` as Key);
  const daysWords = (days: number | null) => (days === null ? t("stats.noHours") : t("stats.days", { days: n(days) }));
  return (
    <>
      <p class="period-words">
        <strong>{t("stats.period", { from: formatCalendarDate(stats.from, lang), to: formatCalendarDate(stats.to, lang), zone: zoneName(stats.timeZone, lang) })}</strong>
      </p>
      <dl class="stats-summary">
        {SUMMARY.map((key) => (
          <div>
            <dt>{t(`stats.${key}` as Key)}</dt>
            <dd data-count={key}>{n(stats.totals[key])}</dd>
          </div>
        ))}
        <div>
          <dt>{t("stats.noShowRate")}</dt>
          <dd data-count="noShowRate">{percent(stats.noShowRate, lang, none)}</dd>
        </div>
        <div>
          <dt>{t("stats.medianWait")}</dt>
          <dd data-count="medianHoursToSchedule">{stats.medianHoursToSchedule === null ? none : t("stats.hours", { hours: n(stats.medianHoursToSchedule) })}</dd>
        </div>
        <div>
          <dt>{t("stats.waitingApproval")}</dt>
          <dd data-count="doctorsAwaitingApproval">{n(stats.waiting.doctorsAwaitingApproval)}</dd>
        </div>
        <div>
          <dt>{t("stats.waitingCheck")}</dt>
          <dd data-count="registrationsAwaitingCheck">{n(stats.waiting.registrationsAwaitingCheck)}</dd>
        </div>
      </dl>

      <h2 id="by-day-title">{t("stats.byDayTitle")}</h2>
      <div class="chart-pair">
        <div>
          <BarChart
            id="chart-days"
            title={t("stats.byDayChart", { from: formatCalendarDate(stats.from, lang), to: formatCalendarDate(stats.to, lang), max: n(maxDay) })}
            max={t("stats.max", { max: n(maxDay) })}
            bars={stats.byDay.map((d) => ({ label: shortDate(d.date, lang), value: d.scheduled + d.instant, over: d.noShows }))}
          />
          <Legend items={[{ class: "chart-bar", label: t("stats.bookings") }, { class: "chart-miss", label: t("stats.noShows") }]} />
        </div>
        <ChartTable
          id="by-day-table"
          summary={t("stats.byDayTable")}
          head={[t("stats.date"), t("stats.requested"), t("stats.bookings"), t("stats.completed"), t("stats.noShows"), t("stats.cancelled")]}
          rows={byDayRows}
        />
      </div>
      <p class="actions">
        <a class="button button-secondary" href={`${OVERVIEW_PATH}?${range}&format=csv&table=byDay`} download>
          {t("stats.csvByDay")}
        </a>
      </p>

      <h2 id="by-spec-title">{t("stats.bySpecTitle")}</h2>
      {stats.bySpecialization.length === 0 ? (
        <p class="muted">{t("stats.noSpecs")}</p>
      ) : (
        <div class="chart-pair">
          <HBarChart
            id="chart-specs"
            title={t("stats.bySpecChart")}
            rows={stats.bySpecialization.map((s) => ({ label: specLabel(s.specialization), value: s.medianDaysToFirstFree, words: daysWords(s.medianDaysToFirstFree) }))}
          />
          <ChartTable
            id="by-spec-table"
            summary={t("stats.bySpecTable")}
            head={[t("stats.specialization"), t("stats.requested"), t("stats.booked"), t("stats.daysToFree")]}
            rows={stats.bySpecialization.map((s) => [specLabel(s.specialization), n(s.requested), n(s.booked), s.medianDaysToFirstFree === null ? none : n(s.medianDaysToFirstFree)])}
          />
        </div>
      )}
      <p class="actions">
        <a class="button button-secondary" href={`${OVERVIEW_PATH}?${range}&format=csv&table=bySpecialization`} download>
          {t("stats.csvBySpec")}
        </a>
      </p>
    </>
  );
}
