/** @jsxImportSource react */
/**
 * The doctor's pending requests: each with date and time inputs, Schedule and Cancel. Both are
 * forms the server carries out (src/routes/pages/doctor-dashboard/index.tsx): the date and time
 * are read in the zone the page names. Live, the island sends them through the API as the
 * browser's local time, alerts as the spec's client does, and asks the cancel reason by prompt
 * when its field is empty.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Availability } from "../src/domain/availability";
import { LIMITS } from "../src/domain/fields";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AppointmentJson } from "../src/http/shapes";
import { api, messageOr, sendOrAlert } from "./lib/api";
import { TextForm } from "./lib/forms";
import { SlotChoices } from "./lib/SlotChoices";
import { LocalTime, useViewerZone } from "./lib/time";
import { Notice, useRefreshOnReturn } from "./lib/ui";

export type Props = {
  doctorName: string;
  appointments: AppointmentJson[];
  timeZone: string;
  form?: FormState;
  notice?: NoticeJson;
  /** Issue 26: the doctor's hours (null: by request), next free slot starts, and the consultation length. */
  hours?: Availability | null;
  free?: string[];
  consultMinutes?: number;
};

export default function PendingAppointments({ doctorName, appointments, timeZone, form: refused, notice: posted, hours = null, free = [], consultMinutes = 30 }: Props) {
  const [list, setList] = useState(appointments);
  // The free times offered; one scheduled here is free no more.
  const [freeNow, setFree] = useState(free);
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
    // A one-tap time (SlotChoices) is the button that submitted; else the date and time typed.
    const tapped = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const date = (form.elements.namedItem("date") as HTMLInputElement | null)?.value ?? "";
    const time = (form.elements.namedItem("time") as HTMLInputElement | null)?.value ?? "";
    if (tapped?.name !== "slot" && (!date || !time)) {
      alert("Please select both date and time!");
      return;
    }
    const scheduledDateTime = tapped?.name === "slot" ? tapped.value : new Date(`${date}T${time}`).toISOString();
    const answer = await api("/doctor-dashboard/scheduleAppointments", {
      json: { doctorName, patientId: a.patient._id, appointmentId: a._id, scheduledDateTime },
    });
    if (!answer.ok) {
      alert("Failed to schedule appointment.");
      setNotice({ text: answer.body?.message ?? "Failed to schedule appointment.", tone: "error" });
      return;
    }
    // Loaded only now (a chunk of its own): the dashboard's first visit stays within its script budget.
    const outside = hours !== null && !(await import("../src/domain/availability")).withinHours(hours, new Date(scheduledDateTime), consultMinutes);
    setNotice({ text: `Scheduled ${a.patient.name}. The meet link is in your meetings.${outside ? " That time is outside your hours." : ""}`, tone: "success" });
    setList((items) => items.filter((x) => x._id !== a._id));
    setFree((starts) => starts.filter((iso) => iso !== scheduledDateTime));
  }

  async function cancel(a: AppointmentJson, reason: string) {
    if (!(await sendOrAlert("/doctor-dashboard/cancelAppointment", { appointmentId: a._id, reason }, "Failed to cancel appointment."))) return;
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
                <SlotChoices
                  preferred={a.preferredTimes}
                  free={freeNow}
                  hours={hours}
                  zone={zone}
                  patientName={a.patient.name}
                  action="/doctor-dashboard/schedule"
                  hidden={{ appointmentId: a._id, patientId: a.patient._id }}
                  onSubmit={(e) => void schedule(e, a)}
                />
                <form className="schedule-form" method="post" action="/doctor-dashboard/schedule" noValidate onSubmit={(e) => void schedule(e, a)}>
                  <input type="hidden" name="appointmentId" value={a._id} />
                  <input type="hidden" name="patientId" value={a.patient._id} />
                  <input type="hidden" name="tz" value={zone} />
                  <div className="field">
                    <label htmlFor={`date-${a._id}`}>Date</label>
                    <LightField id={`date-${a._id}`} name="date" type="date" defaultValue={scheduleRefused?.values.date} />
                  </div>
                  <div className="field">
                    <label htmlFor={`time-${a._id}`}>Time ({zone})</label>
                    <LightField id={`time-${a._id}`} name="time" type="time" defaultValue={scheduleRefused?.values.time} />
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
                  question={`Why are you cancelling ${a.patient.name}'s request?`}
                  button={{ label: "Cancel", className: "button-danger" }}
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

/**
 * A date or time field as light markup (issue 29): Chromium builds a date or time field's parts
 * when the element is parsed, one pair per request, which was the dashboard's whole extra paint
 * cost. So it is sent as a text field in the same format (the server reads either), with no
 * `type` and `data-type` naming the real one: the page's loader gives it that type once the page
 * has painted (src/render/client-assets.ts), a page sent without script (Save-Data) has it from
 * the start (src/render/Document.tsx). React sets an input's type whenever it renders one (and
 * removes it when there is none), so the island takes over whatever type the field has when it
 * hydrates, and gives the real one only to a field that is empty and not being typed in: a type
 * change would drop a half-typed value. Such a field stays a text field, which posts the same.
 */
function LightField({ type, id, name, defaultValue }: { type: "date" | "time"; id: string; name: string; defaultValue?: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<"date" | "time" | undefined>(undefined);
  useEffect(() => {
    const input = field.current;
    if (input === null) return;
    if (input.type === type || (input.value === "" && document.activeElement !== input)) setShown(type);
  }, [type]);
  const light = shown === undefined;
  return (
    <input
      ref={field}
      id={id}
      name={name}
      type={shown}
      data-type={light ? type : undefined}
      inputMode={light ? "numeric" : undefined}
      placeholder={light ? (type === "date" ? "YYYY-MM-DD" : "HH:MM") : undefined}
      pattern={light ? (type === "date" ? "\\d{4}-\\d{2}-\\d{2}" : "\\d{2}:\\d{2}") : undefined}
      defaultValue={defaultValue}
    />
  );
}
