/** @jsxImportSource react */
/**
 * The patient's meetings as a story (issue 27): upcoming first (the next at the top, with its
 * Join button), then requests waiting for the doctor, then "Past and cancelled" (completed ones
 * with feedback, and cancellations of the last 90 days with who, when and why). A confirmed
 * meeting can be cancelled and a pending request withdrawn, each with a reason behind a first
 * step; a completed one takes feedback once. All are forms the server carries out
 * (src/routes/pages/patient-dashboard/patient-meetings.tsx); live, they send through the API.
 */
import { useState } from "react";
import { LIMITS } from "../src/domain/fields";
import { MESSAGES } from "../src/domain/messages";
import { storySections } from "../src/domain/story";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { StoryJson } from "../src/http/shapes";
import { api, messageOr, sendAction } from "./lib/api";
import { TextForm } from "./lib/forms";
import { PreferredTimesNote, RescheduledNote } from "./lib/MeetingChanges";
import { CancelledLine, MeetingLinks, ReasonStep, StorySection } from "./lib/story";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = { appointments: StoryJson[]; timeZone: string; form?: FormState; notice?: NoticeJson };

const CANCEL_PATH = "/patient-dashboard/patient-meetings/cancel";

export default function PatientMeetings({ appointments, timeZone, form: refused, notice }: Props) {
  const [list, setList] = useState(appointments);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);
  const refusedHere = (id: string) => (refused?.target === id ? refused : undefined);

  useRefreshOnReturn(async () => {
    const answer = await api("/patient-dashboard/patient-meetings");
    setLoadError(answer.ok ? null : messageOr(answer, "Failed to fetch appointments"));
    // The API lists no cancelled appointment: those the page showed stay.
    if (answer.ok)
      setList((items) => [...answer.body.appointments.map((a: StoryJson) => ({ ...a, cancelled: null })), ...items.filter((a) => a.status === "cancelled")]);
  });

  async function cancel(a: StoryJson, reason: string): Promise<string | null> {
    const refusedLive = await sendAction("/patient-dashboard/cancelAppointment", { appointmentId: a._id, reason }, "Failed to cancel appointment.");
    if (refusedLive) return refusedLive;
    setDone(a.scheduledAt === null ? `Your request to ${a.doctor.name} was withdrawn. You can book again at any time.` : "Appointment cancelled successfully");
    const at = new Date().toISOString();
    setList((items) => items.map((x) => (x._id === a._id ? { ...x, status: "cancelled", cancelled: { by: "patient", at, reason } } : x)));
    return null;
  }

  async function giveFeedback(id: string, message: string): Promise<string | null> {
    const refusedLive = await sendAction("/patient-dashboard/giveFeedback", { appointmentId: id, message }, "Failed to submit feedback.");
    if (refusedLive) return refusedLive;
    setDone("Feedback submitted successfully!");
    setList((items) => items.map((a) => (a._id === id ? { ...a, hasFeedback: true } : a)));
    return null;
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  const top = <Notice text={done} tone={notice?.tone ?? "success"} />;
  if (list.length === 0) {
    return (
      <>
        {top}
        <div className="empty">
          <p>No meetings found.</p>
          <a className="button" href="/patient-dashboard">
            Find a doctor
          </a>
        </div>
      </>
    );
  }
  const { upcoming, pending, past } = storySections(list);
  const head = (a: StoryJson, label?: string) => (
    <div className="meeting-head">
      <h3>
        {a.doctor.name} <span className="muted">· {a.doctor.specialization}</span>
      </h3>
      <span className={`badge badge-${a.status}`}>{label ?? a.status}</span>
    </div>
  );
  const reason = (a: StoryJson) => (
    <p>
      <strong>Reason:</strong> {a.reason}
    </p>
  );
  const when = (a: StoryJson) =>
    a.scheduledAt && (
      <p>
        <strong>When:</strong> <LocalTime iso={a.scheduledAt} timeZone={timeZone} />
      </p>
    );
  return (
    <>
      {top}
      <StorySection
        id="upcoming"
        title="Upcoming"
        items={upcoming}
        card={(a, i) => (
          <li key={a._id} className={i === 0 ? "card meeting meeting-next" : "card meeting"}>
            {i === 0 && <p className="next-label">Next meeting</p>}
            {head(a)}
            {reason(a)}
            {when(a)}
            <RescheduledNote meeting={a} timeZone={timeZone} />
            <MeetingLinks meetLink={a.meetLink} ics={`/patient-dashboard/patient-meetings/${encodeURIComponent(a._id)}.ics`} />
            <ReasonStep
              action={CANCEL_PATH}
              id={a._id}
              first="Cancel"
              ariaLabel={`Cancel the meeting with ${a.doctor.name}`}
              note="Cancelling cannot be undone. The doctor will see your reason."
              label="Reason for cancelling"
              submit="Cancel appointment"
              emptyMessage={MESSAGES.cancelReasonEmpty}
              refused={refused}
              send={(text) => cancel(a, text)}
            />
          </li>
        )}
      />
      <StorySection
        id="pending"
        title="Waiting for the doctor"
        items={pending}
        card={(a) => (
          <li key={a._id} className="card meeting">
            {head(a)}
            {reason(a)}
            <p className="muted">Waiting for the doctor to schedule a time.</p>
            <PreferredTimesNote meeting={a} timeZone={timeZone} />
            <ReasonStep
              action={CANCEL_PATH}
              id={a._id}
              first="Withdraw request"
              ariaLabel={`Withdraw the request to ${a.doctor.name}`}
              note="The doctor will see your reason. You can book this doctor again afterwards."
              label="Reason for withdrawing"
              submit="Withdraw request"
              emptyMessage={MESSAGES.withdrawReasonEmpty}
              refused={refused}
              send={(text) => cancel(a, text)}
            />
          </li>
        )}
      />
      <StorySection
        id="past"
        title="Past and cancelled"
        items={past}
        card={(a) => (
          <li key={a._id} className="card meeting">
            {head(a, a.status === "cancelled" && a.scheduledAt === null ? "withdrawn" : undefined)}
            {reason(a)}
            {when(a)}
            <CancelledLine a={a} self="patient" other={a.doctor.name} timeZone={timeZone} />
            {a.status === "cancelled" && (
              <a className="button button-secondary" href={`/patient-dashboard/bookAppointment/${encodeURIComponent(a.doctor._id)}`}>
                Book {a.doctor.name} again
              </a>
            )}
            {a.status === "completed" &&
              (a.hasFeedback ? (
                <span className="badge badge-done">Feedback Submitted</span>
              ) : (
                <TextForm
                  action="/patient-dashboard/patient-meetings/feedback"
                  hidden={{ appointmentId: a._id }}
                  field={{ name: "message", label: "Your feedback", multiline: true, maxLength: LIMITS.feedback.max }}
                  emptyMessage={MESSAGES.feedbackEmpty}
                  button={{ label: "Give Feedback" }}
                  value={refusedHere(a._id)?.values.message}
                  error={refusedHere(a._id)?.message}
                  send={(message) => giveFeedback(a._id, message)}
                />
              ))}
          </li>
        )}
      />
    </>
  );
}
