/**
 * /doctors/{id} : a public doctor's profile (issue 41 item 4): the card's details, about, the
 * verified registration, years of practice, hours as words, and the newest published reviews
 * with the doctor's replies (as many as fit the page's weight, reviewsWithin). "Book" leads to the patient's login (or signup) and back to this
 * doctor's booking page (`next`, src/routes/pages/auth.tsx). A doctor the directory does not
 * show is the 404 page. No script.
 */
import type { Context } from "hono";
import { raw } from "hono/html";
import { directoryProfile, type DirectoryDoctor, type PublicReview } from "../../../actions/directory";
import type { Deps } from "../../../config/deps";
import { Avatar, feeText, languagesText, ratingText } from "../../../components/DoctorCard";
import { weekdayName } from "../../../components/HoursForm";
import { addressLine } from "../../../domain/places";
import { placeDays } from "../../../http/public-shapes";
import { nextFreeLine } from "../../../components/NextFree";
import { notFoundResponse } from "../../../components/NotFound";
import { BackLink } from "../../../components/Shell";
import { bookHref, reviewsWithin } from "../../../domain/directory";
import { LOCALES } from "../../../domain/i18n";
import { Refusal } from "../../../domain/refusal";
import { canonicalZone, zoneName, zoneNames } from "../../../domain/zones";
import { weeklyInZone } from "../../../domain/time";
import type { Key, T } from "../../../i18n/catalog";
import { tOf } from "../../../i18n/request";
import { viewerTimeZone } from "../../../middleware/page-guard";
import { publicPage } from "./page";
import { FORMER } from "../../../domain/erasure";

export function doctorProfilePublicPage(deps: Deps) {
  return async (c: Context) => {
    const id = c.req.param("id") ?? "";
    const found = await directoryProfile(deps, id).catch((e: unknown) => {
      if (e instanceof Refusal) return undefined;
      throw e;
    });
    if (found === undefined) return notFoundResponse(c);
    const t = tOf(c);
    const { doctor: d, reviews } = found;
    const spec = t(`spec.${d.specialization}` as Key);
    return publicPage(
      c,
      deps,
      { title: t("dir.profileTitle", { name: d.name, spec }), description: t("dir.profileDescription", { name: d.name, spec }), canonical: `/doctors/${encodeURIComponent(d.id)}` },
      <Profile t={t} d={d} spec={spec} reviews={reviews} zone={viewerTimeZone(c)} now={deps.now().getTime()} />,
    );
  };
}

function Profile({ t, d, spec, reviews, zone, now }: { t: T; d: DirectoryDoctor; spec: string; reviews: PublicReview[]; zone: string; now: number }) {
  const fee = feeText(d.fee, t);
  const languages = languagesText(d.languages, t);
  const back = `/patient-dashboard/bookAppointment/${encodeURIComponent(d.id)}`;
  return (
    <article class="page-narrow section" aria-labelledby="doctor-title">
      <BackLink href="/doctors" label={t("dir.back")} />
      <div class="card doctor-card">
        <Avatar name={d.name} picture={d.profileImage} large />
        <h1 id="doctor-title">{d.name}</h1>
        <p class="muted">{spec}</p>
        {d.experienceYears !== null && <p class="small">{t("dir.experience", { years: d.experienceYears })}</p>}
        {languages && <p class="small">{t("dir.speaks", { languages })}</p>}
        {fee && <p class="small">{fee}</p>}
        <p class="small">{ratingText(d, t)}</p>
        {raw(nextFreeLine(d.next, zone, t))}
        {/* With script, the browser's zone replaces a guessed one (src/render/client-assets.ts). */}
        <p class="small muted" data-zone-rendered={zoneNames(zone)}>
          {t("dir.zone", { zone: zoneName(zone, t.lang) })}
        </p>
        <p class="actions">
          <a class="button" href={bookHref(d.id)} aria-label={t("dir.bookWith", { name: d.name })}>
            {t("dir.book")}
          </a>
          <a href={`/signupPatient?next=${encodeURIComponent(back)}`}>{t("AuthForm.newHere", { role: "patient" })}</a>
        </p>
      </div>
      {d.about && (
        <section aria-labelledby="about-title">
          <h2 id="about-title">{t("dir.about")}</h2>
          <p>{d.about}</p>
        </section>
      )}
      <section aria-labelledby="registration-title">
        <h2 id="registration-title">{t("dir.registration")}</h2>
        <p>{t("dir.registrationLine", { number: d.registrationNumber ?? "", council: d.registrationCouncil ?? "" })}</p>
        <p class="small">{t("dir.college", { college: d.collegeName })}</p>
      </section>
      <Places t={t} d={d} />
      <Hours t={t} d={d} zone={zone} now={now} />
      <Reviews t={t} reviews={reviewsWithin(reviews)} zone={zone} />
    </article>
  );
}

/**
 * The weekly hours as words, a line a weekday ("Monday: 09:00–13:00, 15:00–17:00" or "Closed"),
 * on the reader's clock (`zone`), with the doctor's own zone as a note when it differs (issue 52).
 */
function Hours({ t, d, zone, now }: { t: T; d: DirectoryDoctor; zone: string; now: number }) {
  const hours = d.hours;
  if (hours === undefined)
    return (
      <section aria-labelledby="hours-title">
        <h2 id="hours-title">{t("dir.hours")}</h2>
        <p>{t("dir.noHours")}</p>
      </section>
    );
  const same = canonicalZone(hours.timeZone) === canonicalZone(zone);
  const weekly = same ? hours.weekly : weeklyInZone(hours.weekly, hours.timeZone, zone, now);
  return (
    <section aria-labelledby="hours-title">
      <h2 id="hours-title">{t("dir.hours")}</h2>
      <ul>
        {[1, 2, 3, 4, 5, 6, 7].map((day) => {
          const ranges = weekly.filter((r) => r.day === day).map((r) => `${r.start}–${r.end}`);
          return <li>{`${weekdayName(day - 1, t.lang)}: ${ranges.length === 0 ? t("dir.closed") : ranges.join(", ")}`}</li>;
        })}
      </ul>
      <p class="small muted">
        {same ? t("dir.hoursZone", { zone: zoneName(hours.timeZone, t.lang) }) : t("dir.hoursIn", { zone: zoneName(zone, t.lang), own: zoneName(hours.timeZone, t.lang) })}
      </p>
    </section>
  );
}

/** Issue 54: where the doctor sees patients in person: each place's address, map link, phone and weekdays (in the doctor's zone). */
function Places({ t, d }: { t: T; d: DirectoryDoctor }) {
  if (d.places.length === 0) return null;
  return (
    <section aria-labelledby="places-title">
      <h2 id="places-title">{t("places.publicTitle")}</h2>
      <ul class="public-places">
        {d.places.map((p) => {
          const days = placeDays(d.hours?.weekly ?? [], p.id);
          return (
            <li>
              <strong>{p.name}</strong>
              <br />
              {addressLine({ ...p, name: "" }).replace(/^, /, "")}
              <br />
              <span class="small">{days.length === 0 ? t("places.noDays") : t("places.openOn", { days: days.map((day) => weekdayName(day - 1, t.lang)).join(", ") })}</span>
              {(p.mapUrl || p.phone) && (
                <span class="small">
                  {p.mapUrl && (
                    <>
                      {" · "}
                      <a href={p.mapUrl} rel="noopener noreferrer">{t("places.map")}</a>
                    </>
                  )}
                  {p.phone && (
                    <>
                      {" · "}
                      <a href={`tel:${p.phone}`}>{t("places.call", { phone: p.phone })}</a>
                    </>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Reviews({ t, reviews, zone }: { t: T; reviews: PublicReview[]; zone: string }) {
  const date = new Intl.DateTimeFormat(LOCALES[t.lang], { dateStyle: "medium", timeZone: zone });
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("dir.reviews")}</h2>
      {reviews.length === 0 ? (
        <p class="empty">{t("dir.noReviews")}</p>
      ) : (
        reviews.map((r) => (
          <figure class="review">
            <figcaption class="small">
              <strong>{r.author === FORMER.patient ? t("erasure.formerPatient") : r.author}</strong>
              {r.rating !== null && ` · ${t("dir.stars", { rating: r.rating })}`} · <time datetime={r.createdAt.toISOString()}>{date.format(r.createdAt)}</time>
            </figcaption>
            <blockquote>
              <p>{r.message}</p>
            </blockquote>
            {r.reply && (
              <div class="review-reply small">
                <strong>{t("dir.reply")}</strong>
                <p>{r.reply.text}</p>
              </div>
            )}
          </figure>
        ))
      )}
    </section>
  );
}
