/**
 * The top of the doctor's dashboard (issue 39): what a new doctor has still to do, each step a
 * link that is gone once done, and today's meetings in the doctor's zone, named. Both come from
 * what the page already read (the account, the hours, the meetings): no read of their own.
 */
import { registrationOf, type RegistrationColumns } from "../domain/doctor-details";
import { dateInZone, formatDay, formatTime } from "../domain/time";
import { zoneName } from "../domain/zones";
import { useT } from "../render/lang";

const PROFILE = "/doctor-dashboard/doctor-profile";

/** What is done: hours set, a picture, the profile saved once (page or API), a registration given (verified or waiting, issue 52). */
export type FirstSteps = { hours: boolean; photo: boolean; profile: boolean; registration: boolean };

/** Where the registration is entered: its first field on the profile page. */
const REGISTRATION = `${PROFILE}#registrationNumber`;

/** "What to do next": the steps not yet done, or nothing once all are. */
export function FirstStepsCard({ done }: { done: FirstSteps }) {
  const t = useT();
  const steps = [
    !done.registration && { href: REGISTRATION, text: t("doctorPage.firstRegistration") },
    !done.hours && { href: `${PROFILE}#hours-title`, text: t("doctorPage.firstHours") },
    !done.photo && { href: `${PROFILE}#profileImage`, text: t("doctorPage.firstPhoto") },
    !done.profile && { href: PROFILE, text: t("doctorPage.firstProfile") },
  ].filter((s) => s !== false);
  if (steps.length === 0) return null;
  return (
    <section class="card first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{t("doctorPage.firstTitle")}</h2>
      <ol>
        {steps.map((s) => (
          <li>
            <a href={s.href}>{s.text}</a>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Issue 52: "Not listed publicly yet" and why, until the doctor has a verified registration (the
 * public directory's rule, src/db/queries/public-directory.ts): none given, waiting for the
 * admin's check, or refused with the admin's reason; each with the way to the registration's field.
 */
export function ListingNote({ doctor }: { doctor: RegistrationColumns }) {
  const t = useT();
  if (doctor.registrationNumber !== null && doctor.registrationCouncil !== null) return null;
  const shown = registrationOf(doctor);
  const pair = { number: shown.number ?? "", council: shown.council ?? "" };
  const why =
    shown.number === null
      ? t("doctorPage.unlistedNone")
      : shown.reason !== null
        ? t("doctorPage.unlistedRefused", { ...pair, reason: shown.reason })
        : t("doctorPage.unlistedWaiting", pair);
  return (
    <section class="card listing-note" aria-labelledby="listing-title">
      <h2 id="listing-title">{t("doctorPage.unlistedTitle")}</h2>
      <p>{why}</p>
      {/* None given: the first steps above lead there already. */}
      {shown.reason !== null && (
        <p>
          <a href={REGISTRATION}>{t("doctorPage.unlistedLink")}</a>
        </p>
      )}
    </section>
  );
}

/** A meeting on the doctor's calendar: whom, and its slot (ISO). */
export type TodayMeeting = { name: string; start: string; end: string };

/** Today's meetings (today in `zone`), in time order, each "10:00–10:30 Name". */
export function TodayMeetings({ meetings, zone, now }: { meetings: TodayMeeting[]; zone: string; now: Date }) {
  const t = useT();
  const today = dateInZone(now, zone);
  const todays = meetings.filter((m) => dateInZone(m.start, zone) === today).sort((a, b) => a.start.localeCompare(b.start));
  return (
    <section class="today" aria-labelledby="today-title">
      <h2 id="today-title">{t("doctorPage.todayTitle", { day: formatDay(now, zone, t.lang) })}</h2>
      {todays.length === 0 ? (
        <p class="muted">{t("doctorPage.todayNone")}</p>
      ) : (
        <>
          <p class="small muted">{t("doctorPage.todayZone", { zone: zoneName(zone, t.lang) })}</p>
          <ul class="today-list">
            {todays.map((m) => (
              <li>
                <time datetime={m.start}>{formatTime(m.start, zone, t.lang)}</time>–<time datetime={m.end}>{formatTime(m.end, zone, t.lang)}</time> {m.name}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href="/doctor-dashboard/doctor-Meetings">{t("doctorPage.todayAll")}</a> · <a href="/doctor-dashboard/day">{t("day.link")}</a>
      </p>
    </section>
  );
}
