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
import { MESSAGES } from "../src/domain/messages";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AdminDoctorJson } from "../src/http/shapes";
import { api } from "./lib/api";
import { TextForm } from "./lib/forms";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

type Doctor = AdminDoctorJson;
/** `page`: which page of the table the server rendered (its forms come back to it). */
export type Props = { doctors: Doctor[]; page?: number; timeZone: string; form?: FormState; notice?: NoticeJson };

/** "→" as a character reference: the 2,000-doctor page's text then stays one byte per character (half the memory, docs/performance.md). */
const ARROW = { __html: "&#8594;" };

export default function AdminTable({ doctors, page = 1, timeZone, form: refused, notice }: Props) {
  const [rows, setRows] = useState(doctors);
  // A refusal of a form the row still offers (a missing reason) is shown beside that form; any other above the table.
  const refusedInRow =
    refused !== undefined &&
    doctors.some((d) => d._id === refused.target && doctorActions(d.status).some((a) => a.to === refused.values.status && NEEDS_REASON.has(a.to)));
  const [error, setError] = useState<string | null>(refused && !refusedInRow ? `Failed to update doctor status. Please try again. ${refused.message}` : null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  // The clicked button leaves the DOM with the old status: keep keyboard focus in that row.
  const [refocus, setRefocus] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);

  /** Reads the list again; false (with SPEC's message shown) when that fails. */
  async function reload(): Promise<boolean> {
    const fresh = await api<Doctor[]>("/admin-dashboard/doctors");
    if (!fresh.ok || !Array.isArray(fresh.body)) {
      setError("Failed to fetch doctors. Please try again.");
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
      setError("Failed to update doctor status. Please try again.");
      await reload();
    } else {
      setRows((list) => list.map((d) => (d._id === doctor._id ? answer.body.doctor : d)));
      setDone(answer.body.message ?? null);
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
        <p className="empty">No doctors found in the system.</p>
      </>
    );
  }
  return (
    <>
      <Notice text={error} tone="error" />
      <Notice text={done} tone="success" />
      <div className="table-wrap">
        <table className="admin-table" ref={table}>
          <caption className="visually-hidden">Doctors and their account status</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Specialization</th>
              <th scope="col">College</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d._id} data-doctor={d._id}>
                <td data-label="Name">{d.name}</td>
                <td data-label="Email">{d.email}</td>
                <td data-label="Specialization">
                  {d.specialization}
                  {d.pendingChange?.specialization && <PendingValue value={d.pendingChange.specialization} />}
                </td>
                <td data-label="College">
                  {d.collegeName}
                  {d.pendingChange?.collegeName && <PendingValue value={d.pendingChange.collegeName} />}
                </td>
                <td data-label="Status">
                  <span className={`badge badge-${d.status}`}>{d.status}</span>
                  <StatusHistory doctor={d} timeZone={timeZone} />
                </td>
                <td data-label="Actions">
                  <p className="row-name" aria-hidden="true">{d.name}</p>
                  <div className="actions">
                  {doctorActions(d.status).map(({ to, action }) =>
                    NEEDS_REASON.has(to) ? (
                      <TextForm
                        key={to}
                        action={formAction(d)}
                        hidden={{ status: to }}
                        field={{ name: "reason", label: `Why ${action.toLowerCase()} ${d.name}?`, maxLength: LIMITS.cancelReason.max }}
                        emptyMessage={to === "blocked" ? MESSAGES.blockReasonEmpty : MESSAGES.rejectReasonEmpty}
                        confirm={{
                          label: action,
                          ariaLabel: `${action} ${d.name}`,
                          note: to === "blocked" ? `${d.name} loses access at once; their open appointments are cancelled for the patients. The doctor sees your reason.` : `The doctor sees your reason.`,
                        }}
                        button={{ label: `${action} ${d.name}`, className: "button-danger" }}
                        value={refusedInRow && refused?.target === d._id && refused.values.status === to ? refused.values.reason : undefined}
                        error={refusedInRow && refused?.target === d._id && refused.values.status === to ? refused.message : null}
                        send={(reason) => change(d, to, reason)}
                      />
                    ) : (
                      <form key={to} method="post" action={formAction(d)} onSubmit={(e) => (e.preventDefault(), void change(d, to))}>
                        <input type="hidden" name="status" value={to} />
                        <button type="submit" disabled={busy === d._id} aria-label={`${action} ${d.name}`}>
                          {action}
                        </button>
                      </form>
                    ),
                  )}
                  </div>
                  {d.pendingChange && (
                    // A plain form, with script too: the page comes back with the decision.
                    <form method="post" action={`/admin-dashboard/doctor-change/${encodeURIComponent(d._id)}${page === 1 ? "" : `?page=${page}`}`} className="actions change-review">
                      <button type="submit" name="decision" value="approve" aria-label={`Approve change for ${d.name}`}>
                        Approve change
                      </button>
                      <button type="submit" name="decision" value="decline" className="button-secondary" aria-label={`Decline change for ${d.name}`}>
                        Decline change
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
  if (doctor.statusHistory.length === 0) return null;
  return (
    <details className="history">
      <summary>
        History<span className="visually-hidden"> of {doctor.name}</span>
      </summary>
      <ol>
        {doctor.statusHistory.map((e, i) => (
          <li key={i}>
            {`${e.action} (${e.from ? `${e.from} ` : ""}`}
            {e.from ? <span dangerouslySetInnerHTML={ARROW} /> : null}
            {`${e.from ? " " : ""}${e.to}), `}
            <LocalTime iso={e.at} timeZone={timeZone} />
            {`, by ${e.by === "admin" ? "the admin" : "the doctor"}${e.reason ? `: ${e.reason}` : ""}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** A value waiting for review, below the approved one the directory still shows. */
function PendingValue({ value }: { value: string }) {
  return <span className="pending-value">{`Change waiting: ${value}`}</span>;
}
