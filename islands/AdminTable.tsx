/** @jsxImportSource react */
/**
 * The admin's table of doctors (6 columns) with the actions each status allows: Approve,
 * Reject, Block, Reactivate. The server decides; the row shows what it answered.
 */
import { useState } from "react";
import { doctorActions } from "../src/domain/doctor-status";
import type { doctorJson } from "../src/http/shapes";
import { api } from "./lib/api";
import { Notice } from "./lib/ui";

type Doctor = ReturnType<typeof doctorJson>;
export type Props = { doctors: Doctor[] };

export default function AdminTable({ doctors }: Props) {
  const [rows, setRows] = useState(doctors);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function change(doctor: Doctor, status: Doctor["status"]) {
    setBusy(doctor._id);
    setError(null);
    const answer = await api(`/admin-dashboard/doctor-status/${encodeURIComponent(doctor._id)}`, {
      method: "PATCH",
      json: { status },
    });
    setBusy(null);
    if (!answer.ok) {
      setError("Failed to update doctor status. Please try again.");
      return;
    }
    setRows((list) => list.map((d) => (d._id === doctor._id ? answer.body.doctor : d)));
  }

  if (rows.length === 0) return <p className="empty">No doctors found in the system.</p>;
  return (
    <>
      <Notice text={error} tone="error" />
      <div className="table-wrap">
        <table className="admin-table">
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
              <tr key={d._id}>
                <td>{d.name}</td>
                <td>{d.email}</td>
                <td>{d.specialization}</td>
                <td>{d.collegeName}</td>
                <td>
                  <span className={`badge badge-${d.status}`}>{d.status}</span>
                </td>
                <td className="actions">
                  {doctorActions(d.status).map(({ to, action }) => (
                    <button
                      key={to}
                      type="button"
                      className={to === "approved" ? "" : "button-danger"}
                      disabled={busy === d._id}
                      onClick={() => change(d, to)}
                      aria-label={`${action} ${d.name}`}
                    >
                      {action}
                    </button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
