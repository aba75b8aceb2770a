/** @jsxImportSource react */
/**
 * The doctor's confirmed and completed meetings. A confirmed one shows its meet link and can be
 * cancelled with a reason (a form the server carries out; live, a prompt when the field is empty);
 * a completed one shows the patient's feedback or 'No feedback received yet.'.
 */
import { useState } from "react";
import { LIMITS } from "../src/domain/fields";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, sendOrAlert } from "./lib/api";
import { TextForm } from "./lib/forms";
import { RescheduledNote, RescheduleForm } from "./lib/MeetingChanges";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Meeting = AppointmentJson & { feedback: string | null };
export type Props = { meetings: Meeting[]; timeZone: string; form?: FormState; notice?: NoticeJson };

export default function DoctorMeetings({ meetings, timeZone, form: refused, notice }: Props) {
  const [list, setList] = useState(meetings);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);

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

  async function cancel(m: Meeting, reason: string) {
    if (!(await sendOrAlert("/doctor-dashboard/cancelAppointment", { appointmentId: m._id, reason }, "Failed to cancel appointment."))) return;
    setDone(null);
    setList((items) => items.filter((x) => x._id !== m._id));
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  const top = <Notice text={done} tone={notice?.tone ?? "success"} />;
  if (list.length === 0) {
    return (
      <>
        {top}
        <p className="empty">No appointments found.</p>
      </>
    );
  }
  return (
    <>
    {top}
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
          <RescheduledNote meeting={m} timeZone={timeZone} />
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
              <TextForm
                action="/doctor-dashboard/doctor-Meetings/cancel"
                hidden={{ appointmentId: m._id }}
                field={{ name: "reason", label: "Reason for cancelling", maxLength: LIMITS.cancelReason.max }}
                question={`Why are you cancelling the meeting with ${m.patient.name}?`}
                button={{ label: "Cancel", className: "button-danger" }}
                value={refused?.target === m._id ? refused.values.reason : undefined}
                error={refused?.target === m._id ? refused.message : null}
                send={(reason) => cancel(m, reason)}
              />
              <RescheduleForm meeting={m} timeZone={timeZone} refused={refused} />
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
    </>
  );
}
