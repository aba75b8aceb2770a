/**
 * Issue 58's charts, drawn on the server as inline SVG (no script, no chart library): bars by day
 * (bookings, and no-shows over them), horizontal bars by specialization, and a doctor's 8 weeks.
 * Coordinates are percentages of the width and pixels of the height, so the words (outside the
 * bars, in HTML or in px-sized SVG text) stay readable at 360 px; the colours are the theme's CSS
 * variables (`.chart-*` in static/app.css), so dark mode follows. Each chart has a `<title>` and a
 * table of the same numbers beside it, a `<details>` that a wide screen keeps open (`.dir-fold`).
 */
import type { Child } from "hono/jsx";
import type { Lang } from "../domain/i18n";
import { formatCalendarDate } from "../domain/time";
import type { T } from "../i18n/catalog";

const numberFormats = new Map<Lang, Intl.NumberFormat>();
/** A count with Indian digit grouping (12,34,567), in both languages. */
export function grouped(n: number, lang: Lang): string {
  let f = numberFormats.get(lang);
  if (f === undefined) numberFormats.set(lang, (f = new Intl.NumberFormat(lang === "hi" ? "hi-IN" : "en-IN", { maximumFractionDigits: 1 })));
  return f.format(n);
}

/** A share 0-1 as a percentage, "12.5%". */
export const percent = (share: number | null, lang: Lang, none: string) => (share === null ? none : `${grouped(Math.round(share * 1000) / 10, lang)}%`);

/** Tidy up a percentage for an SVG attribute. */
const pct = (n: number) => `${Math.round(n * 100) / 100}%`;

const HEIGHT = 140;

export type Bar = { label: string; value: number; over?: number };

/**
 * Vertical bars (one per day or week): `value` in the accent colour, `over` (no-shows) drawn over
 * its foot in the danger colour. The first and last labels under the axis, the highest count above.
 */
export function BarChart({ id, title, bars, max: maxLabel }: { id: string; title: string; bars: Bar[]; max: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const step = 100 / Math.max(1, bars.length);
  const width = step * (bars.length > 60 ? 1 : 0.7);
  const h = (n: number) => Math.round((n / max) * (HEIGHT - 10));
  return (
    <figure class="chart">
      <svg class="chart-svg" width="100%" height={HEIGHT + 2} role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{title}</title>
        {/* The axis as a thin rect, not a <line>: pages' tests find cards by "<li". */}
        <rect class="chart-axis" x="0" y={HEIGHT} width="100%" height="1" />
        {bars.map((b, i) =>
          b.value === 0 && (b.over ?? 0) === 0 ? null : (
            <>
              {b.value > 0 && <rect class="chart-bar" x={pct(i * step)} y={HEIGHT - h(b.value)} width={pct(width)} height={h(b.value)} />}
              {(b.over ?? 0) > 0 && <rect class="chart-miss" x={pct(i * step)} y={HEIGHT - h(b.over!)} width={pct(width)} height={h(b.over!)} />}
            </>
          ),
        )}
      </svg>
      <figcaption class="chart-axis-words small muted">
        <span>{bars[0]?.label}</span>
        <span>{maxLabel}</span>
        <span>{bars.at(-1)?.label}</span>
      </figcaption>
    </figure>
  );
}

export type HBar = { label: string; value: number | null; words: string };

/** Horizontal bars, one row a specialization: its name above its bar, the value's words after it. */
export function HBarChart({ id, title, rows }: { id: string; title: string; rows: HBar[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value ?? 0));
  const ROW = 44;
  return (
    <figure class="chart">
      <svg class="chart-svg" width="100%" height={rows.length * ROW} role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{title}</title>
        {rows.map((r, i) => (
          <>
            <text class="chart-text" x="0" y={i * ROW + 15}>
              {r.label}: {r.words}
            </text>
            <rect class="chart-track" x="0" y={i * ROW + 22} width="100%" height="12" rx="3" />
            {r.value !== null && r.value > 0 && <rect class="chart-bar" x="0" y={i * ROW + 22} width={pct((r.value / max) * 100)} height="12" rx="3" />}
          </>
        ))}
      </svg>
    </figure>
  );
}

/** The table beside a chart: folded on a phone, open on a wide screen. */
export function ChartTable({ id, summary, head, rows }: { id: string; summary: string; head: string[]; rows: Child[][] }) {
  return (
    <details class="dir-fold chart-table" id={id}>
      <summary>{summary}</summary>
      <div class="stats-wrap">
        <table class="stats-table">
          <thead>
            <tr>
              {head.map((h) => (
                <th scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr>
                {row.map((cell, i) => (i === 0 ? <th scope="row">{cell}</th> : <td>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** A date as a table row names it: "Sat, 5 Dec" without the year (the period names it). */
export function shortDate(date: string, lang: Lang): string {
  return formatCalendarDate(date, lang).replace(/,?\s*\d{4}$/, "");
}

/** The legend of the by-day charts: the two colours' meanings. */
export function Legend({ items }: { items: { class: string; label: string }[] }) {
  return (
    <p class="chart-legend small">
      {items.map((item) => (
        <span>
          <span class={`chart-key ${item.class}`} aria-hidden="true" /> {item.label}
        </span>
      ))}
    </p>
  );
}

/** An ISO weekday (1 Monday to 7 Sunday) as `lang` names it. */
export function weekdayName(day: number, lang: Lang): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(lang === "hi" ? "hi-IN" : "en-GB", { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, day));
}

/** The doctor's dashboard: their last 8 weeks (appointments, no-shows over them), the table beside, and their rate and busiest time. */
export function DoctorWeeks({ weeks, rate, busiest, t }: { weeks: { from: string; meetings: number; noShows: number }[]; rate: string; busiest: { day: string; hour: string } | null; t: T }) {
  const lang = t.lang;
  const max = Math.max(0, ...weeks.map((w) => w.meetings));
  return (
    <section class="card my-numbers" aria-labelledby="my-weeks-title">
      <h2 id="my-weeks-title">{t("stats.myWeeks")}</h2>
      <BarChart
        id="chart-weeks"
        title={t("stats.myWeeksChart", { max: grouped(max, lang) })}
        max={t("stats.maxWeek", { max: grouped(max, lang) })}
        bars={weeks.map((w) => ({ label: shortDate(w.from, lang), value: w.meetings, over: w.noShows }))}
      />
      <Legend items={[{ class: "chart-bar", label: t("stats.appointments") }, { class: "chart-miss", label: t("stats.noShows") }]} />
      {busiest && <p class="small">{t("stats.myRate", { rate, day: busiest.day, hour: busiest.hour })}</p>}
      <ChartTable
        id="my-weeks-table"
        summary={t("stats.byWeekTable")}
        head={[t("stats.weekOf"), t("stats.appointments"), t("stats.noShows")]}
        rows={weeks.map((w) => [shortDate(w.from, lang), grouped(w.meetings, lang), grouped(w.noShows, lang)])}
      />
    </section>
  );
}
