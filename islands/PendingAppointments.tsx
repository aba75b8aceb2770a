/** @jsxImportSource react */
/**
 * The doctor's pending requests: each with date and time inputs, Schedule and Cancel. The time
 * entered is the doctor's local time, sent as an ISO instant.
 */
import { useState } from "react";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, promptAndSend } from "./lib/api";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = { doctorName: string; appointments: AppointmentJson[]; timeZone: string };

export default function PendingAppointments({ doctorName, appointments, timeZone }: Props) {
  const [list, setList] = useState(appointments);
  const [notice, setNotice] = useState<{ text: string; tone: "success" | "error" } | null>(null);

  useRefreshOnReturn(async () => {
    const answer = await api("/doctor-dashboard/appointments");
    if (!answer.ok) {
      setNotice({ text: messageOr(answer, "Failed to fetch appointments"), tone: "error" });
      return;
    }
    // As the spec's client does: keep only the pending ones.
    setList(answer.body.appointments.filter((a: AppointmentJson) => a.status === "pending"));
  });

  async function schedule(a: AppointmentJson, form: HTMLFormElement) {
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
        scheduledDateTime: new Date(`${date}T${time}`).toISOString(),
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

  async function cancel(a: AppointmentJson) {
    const question = `Why are you cancelling ${a.patient.name}'s request?`;
    const done = await promptAndSend(question, "/doctor-dashboard/cancelAppointment", (reason) => ({ appointmentId: a._id, reason }), "Failed to cancel appointment.");
    if (!done) return;
    setNotice({ text: `Cancelled ${a.patient.name}'s request.`, tone: "success" });
    setList((items) => items.filter((x) => x._id !== a._id));
  }

  return (
    <>
      <Notice text={notice?.text ?? null} tone={notice?.tone} />
      {list.length === 0 ? (
        <p className="empty">No pending appointments.</p>
      ) : (
        <ul className="meeting-list" role="list">
          {list.map((a) => (
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
              <form
                className="schedule-form"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void schedule(a, e.currentTarget);
                }}
              >
                <div className="field">
                  <label htmlFor={`date-${a._id}`}>Date</label>
                  <input id={`date-${a._id}`} name="date" type="date" />
                </div>
                <div className="field">
                  <label htmlFor={`time-${a._id}`}>Time</label>
                  <input id={`time-${a._id}`} name="time" type="time" />
                </div>
                <div className="actions">
                  <button type="submit">Schedule</button>
                  <button type="button" className="button-danger" onClick={() => cancel(a)}>
                    Cancel
                  </button>
                </div>
              </form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
