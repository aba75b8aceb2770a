/** @jsxImportSource react */
/**
 * The doctor's confirmed and completed meetings. A confirmed one shows its meet link and can be
 * cancelled; a completed one shows the patient's feedback or 'No feedback received yet.'.
 */
import { useState } from "react";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, promptAndSend } from "./lib/api";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Meeting = AppointmentJson & { feedback: string | null };
export type Props = { meetings: Meeting[]; timeZone: string };

export default function DoctorMeetings({ meetings, timeZone }: Props) {
  const [list, setList] = useState(meetings);
  const [loadError, setLoadError] = useState<string | null>(null);

  useRefreshOnReturn(async () => {
    const [answer, feedbacks] = await Promise.all([api("/doctor-dashboard/doctor-meetings"), api("/doctor-dashboard/patient-feedbacks")]);
    if (!answer.ok || !feedbacks.ok) {
      setLoadError(messageOr(answer.ok ? feedbacks : answer, "Failed to fetch appointments"));
      return;
    }
    const feedbackFor = new Map<string, string>(feedbacks.body.feedbacks.map((f: { appointment: { _id: string }; message: string }) => [f.appointment._id, f.message]));
    setLoadError(null);
    setList(answer.body.appointments.map((m: AppointmentJson) => ({ ...m, feedback: feedbackFor.get(m._id) ?? null })));
  });

  async function cancel(m: Meeting) {
    const question = `Why are you cancelling the meeting with ${m.patient.name}?`;
    const done = await promptAndSend(question, "/doctor-dashboard/cancelAppointment", (reason) => ({ appointmentId: m._id, reason }), "Failed to cancel appointment.");
    if (!done) return;
    setList((items) => items.filter((x) => x._id !== m._id));
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  if (list.length === 0) return <p className="empty">No appointments found.</p>;
  return (
    <ul className="meeting-list" role="list">
      {list.map((m) => (
        <li key={m._id} className="card meeting">
          <div className="meeting-head">
            <h2>{m.patient.name}</h2>
            <span className={`badge badge-${m.status}`}>{m.status}</span>
          </div>
          <p className="small muted">{m.patient.email}</p>
          <p>
            <strong>Reason:</strong> {m.reason}
          </p>
          {m.scheduledAt && (
            <p>
              <strong>When:</strong> <LocalTime iso={m.scheduledAt} timeZone={timeZone} />
            </p>
          )}
          {m.status === "confirmed" ? (
            <div className="actions">
              {m.meetLink && (
                <a className="button" href={m.meetLink} target="_blank" rel="noopener noreferrer">
                  Join meeting
                </a>
              )}
              <a className="button button-secondary" href={`/doctor-dashboard/doctor-Meetings/${encodeURIComponent(m._id)}.ics`} download>
                Add to calendar
              </a>
              <button type="button" className="button-danger" onClick={() => cancel(m)}>
                Cancel
              </button>
            </div>
          ) : (
            <div className="feedback">
              <h3>Feedback</h3>
              {m.feedback ? <blockquote>{m.feedback}</blockquote> : <p className="muted">No feedback received yet.</p>}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
