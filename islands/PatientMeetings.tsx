/** @jsxImportSource react */
/**
 * The patient's meetings: status, doctor, reason, time and meet link. A confirmed meeting can be
 * cancelled with a reason, a completed one takes feedback once, then shows 'Feedback Submitted'.
 * Both are forms the server carries out (src/routes/pages/patient-dashboard/patient-meetings.tsx);
 * live, they ask by prompt when the field is empty and send through the API.
 */
import { useState } from "react";
import { LIMITS } from "../src/domain/fields";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, sendOrAlert } from "./lib/api";
import { TextForm } from "./lib/forms";
import { PreferredTimesNote, RescheduledNote } from "./lib/MeetingChanges";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = { appointments: AppointmentJson[]; timeZone: string; form?: FormState; notice?: NoticeJson };

export default function PatientMeetings({ appointments, timeZone, form: refused, notice }: Props) {
  const [list, setList] = useState(appointments);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);
  const refusedHere = (id: string) => (refused?.target === id ? refused : undefined);

  useRefreshOnReturn(async () => {
    const answer = await api("/patient-dashboard/patient-meetings");
    setLoadError(answer.ok ? null : messageOr(answer, "Failed to fetch appointments"));
    if (answer.ok) setList(answer.body.appointments);
  });

  async function cancel(id: string, reason: string) {
    if (!(await sendOrAlert("/patient-dashboard/cancelAppointment", { appointmentId: id, reason }, "Failed to cancel appointment."))) return;
    setDone(null);
    setList((items) => items.filter((a) => a._id !== id));
  }

  async function giveFeedback(id: string, message: string) {
    if (!(await sendOrAlert("/patient-dashboard/giveFeedback", { appointmentId: id, message }, "Failed to submit feedback."))) return;
    alert("Feedback submitted successfully!");
    setDone(null);
    setList((items) => items.map((a) => (a._id === id ? { ...a, hasFeedback: true } : a)));
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  const top = <Notice text={done} tone={notice?.tone ?? "success"} />;
  if (list.length === 0) {
    return (
      <>
        {top}
        <p className="empty">No meetings found.</p>
      </>
    );
  }
  return (
    <>
    {top}
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
          <RescheduledNote meeting={a} timeZone={timeZone} />
          <PreferredTimesNote meeting={a} timeZone={timeZone} />
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
              <TextForm
                action="/patient-dashboard/patient-meetings/cancel"
                hidden={{ appointmentId: a._id }}
                field={{ name: "reason", label: "Reason for cancelling", maxLength: LIMITS.cancelReason.max }}
                question="Why are you cancelling this appointment?"
                button={{ label: "Cancel", className: "button-danger" }}
                value={refusedHere(a._id)?.values.reason}
                error={refusedHere(a._id)?.message}
                send={(reason) => cancel(a._id, reason)}
              />
            )}
            {a.status === "completed" &&
              ("hasFeedback" in a && a.hasFeedback ? (
                <span className="badge badge-done">Feedback Submitted</span>
              ) : (
                <TextForm
                  action="/patient-dashboard/patient-meetings/feedback"
                  hidden={{ appointmentId: a._id }}
                  field={{ name: "message", label: "Your feedback", multiline: true, maxLength: LIMITS.feedback.max }}
                  question="How was your consultation?"
                  button={{ label: "Give Feedback" }}
                  value={refusedHere(a._id)?.values.message}
                  error={refusedHere(a._id)?.message}
                  send={(message) => giveFeedback(a._id, message)}
                />
              ))}
          </div>
        </li>
      ))}
    </ul>
    </>
  );
}
