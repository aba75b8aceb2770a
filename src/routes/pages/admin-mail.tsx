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
import { viewerTimeZone } from "../../middleware/page-guard";
import { renderPage, themeOf } from "../../render/Document";

export const OUTBOX_PATH = "/admin-dashboard/mail";
const SHOWN = 50;

const STATE_LABEL: Record<OutboxState, string> = {
  waiting: "waiting",
  sending: "sending",
  sent: "sent",
  failing: "failing",
  given_up: "given up",
  dropped: "not sent (meeting changed or turned off)",
};

export function adminMailPage(deps: Deps) {
  return async (c: Context) => {
    const mode = mailMode(deps.config);
    const [counts, rows] = await Promise.all([outboxCounts(deps.database.db), recentOutbox(deps.database.db, SHOWN)]);
    const zone = viewerTimeZone(c);
    const when = (d: Date | null) => (d ? formatDateTime(d.toISOString(), zone) : "");
    return renderPage(
      c,
      { title: "Mail outbox", guard: "admin" },
      <Shell area="admin" path={OUTBOX_PATH} theme={themeOf(c)}>
        <section class="page-wide" aria-labelledby="mail-title">
          <h1 id="mail-title">Mail outbox</h1>
          <p>
            {mode === "smtp"
              ? `Mail goes out through SMTP from ${deps.config.mailFrom}.`
              : mode === "preview"
                ? "Preview: mails are written here and sent nowhere. Open a subject to read the mail."
                : "Mail is off (SMTP_URL is not set): nothing is written or sent."}
          </p>
          <dl class="outbox-counts">
            {(["waiting", "sent", "failing", "given_up"] as const).map((state) => (
              <>
                <dt>{STATE_LABEL[state]}</dt>
                <dd data-state={state}>{state === "waiting" ? counts.waiting + counts.sending : counts[state]}</dd>
              </>
            ))}
          </dl>
          <div class="table-wrap">
            <table class="admin-table">
              <caption>The latest {SHOWN} messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Written</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">State</th>
                  <th scope="col">Tries</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr>
                    <td>{when(row.createdAt)}</td>
                    <td>{row.toAddress}</td>
                    <td>{mode === "preview" ? <a href={`${OUTBOX_PATH}/${row.id}`}>{row.subject}</a> : row.subject}</td>
                    <td>
                      {STATE_LABEL[row.state]}
                      {row.state === "sent" ? ` ${when(row.sentAt)}` : row.state === "waiting" || row.state === "failing" ? ` (next ${when(row.nextAttemptAt)})` : ""}
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
      return c.html(row.html);
    }
    return renderPage(
      c,
      { title: row.subject, guard: "admin" },
      <Shell area="admin" path={OUTBOX_PATH} theme={themeOf(c)}>
        <section class="page-wide" aria-labelledby="mail-title">
          <p>
            <a href={OUTBOX_PATH}>Back to the outbox</a>
          </p>
          <h1 id="mail-title">{row.subject}</h1>
          <dl>
            <dt>From</dt>
            <dd>{deps.config.mailFrom}</dd>
            <dt>To</dt>
            <dd>{row.toAddress}</dd>
            <dt>Message-ID</dt>
            <dd>{row.messageId}</dd>
            {row.unsubscribeUrl && (
              <>
                <dt>List-Unsubscribe</dt>
                <dd>{row.unsubscribeUrl}</dd>
              </>
            )}
          </dl>
          <p>
            <a href={`${OUTBOX_PATH}/${row.id}/html`}>Open the HTML part</a>
          </p>
          <pre class="mail-text">{row.text}</pre>
          {row.calendar && (
            <>
              <h2>Attachment: consultation.ics (text/calendar)</h2>
              <pre class="mail-text">{row.calendar}</pre>
            </>
          )}
        </section>
      </Shell>,
    );
  };
}
