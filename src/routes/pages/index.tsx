/**
 * / : hero, a few listed doctors (find-doctors: those the public directory shows, each a link to
 * their profile, issue 52; none when there are none), health tips
 * (health-tips) and sample testimonials (feedback). No island but the passive theme toggle, so
 * the page sends no JavaScript. The doctor cards are text and CSS initials.
 */
import type { Context } from "hono";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import type { Deps } from "../../config/deps";
import { someApprovedDoctors } from "../../db/queries/accounts";
import { tOf } from "../../i18n/request";
import type { Key } from "../../i18n/catalog";
import { NoticeLine } from "../../components/NoticeLine";
import { takeNotice } from "../../http/forms";

/** The health tips and the testimonials, by their keys (home.tip.<id>.*, home.quote.<id>.*). */
const HEALTH_TIPS = ["move", "sleep", "water", "checkups"] as const;
const TESTIMONIALS = ["priya", "daniel", "chen"] as const;

const initials = (name: string) =>
  name
    .replace(/^Dr\.\s*/, "")
    .split(" ")
    .map((w) => w[0])
    .join("");

/** How many real doctors the home page shows. */
const HOME_DOCTORS = 4;

export async function homePage(c: Context, deps: Deps) {
  const doctors = await someApprovedDoctors(deps.database.db, HOME_DOCTORS);
  const t = tOf(c);
  return renderPage(
    c,
    { title: t("home.title"), description: t("home.description") },
    <Shell area="public" path="/" theme={themeOf(c)}>
      <section class="hero" aria-labelledby="hero-title">
        <div class="page-wide">
          {/* A post's notice, when one led here (an erased account's goodbye): never kept, see src/routes/pages.ts. */}
          <NoticeLine notice={takeNotice(c)} />
          <h1 id="hero-title">{t("home.heroTitle")}</h1>
          <p class="lead">
            {t("home.heroLead")}
          </p>
          <p class="hero-actions">
            <a class="button" href="/signupPatient">
              {t("home.getStarted")}
            </a>
            <a class="button button-secondary" href="/signupDoctor">
              {t("home.joinAsDoctor")}
            </a>
          </p>
        </div>
      </section>

      <section id="find-doctors" class="section page-wide" aria-labelledby="find-doctors-title">
        <h2 id="find-doctors-title">{t("home.findTitle")}</h2>
        <p>
          {t("home.findText")}
          {doctors.length > 0 ? t("home.findFew") : ""}
        </p>
        {doctors.length > 0 && (
          <ul class="card-grid" role="list">
            {doctors.map((d) => (
              <li class="card doctor-card">
                <span class="avatar" aria-hidden="true">
                  {initials(d.name)}
                </span>
                <h3>
                  <a href={`/doctors/${encodeURIComponent(d.id)}`}>{d.name}</a>
                </h3>
                <p class="muted">{t(`spec.${d.specialization}` as Key)}</p>
                <p class="small">{d.collegeName}</p>
              </li>
            ))}
          </ul>
        )}
        <p class="actions">
          <a class="button" href="/doctors">
            {t("dir.seeAll")}
          </a>
          <a class="button button-secondary" href="/loginPatient">
            {t("home.loginToBook")}
          </a>
        </p>
      </section>

      <section id="health-tips" class="section section-alt" aria-labelledby="health-tips-title">
        <div class="page-wide">
          <h2 id="health-tips-title">{t("home.tipsTitle")}</h2>
          <ul class="card-grid" role="list">
            {HEALTH_TIPS.map((tip) => (
              <li class="card">
                <h3>{t(`home.tip.${tip}.title`)}</h3>
                <p>{t(`home.tip.${tip}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="feedback" class="section page-wide" aria-labelledby="feedback-title">
        <h2 id="feedback-title">{t("home.feedbackTitle")}</h2>
        <ul class="card-grid" role="list">
          {TESTIMONIALS.map((who) => (
            <li class="card">
              <figure>
                <blockquote>
                  <p>“{t(`home.quote.${who}.text`)}”</p>
                </blockquote>
                <figcaption class="muted">{t(`home.quote.${who}.author`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </Shell>,
  );
}
