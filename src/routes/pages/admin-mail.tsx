/**
 * /admin-dashboard/mail : the outbox's state for operators (issue 25): how many messages wait,
 * went, are failing or were given up, and the latest ones by recipient and subject, never the
 * body. With MAIL_PREVIEW (the demo) a message opens rendered, since it went nowhere else.
 */
import type { Context } from "hono";
import { formatDateTime } from "../../../islands/lib/time";
import { Shell } from "../../components/Shell";
import { notFoundResponse } from "../../components/NotFound";
import type { Deps } from "../../config/deps";
import { findOutbox, outboxCounts, recentOutbox, type OutboxState } from "../../db/queries/mail";
import { mailMode } from "../../mail/outbox";
import { withoutResetLink } from "../../mail/security";
import { viewerTimeZone } from "../../middleware/page-guard";
import { renderPage, themeOf } from "../../render/Document";
import { tOf } from "../../i18n/request";

export const OUTBOX_PATH = "/admin-dashboard/mail";
const SHOWN = 50;

/** An outbox state's words (admin.state.*). */
const stateKey = (state: OutboxState) => `admin.state.${state}` as const;

export function adminMailPage(deps: Deps) {
  return async (c: Context) => {
    const mode = mailMode(deps.config);
    const [counts, rows] = await Promise.all([outboxCounts(deps.database.db), recentOutbox(deps.database.db, SHOWN)]);
    const zone = viewerTimeZone(c);
    const t = tOf(c);
    const when = (d: Date | null) => (d ? formatDateTime(d.toISOString(), zone, t.lang) : "");
    return renderPage(
      c,
      { title: t("admin.outboxTitle"), guard: "admin" },
      <Shell area="admin" path={OUTBOX_PATH} theme={themeOf(c)}>
        <section class="page-wide" aria-labelledby="mail-title">
          <h1 id="mail-title">{t("admin.outboxTitle")}</h1>
          <p>
            {mode === "smtp"
              ? t("admin.mailSmtp", { from: deps.config.mailFrom })
              : mode === "preview"
                ? t("admin.mailPreview")
                : t("admin.mailOff")}
          </p>
          <dl class="outbox-counts">
            {(["waiting", "sent", "failing", "given_up"] as const).map((state) => (
              <>
                <dt>{t(stateKey(state))}</dt>
                <dd data-state={state}>{state === "waiting" ? counts.waiting + counts.sending : counts[state]}</dd>
              </>
            ))}
          </dl>
          {/* The table's name above its scrolling box, not a caption: a caption is as wide as the table, off a 360 px screen (issue 39). */}
          <h2 id="outbox-latest" class="table-title">
            {t("admin.latest", { count: SHOWN })}
          </h2>
          <div class="table-wrap">
            <table class="admin-table" aria-labelledby="outbox-latest">
              <thead>
                <tr>
                  <th scope="col">{t("admin.colWritten")}</th>
                  <th scope="col">{t("admin.colTo")}</th>
                  <th scope="col">{t("admin.colSubject")}</th>
                  <th scope="col">{t("admin.colState")}</th>
                  <th scope="col">{t("admin.colTries")}</th>
                  <th scope="col">{t("admin.colError")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr>
                    <td>{when(row.createdAt)}</td>
                    <td>{row.toAddress}</td>
                    <td>{mode === "preview" ? <a href={`${OUTBOX_PATH}/${row.id}`}>{row.subject}</a> : row.subject}</td>
                    <td>
                      {t(stateKey(row.state))}
                      {row.state === "sent" ? ` ${when(row.sentAt)}` : row.state === "waiting" || row.state === "failing" ? t("admin.nextTry", { when: when(row.nextAttemptAt) }) : ""}
                    </td>
                    <td>{row.attempts}</td>
                    <td>{row.lastError ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </Shell>,
    );
  };
}

/** One mail as written (preview only): its headers, text part, calendar part, and its HTML part at …/html. */
export function adminMailMessagePage(deps: Deps) {
  return async (c: Context) => {
    if (mailMode(deps.config) !== "preview") return notFoundResponse(c);
    const row = await findOutbox(deps.database.db, c.req.param("id") ?? "");
    if (row === undefined) return notFoundResponse(c);
    if (c.req.path.endsWith("/html")) {
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'");
      return c.html(withoutResetLink(row.html));
    }
    const t = tOf(c);
    // Issue 55: a text (SMS, WhatsApp) is its number and its words, as the provider receives them.
    if (row.channel !== "email") {
      return renderPage(
        c,
        { title: row.subject, guard: "admin" },
        <Shell area="admin" path={OUTBOX_PATH} theme={themeOf(c)}>
          <section class="page-wide" aria-labelledby="mail-title">
            <p>
              <a href={OUTBOX_PATH}>{t("admin.backToOutbox")}</a>
            </p>
            <h1 id="mail-title">{row.subject}</h1>
            <dl class="mail-headers">
              <dt>{t("admin.to")}</dt>
              <dd>{row.toAddress}</dd>
            </dl>
            <pre class="mail-text">{row.text}</pre>
          </section>
        </Shell>,
      );
    }
    return renderPage(
      c,
      { title: row.subject, guard: "admin" },
      <Shell area="admin" path={OUTBOX_PATH} theme={themeOf(c)}>
        <section class="page-wide" aria-labelledby="mail-title">
          <p>
            <a href={OUTBOX_PATH}>{t("admin.backToOutbox")}</a>
          </p>
          <h1 id="mail-title">{row.subject}</h1>
          {/* A header's value may be one long word (the unsubscribe address): it wraps, never widens the page (issue 52). */}
          <dl class="mail-headers">
            <dt>{t("admin.from")}</dt>
            <dd>{deps.config.mailFrom}</dd>
            <dt>{t("admin.to")}</dt>
            <dd>{row.toAddress}</dd>
            <dt>{t("admin.messageId")}</dt>
            <dd>{row.messageId}</dd>
            {row.unsubscribeUrl && (
              <>
                <dt>{t("admin.unsubscribeHeader")}</dt>
                <dd>{row.unsubscribeUrl}</dd>
              </>
            )}
          </dl>
          <p>
            <a href={`${OUTBOX_PATH}/${row.id}/html`}>{t("admin.openHtml")}</a>
          </p>
          <pre class="mail-text">{withoutResetLink(row.text)}</pre>
          {row.calendar && (
            <>
              <h2>{t("admin.attachment")}</h2>
              <pre class="mail-text">{row.calendar}</pre>
            </>
          )}
        </section>
      </Shell>,
    );
  };
}
