/**
 * The meetings pages' calendar section (issue 13): subscribe the phone's calendar to a private
 * feed, and reset it. Only the secret's hash is stored, so the URL can be shown once: on the
 * page the make-or-reset form redirects to. Plain HTML; works without script.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { formatDateTime } from "../../domain/time";
import { feedUrls } from "../../calendar/http";
import { ALARM_MINUTES } from "../../calendar/ics";
import { feedMadeAt, isCurrentFeedToken } from "../../calendar/service";
import type { CalendarRole } from "../../db/queries/calendar";
import type { Deps } from "../../config/deps";
import { carriesCookie } from "../../http/forms";
import { viewerTimeZone } from "../../middleware/page-guard";
import { tOf } from "../../i18n/request";
import { FEED_ONCE_COOKIE, MEETINGS_PAGE } from "./calendar";

/** Whether this request carries a calendar link just made, which the page shows once. */
export const hasNewFeedLink = carriesCookie(FEED_ONCE_COOKIE);

/** The section for the signed-in account; call it from the meetings page's handler. */
export async function calendarFeedPanel(c: Context, deps: Deps, role: CalendarRole, accountId: string) {
  const page = MEETINGS_PAGE[role];
  const t = tOf(c);
  const once = getCookie(c, FEED_ONCE_COOKIE);
  if (once !== undefined) deleteCookie(c, FEED_ONCE_COOKIE, { path: page });
  const madeAt = await feedMadeAt(deps, role, accountId);
  const fresh = once !== undefined && madeAt !== undefined && (await isCurrentFeedToken(deps, role, accountId, once)) ? feedUrls(c, deps, once) : undefined;
  // The page holding a secret URL is kept in no cache, on disk or for the back button.
  if (fresh !== undefined) c.header("Cache-Control", "no-store");
  return (
    <section id="calendar" class="card calendar-feed" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{t("calendarPanel.title")}</h2>
      <p>{t("calendarPanel.intro", { minutes: ALARM_MINUTES })}</p>
      {fresh !== undefined ? (
        <>
          <p class="notice notice-success" role="status">
            {t("calendarPanel.ready")}
          </p>
          <p class="actions">
            <a class="button" href={fresh.webcalUrl}>
              {t("calendarPanel.subscribe")}
            </a>
          </p>
          <p>
            <label for="calendar-url">{t("calendarPanel.url")}</label>
            <input id="calendar-url" type="text" readonly value={fresh.url} />
          </p>
        </>
      ) : (
        madeAt !== undefined && (
          <p class="muted">{t("calendarPanel.made", { date: formatDateTime(madeAt.toISOString(), viewerTimeZone(c), t.lang) })}</p>
        )
      )}
      <form method="post" action={`${page}/calendar-feed`}>
        <button type="submit" class={madeAt !== undefined ? "button-secondary" : undefined}>
          {t(madeAt !== undefined ? "calendarPanel.reset" : "calendarPanel.get")}
        </button>
      </form>
    </section>
  );
}
