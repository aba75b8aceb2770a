/** @jsxImportSource react */
/**
 * The patient's meetings: status, doctor, reason, time and meet link. A confirmed meeting can be
 * cancelled (reason asked by prompt; empty or dismissed does nothing). A completed one takes
 * feedback once, then shows 'Feedback Submitted'.
 */
import { useState } from "react";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, promptAndSend } from "./lib/api";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = { appointments: AppointmentJson[]; timeZone: string };

export default function PatientMeetings({ appointments, timeZone }: Props) {
  const [list, setList] = useState(appointments);
  const [loadError, setLoadError] = useState<string | null>(null);

  useRefreshOnReturn(async () => {
    const answer = await api("/patient-dashboard/patient-meetings");
    setLoadError(answer.ok ? null : messageOr(answer, "Failed to fetch appointments"));
    if (answer.ok) setList(answer.body.appointments);
  });

  async function cancel(id: string) {
    const path = "/patient-dashboard/cancelAppointment";
    const done = await promptAndSend("Why are you cancelling this appointment?", path, (reason) => ({ appointmentId: id, reason }), "Failed to cancel appointment.");
    if (!done) return;
    setList((items) => items.filter((a) => a._id !== id));
  }

  async function giveFeedback(id: string) {
    const path = "/patient-dashboard/giveFeedback";
    const done = await promptAndSend("How was your consultation?", path, (message) => ({ appointmentId: id, message }), "Failed to submit feedback.");
    if (!done) return;
    alert("Feedback submitted successfully!");
    setList((items) => items.map((a) => (a._id === id ? { ...a, hasFeedback: true } : a)));
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  if (list.length === 0) return <p className="empty">No meetings found.</p>;
  return (
    <ul className="meeting-list" role="list">
      {list.map((a) => (
        <li key={a._id} className="card meeting">
          <div className="meeting-head">
            <h2>
              {a.doctor.name} <span className="muted">· {a.doctor.specialization}</span>
            </h2>
            <span className={`badge badge-${a.status}`}>{a.status}</span>
          </div>
          <p>
            <strong>Reason:</strong> {a.reason}
          </p>
          {a.scheduledAt ? (
            <p>
              <strong>When:</strong> <LocalTime iso={a.scheduledAt} timeZone={timeZone} />
            </p>
          ) : (
            <p className="muted">Waiting for the doctor to schedule a time.</p>
          )}
          {a.status === "confirmed" && a.meetLink && (
            <p>
              <a href={a.meetLink} target="_blank" rel="noopener noreferrer">
                Join meeting
              </a>
            </p>
          )}
          <div className="actions">
            {a.status === "confirmed" && (
              <a className="button button-secondary" href={`/patient-dashboard/patient-meetings/${encodeURIComponent(a._id)}.ics`} download>
                Add to calendar
              </a>
            )}
            {a.status === "confirmed" && (
              <button type="button" className="button-danger" onClick={() => cancel(a._id)}>
                Cancel
              </button>
            )}
            {a.status === "completed" &&
              ("hasFeedback" in a && a.hasFeedback ? (
                <span className="badge badge-done">Feedback Submitted</span>
              ) : (
                <button type="button" onClick={() => giveFeedback(a._id)}>
                  Give Feedback
                </button>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
