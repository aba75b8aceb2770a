/** @jsxImportSource react */
/**
 * The doctor's pending requests: each with date and time inputs, Schedule and Cancel. Both are
 * forms the server carries out (src/routes/pages/doctor-dashboard/index.tsx): the date and time
 * are read in the zone the page names. Live, the island sends them through the API read in the
 * same zone, alerts as the spec's client does, and asks the cancel reason by prompt
 * when its field is empty.
 */
import { useState, type FormEvent } from "react";
import { LIMITS } from "../src/domain/fields";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, sendAction } from "./lib/api";
import { MESSAGES } from "../src/domain/messages";
import { TextForm } from "./lib/forms";
import { LocalTime, useViewerZone } from "./lib/time";
import { zonedInstant, zoneLabel } from "../src/domain/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = { doctorName: string; appointments: AppointmentJson[]; timeZone: string; form?: FormState; notice?: NoticeJson };

export default function PendingAppointments({ doctorName, appointments, timeZone, form: refused, notice: posted }: Props) {
  const [list, setList] = useState(appointments);
  const [notice, setNotice] = useState<NoticeJson | null>(posted ?? null);
  // The zone the schedule form's date and time are read in: the browser's once live.
  const zone = useViewerZone(timeZone);
  const refusedHere = (id: string, action: string) => (refused?.target === `${action}:${id}` ? refused : undefined);

  useRefreshOnReturn(async () => {
    const answer = await api("/doctor-dashboard/appointments");
    if (!answer.ok) {
      setNotice({ text: messageOr(answer, "Failed to fetch appointments"), tone: "error" });
      return;
    }
    // As the spec's client does: keep only the pending ones.
    setList(answer.body.appointments.filter((a: AppointmentJson) => a.status === "pending"));
  });

  async function schedule(event: FormEvent<HTMLFormElement>, a: AppointmentJson) {
    event.preventDefault();
    const form = event.currentTarget;
    const date = (form.elements.namedItem("date") as HTMLInputElement).value;
    const time = (form.elements.namedItem("time") as HTMLInputElement).value;
    if (!date || !time) {
      alert("Please select both date and time!");
      return;
    }
    const answer = await api("/doctor-dashboard/scheduleAppointments", {
      json: {
        doctorName,
        patientId: a.patient._id,
        appointmentId: a._id,
        scheduledDateTime: (zonedInstant(date, time, zone) ?? new Date(`${date}T${time}`)).toISOString(),
      },
    });
    if (!answer.ok) {
      alert("Failed to schedule appointment.");
      setNotice({ text: answer.body?.message ?? "Failed to schedule appointment.", tone: "error" });
      return;
    }
    setNotice({ text: `Scheduled ${a.patient.name}. The meet link is in your meetings.`, tone: "success" });
    setList((items) => items.filter((x) => x._id !== a._id));
  }

  async function cancel(a: AppointmentJson, reason: string): Promise<string | null> {
    const refusedLive = await sendAction("/doctor-dashboard/cancelAppointment", { appointmentId: a._id, reason }, "Failed to cancel appointment.");
    if (refusedLive) return refusedLive;
    setNotice({ text: `Cancelled ${a.patient.name}'s request.`, tone: "success" });
    setList((items) => items.filter((x) => x._id !== a._id));
    return null;
  }

  return (
    <>
      <Notice text={notice?.text ?? null} tone={notice?.tone} />
      {list.length === 0 ? (
        <p className="empty">No pending appointments.</p>
      ) : (
        <ul className="meeting-list" role="list">
          {list.map((a) => {
            const scheduleRefused = refusedHere(a._id, "schedule");
            return (
              <li key={a._id} className="card meeting">
                <div className="meeting-head">
                  <h2>{a.patient.name}</h2>
                  <span className="badge badge-pending">pending</span>
                </div>
                <p className="small muted">
                  {a.patient.email} · requested <LocalTime iso={a.createdAt} timeZone={timeZone} />
                </p>
                <p>
                  <strong>Reason:</strong> {a.reason}
                </p>
                <form className="schedule-form" method="post" action="/doctor-dashboard/schedule" noValidate onSubmit={(e) => void schedule(e, a)}>
                  <input type="hidden" name="appointmentId" value={a._id} />
                  <input type="hidden" name="patientId" value={a.patient._id} />
                  <input type="hidden" name="tz" value={zone} />
                  <div className="field">
                    <label htmlFor={`date-${a._id}`}>Date</label>
                    <input id={`date-${a._id}`} name="date" type="date" defaultValue={scheduleRefused?.values.date} />
                  </div>
                  <div className="field">
                    <label htmlFor={`time-${a._id}`}>{`Time (${zoneLabel(zone)})`}</label>
                    <input id={`time-${a._id}`} name="time" type="time" defaultValue={scheduleRefused?.values.time} />
                  </div>
                  <div className="actions">
                    <button type="submit">Schedule</button>
                  </div>
                  <Notice text={scheduleRefused?.message ?? null} tone="error" />
                </form>
                <TextForm
                  action="/doctor-dashboard/cancel"
                  hidden={{ appointmentId: a._id }}
                  field={{ name: "reason", label: "Reason for cancelling", maxLength: LIMITS.cancelReason.max }}
                  emptyMessage={MESSAGES.cancelReasonEmpty}
                  confirm={{ label: "Cancel", ariaLabel: `Cancel ${a.patient.name}'s request`, note: "Cancelling cannot be undone. The patient will see your reason." }}
                  button={{ label: "Cancel request", className: "button-danger" }}
                  value={refusedHere(a._id, "cancel")?.values.reason}
                  error={refusedHere(a._id, "cancel")?.message}
                  send={(reason) => cancel(a, reason)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
