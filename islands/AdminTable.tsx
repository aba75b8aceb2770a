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
import { doctorActions } from "../src/domain/doctor-status";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AdminDoctorJson } from "../src/http/shapes";
import { api } from "./lib/api";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

type Doctor = AdminDoctorJson;
/** `page`: which page of the table the server rendered (its forms come back to it). */
export type Props = { doctors: Doctor[]; page?: number; timeZone: string; form?: FormState; notice?: NoticeJson };

/** "→" as a character reference: the 2,000-doctor page's text then stays one byte per character (half the memory, docs/performance.md). */
const ARROW = { __html: "&#8594;" };

export default function AdminTable({ doctors, page = 1, timeZone, form: refused, notice }: Props) {
  const [rows, setRows] = useState(doctors);
  const [error, setError] = useState<string | null>(refused ? `Failed to update doctor status. Please try again. ${refused.message}` : null);
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

  async function change(doctor: Doctor, status: Doctor["status"]) {
    setBusy(doctor._id);
    setError(null);
    setDone(null);
    const answer = await api(`/admin-dashboard/doctor-status/${encodeURIComponent(doctor._id)}`, {
      method: "PATCH",
      json: { status },
    });
    if (!answer.ok) {
      setError("Failed to update doctor status. Please try again.");
      await reload();
    } else {
      setRows((list) => list.map((d) => (d._id === doctor._id ? answer.body.doctor : d)));
    }
    setBusy(null);
    setRefocus(doctor._id);
  }

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
                <td>{d.name}</td>
                <td>{d.email}</td>
                <td>{d.specialization}</td>
                <td>{d.collegeName}</td>
                <td>
                  <span className={`badge badge-${d.status}`}>{d.status}</span>
                  <StatusHistory doctor={d} timeZone={timeZone} />
                </td>
                <td>
                  <div className="actions">
                  {doctorActions(d.status).map(({ to, action }) => (
                    <form
                      key={to}
                      method="post"
                      action={`/admin-dashboard/doctor-status/${encodeURIComponent(d._id)}${page === 1 ? "" : `?page=${page}`}`}
                      onSubmit={(e) => (e.preventDefault(), void change(d, to))}
                    >
                      <input type="hidden" name="status" value={to} />
                      <button type="submit" className={to === "approved" ? "" : "button-danger"} disabled={busy === d._id} aria-label={`${action} ${d.name}`}>
                        {action}
                      </button>
                    </form>
                  ))}
                  </div>
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
            {`, by ${e.by === "admin" ? "the admin" : "the doctor"}`}
          </li>
        ))}
      </ol>
    </details>
  );
}
