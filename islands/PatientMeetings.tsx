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
import { changeUntil } from "../src/domain/appointment";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import type { StoryJson } from "../src/http/shapes";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { TextForm } from "./lib/forms";
import { RatingFields, ratingChoice, type RatingWords } from "./lib/RatingFields";
import { PreferredTimesNote, RescheduledNote } from "./lib/MeetingChanges";
import { OwnMove, type FreeTimes, type MoveWords } from "./lib/OwnMove";
import type { FamilyWords } from "../src/domain/family";
import { CancelledLine, ForLine, MeetingLinks, ReasonStep, StateBadge, StorySection, VisitPlace } from "./lib/story";
import type { VisitWords } from "../src/domain/places";
import { LocalTime } from "./lib/time";
import { useT } from "./lib/i18n";
import { Notice, useRefreshOnReturn, withNodes } from "./lib/ui";

export type Props = {
  appointments: StoryJson[];
  timeZone: string;
  form?: FormState;
  notice?: NoticeJson;
  /** The words the server wrote for the page's language: the doctors' specializations (by their English names). */
  words?: { spec: Record<string, string> };
  /** Issue 42: the server's words of who a visit is for, when one is for a family member. */
  family?: FamilyWords;
  /** Issue 54: the server's words of a clinic visit, when one of the list is at a clinic. */
  visit?: VisitWords;
  /**
   * Issue 40's change window: a confirmed meeting is changed online until `minutes` before it
   * starts, judged at the server's clock `now` (ISO); the words come from the server (the island's
   * share of the catalog stays small): `closed`, and `until` with "{time}" where the time goes.
   */
  change: { minutes: number; now: string; closed: string; until: string; contact?: ContactWords };
  /**
   * Issue 40's move by the patient: for each confirmed meeting they may still move, its doctor's
   * free times (as the booking picker carries them; null: none), and the step's words (the server's, as `change`'s are).
   */
  move: { free: Record<string, FreeTimes | null>; words: MoveWords & { movedByYou: string } };
  /** Issue 41: the words of the feedback's rating and publish choice (the server's, as `change`'s are). */
  review: RatingWords;
  /** Issue 52: the patient's own feedback by meeting, and the server's words for it (both absent when none was given). */
  feedback?: Record<string, OwnFeedback>;
  ownWords?: OwnFeedbackWords;
};

/** Issue 52: how to "contact the doctor": no doctor keeps a phone here, so support's address and phone (SUPPORT_EMAIL, SUPPORT_PHONE). */
export type ContactWords = { text: string; email: string; phone?: string };

function ContactLine({ contact }: { contact: ContactWords }) {
  return (
    <p className="small muted change-contact">
      {contact.text} <a href={`mailto:${contact.email}`}>{contact.email}</a>
      {contact.phone !== undefined && (
        <>
          {", "}
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>
        </>
      )}
    </p>
  );
}

export type OwnFeedback = { rating: number | null; published: boolean; reply: string | null; hidden: boolean };
export type OwnFeedbackWords = { rating: string; noRating: string; published: string; private: string; reply: string; hidden: string };

/** What the patient gave: the rating, where it shows, whether an admin hid it, and the doctor's reply. */
function OwnFeedbackLines({ mine, words }: { mine: OwnFeedback; words: OwnFeedbackWords }) {
  return (
    <div className="own-feedback small">
      <p>
        {mine.rating === null ? words.noRating : words.rating.replace("{n}", String(mine.rating))} · {mine.published ? words.published : words.private}
      </p>
      {mine.hidden && <p className="muted">{words.hidden}</p>}
      {mine.reply !== null && (
        <div className="review-reply">
          <strong>{words.reply}</strong>
          <p>{mine.reply}</p>
        </div>
      )}
    </div>
  );
}

const PAGE = "/patient-dashboard/patient-meetings";
const CANCEL_PATH = `${PAGE}/cancel`;
/** Withdrawing a request: the reason may be left empty (src/routes/pages/patient-dashboard/patient-meetings.tsx). */
const WITHDRAW_PATH = `${PAGE}/withdraw`;

export default function PatientMeetings({ appointments, timeZone, form: refused, notice, words, change, move, family, review, feedback = {}, ownWords, visit }: Props) {
  const t = useT();
  const say = useHumanMessage();
  const [list, setList] = useState(appointments);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(notice?.text ?? null);
  const refusedHere = (id: string) => (refused?.target === id ? refused : undefined);

  useRefreshOnReturn(async () => {
    const answer = await api("/patient-dashboard/patient-meetings");
    setLoadError(answer.ok ? null : say.or(answer, "Failed to fetch appointments"));
    // The API lists no cancelled appointment: those the page showed stay.
    if (answer.ok)
      setList((items) => [...answer.body.appointments.map((a: StoryJson) => ({ ...a, cancelled: null })), ...items.filter((a) => a.status === "cancelled")]);
  });

  async function cancel(a: StoryJson, reason: string): Promise<string | null> {
    const refusedLive = await say.send("/patient-dashboard/cancelAppointment", { appointmentId: a._id, reason }, "Failed to cancel appointment.");
    if (refusedLive) return refusedLive;
    setDone(a.scheduledAt === null ? t("PatientMeetings.withdrawnNotice", { name: a.doctor.name }) : t("PatientMeetings.cancelledNotice"));
    const at = new Date().toISOString();
    setList((items) => items.map((x) => (x._id === a._id ? { ...x, status: "cancelled", cancelled: { by: "patient", at, reason } } : x)));
    return null;
  }

  async function giveFeedback(id: string, message: string, form: HTMLFormElement): Promise<string | null> {
    const refusedLive = await say.send("/patient-dashboard/giveFeedback", { appointmentId: id, message, ...ratingChoice(form) }, "Failed to submit feedback.");
    if (refusedLive) return refusedLive;
    setDone(t("PatientMeetings.feedbackGiven"));
    setList((items) => items.map((a) => (a._id === id ? { ...a, hasFeedback: true } : a)));
    return null;
  }

  if (loadError) return <Notice text={loadError} tone="error" />;
  // A refusal for a meeting that no longer has that form (the doctor scheduled or declined it meanwhile) is said at the top.
  const formOf = (a: StoryJson) => a.status === "pending" || a.status === "confirmed" || (a.status === "completed" && !a.hasFeedback);
  const refusedId = refused?.target?.replace(/^move:/, "");
  const stray = refused && !list.some((a) => a._id === refusedId && formOf(a)) ? refused.message : null;
  const top = <Notice text={done ?? stray} tone={done ? (notice?.tone ?? "success") : "error"} />;
  if (list.length === 0) {
    return (
      <>
        {top}
        <div className="empty">
          <p>{t("PatientMeetings.empty")}</p>
          <a className="button" href="/patient-dashboard">
            {t("PatientMeetings.findDoctor")}
          </a>
        </div>
      </>
    );
  }
  const { upcoming, pending, past } = storySections(list);
  const head = (a: StoryJson) => (
    <div className="meeting-head">
      <h3>
        {a.doctor.name} <span className="muted">· {words?.spec[a.doctor.specialization] ?? a.doctor.specialization}</span>
      </h3>
      <StateBadge a={a} />
    </div>
  );
  // Issue 42: each card says who the visit is for (nothing is grouped away).
  const reason = (a: StoryJson) => (
    <>
      <ForLine a={a} family={family} />
      <p>
        <strong>{t("reason.visit")}</strong> {a.reason}
      </p>
    </>
  );
  const when = (a: StoryJson) =>
    a.scheduledAt && (
      <p>
        <strong>{t("patientStory.when")}</strong> <LocalTime iso={a.scheduledAt} timeZone={timeZone} />
      </p>
    );
  return (
    <>
      {top}
      <StorySection
        id="upcoming"
        title={t("patientStory.upcoming")}
        items={upcoming}
        card={(a, i) => (
          <li key={a._id} id={`meeting-${a._id}`} className={i === 0 ? "card meeting meeting-next" : "card meeting"}>
            {i === 0 && <p className="next-label">{t("patientStory.next")}</p>}
            {head(a)}
            {reason(a)}
            {when(a)}
            <RescheduledNote meeting={a} timeZone={timeZone} byPatient={move.words.movedByYou} />
            <VisitPlace visit={a.visit} words={visit} />
            <MeetingLinks meetLink={a.meetLink} ics={`/patient-dashboard/patient-meetings/${encodeURIComponent(a._id)}.ics`} />
            {changeUntil(a.scheduledAt!, change.minutes) < Date.parse(change.now) ? (
              // Inside the change window: no button, the way to change it instead (issue 40).
              <>
                <p className="muted change-closed">{change.closed}</p>
                {change.contact && <ContactLine contact={change.contact} />}
              </>
            ) : (
              <>
                <p className="small muted change-until">
                  {change.until.split("{time}").flatMap((part, k) => (k === 0 ? [part] : [<LocalTime key={k} iso={new Date(changeUntil(a.scheduledAt!, change.minutes)).toISOString()} timeZone={timeZone} />, part]))}
                </p>
                {change.contact && <ContactLine contact={change.contact} />}
                <ReasonStep
                  action={CANCEL_PATH}
                  page={PAGE}
                  id={a._id}
                  first={t("act.cancel")}
                  ariaLabel={t("patientStory.cancelAria", { name: a.doctor.name })}
                  note={withNodes(t, "PatientMeetings.cancelAsk", {}, { name: a.doctor.name, time: <LocalTime iso={a.scheduledAt!} timeZone={timeZone} /> })}
                  label={t("patientStory.cancelLabel")}
                  submit={t("act.cancelMeeting")}
                  keep={t("story.keepAppointment")}
                  emptyMessage={say(MESSAGES.cancelReasonEmpty)}
                  refused={refused}
                  send={(text) => cancel(a, text)}
                />
                {move.free[a._id] !== undefined && <OwnMove id={a._id} free={move.free[a._id] ?? null} timeZone={timeZone} words={move.words} refused={refused} />}
              </>
            )}
          </li>
        )}
      />
      <StorySection
        id="pending"
        title={t("PatientMeetings.pendingTitle")}
        items={pending}
        card={(a) => (
          <li key={a._id} id={`meeting-${a._id}`} className="card meeting">
            {head(a)}
            {reason(a)}
            <p className="muted">{t("PatientMeetings.pendingNote")}</p>
            <PreferredTimesNote meeting={a} timeZone={timeZone} />
            <ReasonStep
              action={WITHDRAW_PATH}
              page={PAGE}
              id={a._id}
              first={t("act.withdraw")}
              ariaLabel={t("PatientMeetings.withdrawAria", { name: a.doctor.name })}
              note={withNodes(t, "PatientMeetings.withdrawAsk", {}, { name: a.doctor.name })}
              label={t("PatientMeetings.withdrawLabel")}
              submit={t("act.withdraw")}
              keep={t("PatientMeetings.keepRequest")}
              optional
              emptyMessage=""
              refused={refused}
              send={(text) => cancel(a, text || t("PatientMeetings.withdrawnByPatient"))}
            />
          </li>
        )}
      />
      <StorySection
        id="past"
        title={t("patientStory.past")}
        items={past}
        card={(a) => (
          <li key={a._id} className="card meeting">
            {head(a)}
            {reason(a)}
            {when(a)}
            <CancelledLine a={a} self="patient" other={a.doctor.name} timeZone={timeZone} />
            {a.status === "cancelled" && (
              <a className="button button-secondary" href={`/patient-dashboard/bookAppointment/${encodeURIComponent(a.doctor._id)}`}>
                {withNodes(t, "PatientMeetings.bookAgain", {}, { name: a.doctor.name })}
              </a>
            )}
            {a.status === "completed" &&
              (a.hasFeedback ? (
                <>
                  <span className="badge badge-done">{t("PatientMeetings.feedbackDone")}</span>
                  {feedback[a._id] && ownWords && <OwnFeedbackLines mine={feedback[a._id]!} words={ownWords} />}
                </>
              ) : (
                <TextForm
                  action="/patient-dashboard/patient-meetings/feedback"
                  hidden={{ appointmentId: a._id }}
                  field={{ name: "message", label: t("PatientMeetings.feedbackLabel"), multiline: true, maxLength: LIMITS.feedback.max }}
                  emptyMessage={say(MESSAGES.feedbackEmpty)}
                  button={{ label: t("PatientMeetings.feedbackSubmit") }}
                  value={refusedHere(a._id)?.values.message}
                  error={refusedHere(a._id)?.message}
                  send={(message, form) => giveFeedback(a._id, message, form)}
                  extra={<RatingFields id={a._id} words={review} rating={refusedHere(a._id)?.values.rating} publish={refusedHere(a._id)?.values.publish !== undefined} />}
                />
              ))}
          </li>
        )}
      />
    </>
  );
}
