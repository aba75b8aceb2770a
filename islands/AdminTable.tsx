/** @jsxImportSource react */
/**
 * The admin's table of doctors (6 columns) with the actions each status allows: Approve,
 * Reject, Block, Reactivate. Each is a form the server carries out (src/routes/pages/admin-dashboard.tsx);
 * live, the island sends it through the API and updates the row in place. The server decides; the
 * row shows what it answered. When it refuses (someone else changed the doctor meanwhile), the list
 * is read again so the row offers what is really allowed now.
 */
import { useEffect, useRef, useState } from "react";
import { adminPageOf } from "../src/domain/admin-table";
import { doctorActions, NEEDS_REASON } from "../src/domain/doctor-status";
import { LIMITS } from "../src/domain/fields";
import { DETAIL_LIMITS } from "../src/domain/doctor-details";
import { MESSAGES } from "../src/domain/messages";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AdminDoctorJson } from "../src/http/shapes";
import { formatDateTime } from "../src/domain/time";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { TextForm } from "./lib/forms";
import { useLang, useT } from "./lib/i18n";
import { useViewerZone } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";
import { formatMessage, type Translate, type Values } from "../src/domain/i18n";

type Doctor = AdminDoctorJson;
/**
 * `page`: which page of the table the server rendered (its forms come back to it). `specs`: the
 * page's specializations named in its language (the server's spec.* labels, kept out of the
 * island's messages for their weight); one missing shows as it is stored. `empty`: what a page
 * without doctors says, given only then (a page with doctors carries no such sentence).
 */
export type Props = {
  doctors: Doctor[];
  page?: number;
  timeZone: string;
  form?: FormState;
  notice?: NoticeJson;
  specs?: Record<string, string>;
  empty?: string;
  registration?: RegistrationWords;
};
/**
 * The registration's words (issue 41), said by the server in the page's language (ICU patterns
 * with {name}, {verified}, {reason}), kept out of the island's messages for their weight.
 */
export type RegistrationWords = Record<"label" | "none" | "verified" | "waiting" | "waitingFirst" | "refused" | "verify" | "reject" | "why", string>;

const ACTIONS = new Set(["Approve", "Reject", "Block", "Reactivate", "Signup", "Approve change", "Decline change", "Verify registration", "Reject registration"]);
/** An admin action's (or an audit event's) name in the page's language. */
const actionIn = (t: Translate, action: string) => (ACTIONS.has(action) ? t(`AdminTable.a.${action}`) : action);

/** "→" as a character reference: the 2,000-doctor page's text then stays one byte per character (half the memory, docs/performance.md). */
const ARROW = { __html: "&#8594;" };

export default function AdminTable({ doctors, page = 1, timeZone, form: refused, notice, specs = {}, empty, registration }: Props) {
  const t = useT();
  const say = useHumanMessage();
  const spec = (s: string) => specs[s] ?? s;
  const [rows, setRows] = useState(doctors);
  // A refusal of a form the row still offers (a missing reason) is shown beside that form; any other above the table.
  const refusedInRow =
    refused !== undefined &&
    doctors.some((d) => d._id === refused.target && doctorActions(d.status).some((a) => a.to === refused.values.status && NEEDS_REASON.has(a.to)));
  const [error, setError] = useState<string | null>(refused && !refusedInRow ? `${t("AdminTable.failed")} ${say(refused.message)}` : null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  // The clicked button leaves the DOM with the old status: keep keyboard focus in that row.
  const [refocus, setRefocus] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);

  /** Reads the list again; false (with SPEC's message shown) when that fails. */
  async function reload(): Promise<boolean> {
    const fresh = await api<Doctor[]>("/admin-dashboard/doctors");
    if (!fresh.ok || !Array.isArray(fresh.body)) {
      setError(t("AdminTable.fetchFailed"));
      return false;
    }
    // The API answers every doctor: this page shows its own part of them, as they are now.
    setRows(adminPageOf(fresh.body, page));
    return true;
  }

  useRefreshOnReturn(async () => {
    if (await reload()) setError(null);
  });

  useEffect(() => {
    if (refocus === null) return;
    setRefocus(null);
    // Only when focus was lost with the button, never taken from where the admin moved it.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const row = table.current?.querySelector<HTMLElement>(`tr[data-doctor="${CSS.escape(refocus)}"]`);
    row?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
  }, [refocus]);

  async function change(doctor: Doctor, status: Doctor["status"], reason?: string): Promise<string | null> {
    setBusy(doctor._id);
    setError(null);
    setDone(null);
    const answer = await api(`/admin-dashboard/doctor-status/${encodeURIComponent(doctor._id)}`, {
      method: "PATCH",
      json: reason === undefined ? { status } : { status, reason },
    });
    if (!answer.ok) {
      setError(t("AdminTable.failed"));
      await reload();
    } else {
      const changed: Doctor = answer.body.doctor;
      setRows((list) => list.map((d) => (d._id === doctor._id ? changed : d)));
      // The API's message is English (SPEC §8): the page says the same in its own language.
      const action = doctorActions(doctor.status).find((a) => a.to === status)?.action;
      setDone(action ? t("AdminTable.done", { action: actionIn(t, action), name: changed.name, status: t(`status.${changed.status}`) }) : (answer.body.message ? say(answer.body.message) : null));
    }
    setBusy(null);
    setRefocus(doctor._id);
    return null;
  }
  const formAction = (d: Doctor) => `/admin-dashboard/doctor-status/${encodeURIComponent(d._id)}${page === 1 ? "" : `?page=${page}`}`;

  if (rows.length === 0) {
    return (
      <>
        <Notice text={error} tone="error" />
        {empty && <p className="empty">{empty}</p>}
      </>
    );
  }
  return (
    <>
      <Notice text={error} tone="error" />
      <Notice text={done} tone="success" />
      <div className="table-wrap">
        <table className="admin-table" ref={table}>
          <caption className="visually-hidden">{t("AdminTable.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("AdminTable.name")}</th>
              <th scope="col">{t("AdminTable.email")}</th>
              <th scope="col">{t("AdminTable.spec")}</th>
              <th scope="col">{t("AdminTable.college")}</th>
              <th scope="col">{t("AdminTable.status")}</th>
              <th scope="col">{t("AdminTable.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d._id} data-doctor={d._id}>
                <td data-label={t("AdminTable.name")}>{d.name}</td>
                <td data-label={t("AdminTable.email")}>{d.email}</td>
                <td data-label={t("AdminTable.spec")}>
                  {spec(d.specialization)}
                  {d.pendingChange?.specialization && <PendingValue value={spec(d.pendingChange.specialization)} />}
                </td>
                <td data-label={t("AdminTable.college")}>
                  {d.collegeName}
                  {d.pendingChange?.collegeName && <PendingValue value={d.pendingChange.collegeName} />}
                </td>
                <td data-label={t("AdminTable.status")}>
                  <span className={`badge badge-${d.status}`}>{t(`status.${d.status}`)}</span>
                  <StatusHistory doctor={d} timeZone={timeZone} />
                </td>
                <td data-label={t("AdminTable.actions")}>
                  <p className="row-name" aria-hidden="true">{d.name}</p>
                  <div className="actions">
                  {doctorActions(d.status).map(({ to, action: english }) => {
                    const action = actionIn(t, english);
                    return NEEDS_REASON.has(to) ? (
                      <TextForm
                        key={to}
                        action={formAction(d)}
                        hidden={{ status: to }}
                        // Every row has a Block form: its ids name the doctor, or each row's label would point at the first row's field.
                        scope={d._id}
                        field={{ name: "reason", label: t("AdminTable.why", { to, name: d.name }), maxLength: LIMITS.cancelReason.max }}
                        emptyMessage={say(to === "blocked" ? MESSAGES.blockReasonEmpty : MESSAGES.rejectReasonEmpty)}
                        confirm={{
                          label: action,
                          ariaLabel: t("AdminTable.on", { action, name: d.name }),
                          note: to === "blocked" ? t("AdminTable.blockNote", { name: d.name }) : t("AdminTable.seesReason"),
                        }}
                        // Issue 51: the confirming button's name differs from its opener's ("Block Dr X").
                        button={{ label: t("AdminTable.confirmOn", { action, name: d.name }), className: "button-danger" }}
                        value={refusedInRow && refused?.target === d._id && refused.values.status === to ? refused.values.reason : undefined}
                        error={refusedInRow && refused?.target === d._id && refused.values.status === to ? refused.message : null}
                        send={(reason) => change(d, to, reason)}
                      />
                    ) : (
                      <form key={to} method="post" action={formAction(d)} onSubmit={(e) => (e.preventDefault(), void change(d, to))}>
                        <input type="hidden" name="status" value={to} />
                        <button type="submit" disabled={busy === d._id} aria-label={t("AdminTable.on", { action, name: d.name })}>
                          {action}
                        </button>
                      </form>
                    );
                  })}
                  </div>
                  {registration && <RegistrationCheck doctor={d} words={registration} page={page} />}
                  {d.pendingChange && (
                    // A plain form, with script too: the page comes back with the decision.
                    <form method="post" action={`/admin-dashboard/doctor-change/${encodeURIComponent(d._id)}${page === 1 ? "" : `?page=${page}`}`} className="actions change-review">
                      <button type="submit" name="decision" value="approve" aria-label={t("AdminTable.changeFor", { decision: "approve", name: d.name })}>
                        {t("AdminTable.a.Approve change")}
                      </button>
                      <button type="submit" name="decision" value="decline" className="button-secondary" aria-label={t("AdminTable.changeFor", { decision: "decline", name: d.name })}>
                        {t("AdminTable.a.Decline change")}
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The doctor's status history from the audit trail: what happened, when, and by whom. */
function StatusHistory({ doctor, timeZone }: { doctor: Doctor; timeZone: string }) {
  const t = useT();
  if (doctor.statusHistory.length === 0) return null;
  const status = (s: string) => t(`status.${s}`);
  return (
    <details className="history">
      <summary>
        {t("AdminTable.history")}<span className="visually-hidden">{t("AdminTable.historyOf", { name: doctor.name })}</span>
      </summary>
      <ol>
        {doctor.statusHistory.map((e, i) => (
          <li key={i}>
            {`${actionIn(t, e.action)} (${e.from ? `${status(e.from)} ` : ""}`}
            {e.from ? <span dangerouslySetInnerHTML={ARROW} /> : null}
            {`${e.from ? " " : ""}${e.to ? status(e.to) : e.to}), `}
            <When iso={e.at} timeZone={timeZone} />
            {`${t("AdminTable.by", { by: e.by === "admin" ? "admin" : "doctor" })}${e.reason ? `: ${e.reason}` : ""}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** A time in the viewer's zone, written in the page's language. */
function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  const zone = useViewerZone(timeZone);
  return <time dateTime={iso}>{formatDateTime(iso, zone, useLang())}</time>;
}

/** A value waiting for review, below the approved one the directory still shows. */
function PendingValue({ value }: { value: string }) {
  const t = useT();
  return <span className="pending-value">{t("AdminTable.waiting", { value })}</span>;
}

/**
 * The doctor's registration and, while one waits, the admin's Verify and Reject forms (issue 41):
 * plain forms, with script too; the page comes back with the decision.
 */
function RegistrationCheck({ doctor, words, page }: { doctor: Doctor; words: RegistrationWords; page: number }) {
  const lang = useLang();
  const say = (pattern: string, values?: Values) => formatMessage(pattern, values, lang);
  const { number, council, verified, reason } = doctor.registration;
  const action = `/admin-dashboard/doctor-registration/${encodeURIComponent(doctor._id)}${page === 1 ? "" : `?page=${page}`}`;
  const waiting = number !== null && !verified;
  // What the directory shows meanwhile: the last verified pair, kept in the audit trail's last "Verify registration".
  const kept = doctor.statusHistory.findLast((e) => e.action === "Verify registration")?.reason;
  const state = number === null ? words.none : verified ? words.verified : reason !== null ? say(words.refused, { reason }) : kept ? say(words.waiting, { verified: kept }) : words.waitingFirst;
  return (
    <div className="registration">
      <p>
        {`${words.label}: `}
        {number !== null && <strong>{`${number}, ${council} `}</strong>}
        <span className={waiting ? "pending-value" : undefined}>{state}</span>
      </p>
      {waiting && (
        <div className="actions">
          <form method="post" action={action}>
            <input type="hidden" name="verified" value="true" />
            <button type="submit">{say(words.verify, { name: doctor.name })}</button>
          </form>
          <form method="post" action={action} className="reason-form">
            <input type="hidden" name="verified" value="false" />
            <label>
              {words.why}
              <input name="reason" required maxLength={DETAIL_LIMITS.registrationReason.max} />
            </label>
            <button type="submit" className="button-danger">{say(words.reject, { name: doctor.name })}</button>
          </form>
        </div>
      )}
    </div>
  );
}
