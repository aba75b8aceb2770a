/** @jsxImportSource react */
/**
 * The doctor's meetings as a story (issue 27): upcoming first (the next at the top, with its Join
 * button), then requests waiting to be scheduled (on the dashboard), then "Past and cancelled"
 * (completed ones with the patient's feedback or 'No feedback received yet.', and cancellations
 * of the last 90 days with who, when and why). A confirmed meeting can be cancelled with a reason
 * behind a first step (a form the server carries out; live, through the API).
 */
import { useState } from "react";
import { storySections } from "../src/domain/story";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { StoryJson } from "../src/http/shapes";
import type { FamilyWords } from "../src/domain/family";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { MESSAGES } from "../src/domain/messages";
import { useT } from "./lib/i18n";
import { CancelledLine, MeetingLinks, personOf, ReasonStep, StateBadge, StorySection, VisitPlace, WithAdultNote } from "./lib/story";
import type { PlaceChoice, VisitWords } from "../src/domain/places";
import { RescheduledNote, RescheduleForm } from "./lib/MeetingChanges";
import { LocalTime } from "./lib/time";
import { Notice, useRefreshOnReturn, withNodes } from "./lib/ui";
import { UndoNotice } from "./lib/UndoNotice";
import { FeedbackCard, type FeedbackJson, type FeedbackWords } from "./lib/FeedbackCard";

export type Meeting = StoryJson & { feedback: FeedbackJson | null };
/**
 * `undoSeconds`: how long a cancel can be undone here (UNDO_SECONDS, issue 39); `movedByPatient`:
 * the server's words for a meeting the patient moved (issue 40), "{moved}" and "{time}" where those go.
 */
export type Props = {
  meetings: Meeting[];
  timeZone: string;
  form?: FormState;
  notice?: NoticeJson;
  undoSeconds?: number;
  movedByPatient?: string;
  /** Issue 40: the past meetings whose attendance can still be marked, and the form's words (the server's). */
  attendance?: AttendanceWords;
  /** Issue 42: the server's words of who a visit is for, when one is for a family member. */
  family?: FamilyWords;
  /** Issue 54: the server's words of a clinic visit, when one of the list is at a clinic. */
  visit?: VisitWords;
  /** Issue 41: the words of a feedback's rating, publishing and answer (the server's). */
  review: FeedbackWords;
  /** Issue 56: the meetings whose notes and prescription can be written (started, not cancelled or missed), and the link's words (the server's). */
  records?: { open: string[]; label: string };
  /** Issue 56: the reports the patient shared on each meeting: the count's words and each report's title (the server's). */
  reports?: Record<string, { count: string; items: { id: string; title: string }[] }>;
  /** Issue 54: the reschedule form's place selector, when the doctor keeps a place. */
  places?: PlaceChoice;
};

/** Issue 56: a meeting's reports, folded under their count ("2 reports"); each downloads (and the read is audited). */
function ReportLinks({ id, reports }: { id: string; reports?: Props["reports"] }) {
  const mine = reports?.[id];
  if (mine === undefined) return null;
  return (
    <details className="reports-of">
      <summary>{mine.count}</summary>
      <ul className="report-list">
        {mine.items.map((r) => (
          <li key={r.id}>
            <a href={`/doctor-dashboard/doctor-Meetings/documents/${encodeURIComponent(id)}/${encodeURIComponent(r.id)}`} download>
              {r.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Issue 56: the link to a meeting's notes and prescription page. */
function RecordLink({ id, records }: { id: string; records?: Props["records"] }) {
  if (!records?.open.includes(id)) return null;
  return (
    <p className="actions">
      <a className="button button-secondary" href={`/doctor-dashboard/records/${encodeURIComponent(id)}`}>
        {records.label}
      </a>
    </p>
  );
}

/** Issue 40's attendance form; issue 52: `marked` holds the mark already recorded (true attended, false did not come). */
export type AttendanceWords = {
  open: string[];
  marked?: Record<string, boolean>;
  question: string;
  yes: string;
  no: string;
  recordedYes?: string;
  recordedNo?: string;
  changeToYes?: string;
  changeToNo?: string;
};

export default function DoctorMeetings({ meetings, timeZone, form: refused, notice, undoSeconds = 10, movedByPatient, attendance, family, review, records, visit, reports, places }: Props) {
  const [list, setList] = useState(meetings);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<NoticeJson | null>(notice ?? null);
  const t = useT();
  const say = useHumanMessage();

  useRefreshOnReturn(() => void reload());

  async function reload() {
    const [answer, feedbacks] = await Promise.all([api("/doctor-dashboard/doctor-meetings"), api("/doctor-dashboard/patient-feedbacks")]);
    if (!answer.ok || !feedbacks.ok) {
      setLoadError(say.or(answer.ok ? feedbacks : answer, "Failed to fetch appointments"));
      return;
    }
    const feedbackFor = new Map<string, FeedbackJson>(feedbacks.body.feedbacks.map((f: FeedbackJson & { appointment: { _id: string } }) => [f.appointment._id, f]));
    setLoadError(null);
    // The API lists confirmed and completed meetings only: the requests and cancellations the page showed stay.
    setList((items) => [
      ...answer.body.appointments.map((m: StoryJson) => ({ ...m, hasFeedback: feedbackFor.has(m._id), cancelled: null, feedback: feedbackFor.get(m._id) ?? null })),
      ...items.filter((m) => (m.status === "pending" || m.status === "cancelled") && !answer.body.appointments.some((a: StoryJson) => a._id === m._id)),
    ]);
  }

  async function cancel(m: Meeting, reason: string): Promise<string | null> {
    const refusedLive = await say.send("/doctor-dashboard/cancelAppointment", { appointmentId: m._id, reason }, "Failed to cancel appointment.");
    if (refusedLive) return refusedLive;
    const until = new Date(Date.now() + undoSeconds * 1000).toISOString();
    setDone({ text: t("DoctorMeetings.cancelled"), tone: "success", undo: { appointmentId: m._id, until, back: "/doctor-dashboard/doctor-Meetings" } });
    const at = new Date().toISOString();
    setList((items) => items.map((x) => (x._id === m._id ? { ...x, status: "cancelled", cancelled: { by: "doctor", at, reason } } : x)));
    return null;
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  // A refusal for a meeting that no longer has its forms (cancelled meanwhile) is said at the top.
  const refusedId = refused?.target?.replace(/^(reschedule|attendance):/, "");
  const stray = refused && !list.some((m) => m._id === refusedId && m.status === "confirmed") ? refused.message : null;
  const top = done ? (
    <UndoNotice
      notice={done}
      onUndone={(text) => {
        setDone({ text, tone: "success" });
        void reload();
      }}
    />
  ) : (
    <Notice text={stray} tone="error" />
  );
  if (list.length === 0) {
    return (
      <>
        {top}
        <p className="empty">{t("DoctorMeetings.empty")}</p>
      </>
    );
  }
  const { upcoming, pending, past } = storySections(list);
  const head = (m: Meeting) => (
    <>
      <div className="meeting-head">
        <h3>{personOf(m, family)}</h3>
        <StateBadge a={m} />
      </div>
      <WithAdultNote a={m} family={family} />
      <p className="small muted">{m.patient.email}</p>
      <p>
        <strong>{t("reason.visit")}</strong> {m.reason}
      </p>
      {m.scheduledAt && (
        <p>
          <strong>{t("DoctorMeetings.when")}</strong> <LocalTime iso={m.scheduledAt} timeZone={timeZone} />
        </p>
      )}
    </>
  );
  return (
    <>
      {top}
      <StorySection
        id="upcoming"
        title={t("DoctorMeetings.upcoming")}
        items={upcoming}
        card={(m, i) => (
          <li key={m._id} id={`meeting-${m._id}`} className={i === 0 ? "card meeting meeting-next" : "card meeting"}>
            {i === 0 && <p className="next-label">{t("DoctorMeetings.next")}</p>}
            {head(m)}
            <RescheduledNote meeting={m} timeZone={timeZone} byPatient={movedByPatient} />
            <VisitPlace visit={m.visit} words={visit} />
            <MeetingLinks meetLink={m.meetLink} ics={`/doctor-dashboard/doctor-Meetings/${encodeURIComponent(m._id)}.ics`} />
            <ReportLinks id={m._id} reports={reports} />
            <RecordLink id={m._id} records={records} />
            <ReasonStep
              action="/doctor-dashboard/doctor-Meetings/cancel"
              page="/doctor-dashboard/doctor-Meetings"
              id={m._id}
              first={t("act.cancel")}
              ariaLabel={t("DoctorMeetings.cancelAria", { name: personOf(m, family) })}
              note={withNodes(t, "DoctorMeetings.cancelAsk", {}, { name: personOf(m, family), time: <LocalTime iso={m.scheduledAt!} timeZone={timeZone} /> })}
              label={t("DoctorMeetings.cancelLabel")}
              submit={t("act.cancelMeeting")}
              keep={t("story.keepAppointment")}
              emptyMessage={say(MESSAGES.cancelReasonEmpty)}
              refused={refused}
              send={(reason) => cancel(m, reason)}
            />
            <RescheduleForm meeting={m} timeZone={timeZone} refused={refused} places={places} />
          </li>
        )}
      />
      <StorySection
        id="pending"
        title={t("DoctorMeetings.waiting")}
        items={pending}
        card={(m) => (
          <li key={m._id} className="card meeting">
            {head(m)}
            <a className="button button-secondary" href="/doctor-dashboard">
              {t("DoctorMeetings.toDashboard")}
            </a>
          </li>
        )}
      />
      <StorySection
        id="past"
        title={t("DoctorMeetings.past")}
        items={past}
        card={(m) => (
          <li key={m._id} className="card meeting">
            {head(m)}
            <CancelledLine a={m} self="doctor" other={t("DoctorMeetings.patient")} timeZone={timeZone} />
            {attendance?.open.includes(m._id) && <AttendanceForm id={m._id} words={attendance} />}
            <ReportLinks id={m._id} reports={reports} />
            <RecordLink id={m._id} records={records} />
            {m.status === "completed" && <FeedbackCard appointmentId={m._id} feedback={m.feedback} refused={refused} words={review} />}
          </li>
        )}
      />
    </>
  );
}

/**
 * Issue 40's attendance form of a past meeting, a plain form with or without script (the page
 * comes back with the meeting's new state). Issue 52: once marked, the card says what was recorded
 * and offers the one button that changes it, while the mark can still be changed.
 */
function AttendanceForm({ id, words }: { id: string; words: AttendanceWords }) {
  const mark = words.marked?.[id];
  return (
    <form className="actions attendance" method="post" action="/doctor-dashboard/doctor-Meetings/attendance" id={`attendance-${id}`}>
      <input type="hidden" name="appointmentId" value={id} />
      {mark === undefined ? (
        <>
          <span className="small">{words.question}</span>
          <button type="submit" name="attended" value="true" className="button-secondary">
            {words.yes}
          </button>
          <button type="submit" name="attended" value="false" className="button-secondary">
            {words.no}
          </button>
        </>
      ) : (
        <>
          <strong className={`attendance-mark ${mark ? "attended" : "missed"}`}>{mark ? words.recordedYes : words.recordedNo}</strong>
          <button type="submit" name="attended" value={mark ? "false" : "true"} className="button-secondary">
            {mark ? words.changeToNo : words.changeToYes}
          </button>
        </>
      )}
    </form>
  );
}
