/**
 * /admin-dashboard/reviews (issue 41): the latest published reviews of every doctor, newest
 * first, each with its rating, its doctor's answer and a form to hide it with a reason (its
 * rating then stops counting) or show it again. The forms post to /admin-dashboard/reviews/{id}
 * and come back here; PATCH /api/auth/admin-dashboard/reviews/{id} calls the same use case.
 */
import type { Context } from "hono";
import { formatDateTime } from "../../../islands/lib/time";
import { hideReview } from "../../actions/reviews";
import { Shell } from "../../components/Shell";
import { NoticeLine } from "../../components/NoticeLine";
import type { Deps } from "../../config/deps";
import { listPublishedReviews, type PublishedReview } from "../../db/queries/reviews";
import { REVIEW_LIMITS, reviewAuthor } from "../../domain/review";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../http/forms";
import { reviewHideForm } from "../../http/schemas";
import { pageAccount, viewerTimeZone } from "../../middleware/page-guard";
import { renderPage, themeOf } from "../../render/Document";
import { tOf } from "../../i18n/request";
import type { T } from "../../i18n/catalog";

export const REVIEWS_PATH = "/admin-dashboard/reviews";
const SHOWN = 50;

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const reviews = await listPublishedReviews(deps.database.db, SHOWN);
  const t = tOf(c);
  const zone = viewerTimeZone(c);
  const notice = form ? { text: form.message, tone: "error" as const } : takeNotice(c);
  return renderPage(
    c,
    { title: t("admin.reviewsTitle"), guard: "admin" },
    <Shell area="admin" path={REVIEWS_PATH} theme={themeOf(c)}>
      <section class="page-wide" aria-labelledby="reviews-title">
        <h1 id="reviews-title">{t("admin.reviewsTitle")}</h1>
        <p>{t("admin.reviewsWhat", { count: SHOWN })}</p>
        <NoticeLine notice={notice} />
        {reviews.length === 0 ? (
          <p class="muted">{t("admin.reviewsEmpty")}</p>
        ) : (
          <ul class="review-list" role="list">{reviews.map((r) => <ReviewItem review={r} t={t} when={formatDateTime(r.createdAt.toISOString(), zone, t.lang)} form={form} />)}</ul>
        )}
      </section>
    </Shell>,
  );
}

/** One published review and its Hide (with a reason) or Show form. */
function ReviewItem({ review: r, t, when, form }: { review: PublishedReview; t: T; when: string; form?: FormState }) {
  const refused = form?.target === r.appointmentId ? form : undefined;
  const reasonId = `hide-reason-${r.appointmentId}`;
  return (
    <li class="card review" id={`review-${r.appointmentId}`}>
      <p>
        <strong>{t("admin.reviewOf", { doctor: r.doctorName, name: reviewAuthor(r.patientName, t("erasure.formerPatient")) })}</strong> · {when}
      </p>
      <p class="small">{r.rating === null ? t("doctorPage.review.noRating") : t("doctorPage.review.rating", { n: r.rating })}</p>
      {r.message === null ? <p class="small muted">{t("admin.reviewPrivate")}</p> : <blockquote>{r.message}</blockquote>}
      {r.replyText !== null && (
        <p class="small">
          {t("admin.reviewReply")} {r.replyText}
        </p>
      )}
      <form method="post" action={`${REVIEWS_PATH}/${encodeURIComponent(r.appointmentId)}`} class="text-form">
        {r.hiddenAt === null ? (
          <>
            <input type="hidden" name="hidden" value="true" />
            <div class="field">
              <label for={reasonId}>{t("admin.hideReason")}</label>
              <input id={reasonId} name="reason" maxlength={REVIEW_LIMITS.hideReason.max} value={refused?.values.reason ?? ""} aria-invalid={refused ? "true" : undefined} />
            </div>
            <button type="submit" class="button-secondary">
              {t("admin.hide")}
            </button>
          </>
        ) : (
          <>
            <p class="small">{t("doctorPage.review.hidden", { reason: r.hiddenReason ?? "" })}</p>
            <input type="hidden" name="hidden" value="false" />
            <button type="submit" class="button-secondary">
              {t("admin.show")}
            </button>
          </>
        )}
      </form>
    </li>
  );
}

export function adminReviewsPage(deps: Deps) {
  return (c: Context) => render(c, deps, takeRefused(c));
}

/** Hide or Show, posted from the list; a refusal (no reason given) comes back beside that review. */
export function adminReviewPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: reviewHideForm,
      target: () => c.req.param("appointmentId") ?? "",
      run: (input) => hideReview(deps, pageAccount(c, "admin").id, { appointmentId: c.req.param("appointmentId") ?? "", ...input }),
      again: (form) => render(c, deps, form),
      page: REVIEWS_PATH,
      then: (review) => doneThen(c, REVIEWS_PATH, { text: tOf(c)(review.hiddenAt !== null ? "admin.reviewHidden" : "admin.reviewShown"), tone: "success" }),
    });
}
