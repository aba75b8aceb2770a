/** @jsxImportSource react */
/**
 * The doctor's pending requests: each with date and time inputs, Schedule and Cancel. Both are
 * forms the server carries out (src/routes/pages/doctor-dashboard/index.tsx): the date and time
 * are read in the zone the page names. The patient's preferred times and the next free ones are
 * one tap each (issue 26). Live, the island sends them through the API read in the same zone and
 * says what is wrong beside the fields, never in an alert (issue 27).
 */
import { useEffect, useState, type FormEvent } from "react";
import type { Availability } from "../src/domain/availability";
import { LIMITS } from "../src/domain/fields";
import { DATE_INPUT_LANG } from "../src/domain/i18n";
import { DATE_AND_TIME_REQUIRED, MESSAGES } from "../src/domain/messages";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { AppointmentJson } from "../src/http/shapes";
import type { FamilyWords } from "../src/domain/family";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { TextForm } from "./lib/forms";
import { useLang, useT } from "./lib/i18n";
import { LocalTime, useViewerZone } from "./lib/time";
import { dateInZone, formatDay, formatTime, zonedInstant } from "../src/domain/time";
import { zoneName } from "../src/domain/zones";
import { SlotChoices } from "./lib/SlotChoices";
import { useRefreshOnReturn } from "./lib/ui";
import { ConfirmSchedule, type Ask } from "./lib/ConfirmSchedule";
import { UndoNotice } from "./lib/UndoNotice";
import { personOf, VisitPlace, WithAdultNote } from "./lib/story";
import type { PlaceChoice, VisitWords } from "../src/domain/places";
import { chosenPlace, PlaceSelect } from "./lib/PlaceSelect";

/** A meeting the doctor already has: whom, and its slot (ISO). */
export type Booked = { name: string; start: string; end: string };
export type Props = {
  doctorName: string;
  appointments: AppointmentJson[];
  timeZone: string;
  /** Today in the doctor's zone (YYYY-MM-DD): the date inputs' `min`. */
  today?: string;
  /** The doctor's meetings still to come, to name the one a chosen time overlaps. */
  booked?: Booked[];
  /** The length of one consultation (CONSULT_MINUTES). */
  slotMinutes?: number;
  form?: FormState;
  notice?: NoticeJson;
  /** Issue 26: the doctor's hours (null: by request) and the next free slot starts. */
  hours?: Availability | null;
  free?: string[];
  /** Issue 39: a time waiting for the doctor's yes (rendered at the top; the form posts the answer). */
  ask?: Ask;
  /** How long a change can be undone (UNDO_SECONDS). */
  undoSeconds?: number;
  /** Issue 54: the server's words of where a clinic request is, when one is. */
  visit?: VisitWords;
  /** Issue 42: the server's words of who a visit is for, when one is for a family member. */
  family?: FamilyWords;
  /** Issue 54: the place selector's words and options, when the doctor keeps a place. */
  places?: PlaceChoice;
};

/** The Undo a live change offers: until the window closes, back on this page. */
const undoOffer = (appointmentId: string, seconds: number) => ({ appointmentId, until: new Date(Date.now() + seconds * 1000).toISOString(), back: "/doctor-dashboard" });

export default function PendingAppointments(props: Props) {
  const { doctorName, appointments, timeZone, today, booked: bookedAtRender = [], slotMinutes = 30, form: refused, notice: posted } = props;
  const { hours = null, free = [], undoSeconds: slotUndo = 10 } = props;
  const [list, setList] = useState(appointments);
  // The free times offered; one scheduled here is free no more.
  const [freeNow, setFree] = useState(free);
  const [notice, setNotice] = useState<NoticeJson | null>(posted ?? null);
  const [ask, setAsk] = useState<Ask | null>(props.ask ?? null);
  // Meetings scheduled here since the page was rendered count for the overlap check too.
  const [booked, setBooked] = useState(bookedAtRender);
  // The zone the schedule form's date and time are read in: the browser's once live.
  const zone = useViewerZone(timeZone);
  // The first day the date fields offer: the server's in its zone, else today in the browser's (a
  // doctor in New York at 20:00 is still on a day the server's UTC guess has left).
  const firstDay = zone === timeZone ? today : dateInZone(Date.now(), zone);
  const refusedHere = (id: string, action: string) => (refused?.target === `${action}:${id}` ? refused : undefined);
  const t = useT();
  const say = useHumanMessage();
  const lang = useLang();

  useRefreshOnReturn(() => void reload());

  async function reload() {
    const answer = await api("/doctor-dashboard/appointments");
    if (!answer.ok) {
      setNotice({ text: say.or(answer, say("Failed to fetch appointments")), tone: "error" });
      return;
    }
    // As the spec's client does: keep only the pending ones.
    setList(answer.body.appointments.filter((a: AppointmentJson) => a.status === "pending"));
  }

  /** Asks before a time is scheduled (issue 39); nothing is sent until the doctor says yes. */
  const askFor = (a: AppointmentJson, instant: Date, placeId?: string) =>
    setAsk({ appointmentId: a._id, patientId: a.patient._id, name: personOf(a, props.family), at: instant.toISOString(), ...(placeId ? { placeId } : {}) });

  /** The doctor said yes: a time outside the hours asks once more, naming why; else it is scheduled. */
  async function confirmed(answer: Ask) {
    const a = list.find((x) => x._id === answer.appointmentId);
    if (a === undefined) return setAsk(null);
    if (answer.why === undefined && hours !== null) {
      // Loaded only now (a chunk of its own): the dashboard's first visit stays within its script budget.
      const why = (await import("../src/domain/availability")).whyOutside(hours, new Date(answer.at), slotMinutes);
      if (why !== undefined) return setAsk({ ...answer, why: { ...why, zone: hours.timeZone } });
    }
    setAsk(null);
    const words = await scheduleAt(a, new Date(answer.at), answer.placeId);
    if (words !== null) setNotice({ text: words, tone: "error" });
  }

  /** Schedules through the API: null when done, else the words to show beside the fields. */
  async function schedule(a: AppointmentJson, date: string, time: string, placeId?: string): Promise<string | null> {
    if (!date || !time) return say(DATE_AND_TIME_REQUIRED);
    const instant = zonedInstant(date, time, zone);
    if (instant === undefined) return say(MESSAGES.realDateAndTime);
    if (instant.getTime() <= Date.now()) return say(MESSAGES.timeInPast);
    // A time that overlaps a meeting is said beside the fields at once, not after the question.
    const overlap = overlapWords(instant);
    if (overlap) return overlap;
    askFor(a, instant, placeId);
    return null;
  }

  /** A one-tap time (SlotChoices): the button that submitted names the slot's start. */
  async function scheduleTapped(event: FormEvent<HTMLFormElement>, a: AppointmentJson) {
    event.preventDefault();
    const tapped = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (tapped?.name !== "slot") return;
    askFor(a, new Date(tapped.value));
  }

  /** The meeting a slot from `instant` would overlap, in words (as overlapMessage in src/domain/messages.ts); null when free. */
  function overlapWords(instant: Date): string | null {
    const end = instant.getTime() + slotMinutes * 60_000;
    const overlap = booked.find((b) => Date.parse(b.start) < end && instant.getTime() < Date.parse(b.end));
    if (overlap === undefined) return null;
    return t("PendingAppointments.overlap", {
      name: overlap.name,
      start: formatTime(overlap.start, zone, lang),
      end: formatTime(overlap.end, zone, lang),
      day: formatDay(overlap.start, zone, lang),
    });
  }

  async function scheduleAt(a: AppointmentJson, instant: Date, placeId?: string): Promise<string | null> {
    const end = instant.getTime() + slotMinutes * 60_000;
    const overlap = overlapWords(instant);
    if (overlap) return overlap;
    const answer = await api("/doctor-dashboard/scheduleAppointments", {
      json: { doctorName, patientId: a.patient._id, appointmentId: a._id, scheduledDateTime: instant.toISOString(), ...(placeId ? { placeId } : {}) },
    });
    if (!answer.ok) {
      const reason = say.or(answer, "");
      const failed = say("Failed to schedule appointment.");
      return reason ? `${failed} ${reason}` : failed;
    }
    setBooked((list) => [...list, { name: personOf(a, props.family), start: instant.toISOString(), end: new Date(end).toISOString() }]);
    setNotice({ text: t("PendingAppointments.scheduled", { name: personOf(a, props.family) }), tone: "success", undo: undoOffer(a._id, slotUndo) });
    setList((items) => items.filter((x) => x._id !== a._id));
    setFree((starts) => starts.filter((iso) => Date.parse(iso) !== instant.getTime()));
    return null;
  }

  async function cancel(a: AppointmentJson, reason: string): Promise<string | null> {
    const refusedLive = await say.send("/doctor-dashboard/cancelAppointment", { appointmentId: a._id, reason }, say("Failed to cancel appointment."));
    if (refusedLive) return refusedLive;
    setNotice({ text: t("PendingAppointments.cancelled", { name: personOf(a, props.family) }), tone: "success", undo: undoOffer(a._id, slotUndo) });
    setList((items) => items.filter((x) => x._id !== a._id));
    return null;
  }

  return (
    <>
      {ask && <ConfirmSchedule ask={ask} zone={zone} onConfirm={(answer) => void confirmed(answer)} onBack={() => setAsk(null)} />}
      <UndoNotice
        notice={notice}
        onUndone={(text) => {
          setNotice({ text, tone: "success" });
          void reload();
        }}
      />
      {list.length === 0 ? (
        <p className="empty">{t("PendingAppointments.empty")}</p>
      ) : (
        <ul className="meeting-list" role="list">
          {list.map((a) => {
            const scheduleRefused = refusedHere(a._id, "schedule");
            return (
              <li key={a._id} className="card meeting">
                <div className="meeting-head">
                  <h2>{personOf(a, props.family)}</h2>
                  <span className="badge badge-pending">{t("state.requested")}</span>
                </div>
                <WithAdultNote a={a} family={props.family} />
                <p className="small muted">
                  {a.patient.email}
                  {` · ${t("PendingAppointments.requested")} `}
                  <LocalTime iso={a.createdAt} timeZone={timeZone} />
                </p>
                <p>
                  <strong>{t("reason.visit")}</strong> {a.reason}
                </p>
                <VisitPlace visit={a.visit} words={props.visit} />
                <SlotChoices
                  preferred={a.preferredTimes}
                  free={freeNow}
                  hours={hours}
                  zone={zone}
                  patientName={personOf(a, props.family)}
                  action="/doctor-dashboard/schedule"
                  hidden={{ appointmentId: a._id, patientId: a.patient._id }}
                  onSubmit={(e) => void scheduleTapped(e, a)}
                />
                <ScheduleForm
                  a={a}
                  zone={zone}
                  today={firstDay}
                  values={scheduleRefused?.values}
                  error={scheduleRefused?.message ?? null}
                  places={props.places}
                  send={(date, time, placeId) => schedule(a, date, time, placeId)}
                />
                <TextForm
                  action="/doctor-dashboard/cancel"
                  hidden={{ appointmentId: a._id }}
                  field={{ name: "reason", label: t("PendingAppointments.cancelLabel"), maxLength: LIMITS.cancelReason.max }}
                  emptyMessage={t("PendingAppointments.reasonEmpty")}
                  confirm={{
                    label: t("act.decline"),
                    ariaLabel: t("PendingAppointments.cancelAria", { name: personOf(a, props.family) }),
                    note: t("PendingAppointments.cancelNote"),
                  }}
                  button={{ label: t("act.declineRequest"), className: "button-danger" }}
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

/** The schedule form of one request: works as HTML; live, it says what is wrong beside the fields. */
function ScheduleForm({ a, zone, today, values, error, places, send }: {
  a: AppointmentJson;
  zone: string;
  today?: string;
  values?: Record<string, string>;
  error: string | null;
  places?: PlaceChoice;
  send: (date: string, time: string, placeId?: string) => Promise<string | null>;
}) {
  const [message, setMessage] = useState<string | null>(error);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const lang = useLang();
  const messageId = `schedule-message-${a._id}`;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    setBusy(true);
    setMessage(await send(field("date"), field("time"), chosenPlace(form)));
    setBusy(false);
  }
  const described = message ? { "aria-invalid": true, "aria-describedby": messageId } : {};
  return (
    <form className="schedule-form" method="post" action="/doctor-dashboard/schedule" noValidate onSubmit={(e) => void submit(e)}>
      <input type="hidden" name="appointmentId" value={a._id} />
      <input type="hidden" name="patientId" value={a.patient._id} />
      <input type="hidden" name="tz" value={zone} />
      <div className="field">
        <label htmlFor={`date-${a._id}`}>{t("PendingAppointments.date")}</label>
        <input id={`date-${a._id}`} name="date" type="date" lang={DATE_INPUT_LANG[lang]} min={today} defaultValue={values?.date} {...described} />
      </div>
      <div className="field">
        <label htmlFor={`time-${a._id}`}>{t("PendingAppointments.time", { zone: zoneName(zone, lang) })}</label>
        <input id={`time-${a._id}`} name="time" type="time" defaultValue={values?.time} {...described} />
      </div>
      {places && <PlaceSelect choice={places} id={`place-${a._id}`} value={values?.placeId} />}
      {message && (
        <p id={messageId} className="notice notice-error field-message" role="alert">
          {message}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t("PendingAppointments.schedule")}
        </button>
      </div>
    </form>
  );
}
