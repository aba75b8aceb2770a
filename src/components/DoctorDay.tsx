/**
 * The doctor's day (issue 54 item 6): the day's appointments, free times and requests as lists
 * a person reads and prints, each time in the doctor's zone. Server-rendered only.
 */
import type { DoctorDay } from "../actions/day";
import type { Translate } from "../domain/i18n";
import { personWords } from "../domain/family";
import type { Visit } from "../domain/places";
import { dateInZone, formatTime } from "../domain/time";
import { useT } from "../render/lang";

type Words = ReturnType<typeof useT>;

const Span = ({ start, end, zone, t }: { start: Date | number; end: Date | number; zone: string; t: Words }) => (
  <span class="day-time">
    <time datetime={new Date(start).toISOString()}>{formatTime(start, zone, t.lang)}</time>–<time datetime={new Date(end).toISOString()}>{formatTime(end, zone, t.lang)}</time>
  </span>
);

/** "Video call", "In person at Sunrise Clinic, Kothrud, Pune", or a clinic request's place not chosen yet. */
function where(visit: Visit, t: Words): string {
  if (visit.type === "video") return t("day.video");
  if (visit.place === null) return t("day.clinicLater");
  const p = visit.place;
  return t("day.clinic", { place: [p.name, p.locality, p.city].filter((s) => s !== "").join(", ") });
}

/** One of the day's appointments, as the day use case gives it (components know no queries). */
type DayAppointment = DoctorDay["meetings"][number];

const who = (a: DayAppointment, t: Words) => personWords(a.for, a.patient.name, t as Translate);

export function DayLists({ day }: { day: DoctorDay }) {
  const t = useT();
  const zone = day.timeZone;
  const placeOf = (id: string | undefined) => day.places.find((p) => p.id === id);
  return (
    <>
      <section class="day-part" aria-labelledby="day-appointments">
        <h2 id="day-appointments">{t("day.appointments")}</h2>
        {day.meetings.length === 0 ? (
          <p class="muted">{t("day.noAppointments")}</p>
        ) : (
          <ol class="day-list">
            {day.meetings.map((a) => (
              <li data-appointment={a.id}>
                <Span start={a.scheduledAt!} end={a.endsAt!} zone={zone} t={t} /> <strong>{who(a, t)}</strong>
                <span class="day-where">{where(a.visit, t)}</span>
                {day.reports[a.id] !== undefined && <span class="day-reports">{day.reports[a.id] === 1 ? t("documents.one") : t("documents.many", { n: day.reports[a.id]! })}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section class="day-part" aria-labelledby="day-gaps">
        <h2 id="day-gaps">{t("day.gaps")}</h2>
        {day.gaps.length === 0 ? (
          <p class="muted">{t("day.noGaps")}</p>
        ) : (
          <ul class="day-list">
            {day.gaps.map((g) => {
              const place = placeOf(g.placeId);
              return (
                <li>
                  <Span start={g.start} end={g.end} zone={zone} t={t} />{" "}
                  <span class="day-where">{place === undefined ? t("day.video") : where({ type: "clinic", place }, t)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {day.requests.length > 0 && (
        <section class="day-part" aria-labelledby="day-requests">
          <h2 id="day-requests">{t("day.requests")}</h2>
          <ul class="day-list">
            {day.requests.map((a) => (
              <li data-request={a.id}>
                <strong>{who(a, t)}</strong>{" "}
                <span>
                  {t("day.prefers", {
                    times: a.preferredTimes
                      .filter((p) => dateInZone(p, zone) === day.date)
                      .map((p) => formatTime(p, zone, t.lang))
                      .join(", "),
                  })}
                </span>
                <span class="day-where">{where(a.visit, t)}</span>
              </li>
            ))}
          </ul>
          <p class="small no-print">
            <a href="/doctor-dashboard">{t("day.requestsNote")}</a>
          </p>
        </section>
      )}
    </>
  );
}
