/**
 * /doctor-dashboard/doctor-Meetings : the doctor's meetings as a story (upcoming, requests
 * waiting, past and cancelled: islands/DoctorMeetings.tsx), completed ones with their feedback,
 * the cancel form of a confirmed one (posted to /doctor-dashboard/doctor-Meetings/cancel), and
 * the attendance form of a past one (issue 40, within 7 days of its end).
 */
import type { Context } from "hono";
import { cancelAppointment, rescheduleAppointment } from "../../../actions/appointments";
import { movedWords } from "../visit-words";
import { markAttendance } from "../../../actions/attendance";
import { listDoctorFeedback, listStory } from "../../../db/queries/appointments";
import { together } from "../../../db/together";
import { historySince } from "../../../domain/story";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { attendanceForm, cancelBody, replyForm, rescheduleForm } from "../../../http/schemas";
import { holdsUntil } from "../../../http/cached";
import { reviewJson, storyJson } from "../../../http/shapes";
import { replyToReview } from "../../../actions/reviews";
import { replyTarget } from "../../../domain/review";
import { ATTENDANCE_DAYS, attendanceRefusal, nextStatusChange } from "../../../domain/appointment";
import { Island } from "../../../render/islands";
import { familyWords } from "../family-words";
import { visitWords } from "../visit-words";
import { formerWords } from "../former-words";
import { ZoneNote } from "../../../components/TimeZone";
import { pageAccount, viewerZone } from "../../../middleware/page-guard";
import { tOf } from "../../../i18n/request";
import type { T } from "../../../i18n/catalog";
import { calendarFeedPanel, hasNewFeedLink } from "../calendar-panel";
import { keptViewerPage } from "../kept";
import { doctorPage } from "./shell";
import { doctorDocumentTitles } from "../../../db/queries/documents";
import { doctorDocumentFile } from "../../../actions/documents";
import { sendDocument } from "../../api/documents";
import { undoNotice } from "./index";
import { placesOf } from "../../../actions/places";
import { placeChoice } from "../../../domain/places";

/** A meeting the reschedule form shows for: confirmed, not started. */
const movable = (now: Date) => (m: { status: string; scheduledAt: Date | null }) => m.status === "confirmed" && m.scheduledAt !== null && m.scheduledAt.getTime() > now.getTime();

const PATH = "/doctor-dashboard/doctor-Meetings";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  const now = deps.now();
  // The page's reads go in one round trip (issue 43).
  const [meetings, feedbacks, calendar, titles, kept] = await together(() =>
    Promise.all([
      listStory(deps.database.db, "doctor", doctor, now, historySince(now)),
      listDoctorFeedback(deps.database.db, doctor, now),
      calendarFeedPanel(c, deps, "doctor", doctor.id),
      doctorDocumentTitles(deps.database.db, doctor.id),
      // Issue 54: the places the reschedule form offers.
      placesOf(deps, doctor.id),
    ]),
  );
  const notice = form ? undefined : takeNotice(c);
  const reader = viewerZone(c);
  const timeZone = reader.zone;
  holdsUntil(c, nextStatusChange(meetings, now));
  const feedbackFor = new Map(feedbacks.map((f) => [f.appointment.id, doctorFeedbackJson(f)]));
  // The past meetings whose attendance can still be marked (issue 40); the page changes when the first window closes.
  const open = meetings.filter((m) => (m.status === "completed" || m.status === "noshow") && attendanceRefusal(m.scheduledAt!, m.endsAt!, now) === null);
  for (const m of open) holdsUntil(c, m.endsAt!.getTime() + ATTENDANCE_DAYS * 24 * 3_600_000 + 1);
  // Issue 52: a mark already recorded is shown as such, with the one button that changes it.
  const marked = Object.fromEntries(open.flatMap((m) => (m.attended === true || m.attended === false ? [[m.id, m.attended]] : m.status === "noshow" ? [[m.id, false]] : [])));
  const attendance = {
    open: open.map((m) => m.id),
    marked,
    question: t("doctorPage.attendance.question"),
    yes: t("doctorPage.attendance.yes"),
    no: t("doctorPage.attendance.no"),
    recordedYes: t("doctorPage.attendance.recordedYes"),
    recordedNo: t("doctorPage.attendance.recordedNo"),
    changeToYes: t("doctorPage.attendance.changeToYes"),
    changeToNo: t("doctorPage.attendance.changeToNo"),
  };
  // Issue 56: the notes and prescription of a meeting, from its start (the page changes at the next start).
  const started = meetings.filter((m) => (m.status === "confirmed" || m.status === "completed") && m.scheduledAt !== null && m.scheduledAt.getTime() <= now.getTime());
  for (const m of meetings) if (m.status === "confirmed" && m.scheduledAt !== null && m.scheduledAt.getTime() > now.getTime()) holdsUntil(c, m.scheduledAt.getTime());
  const records = { open: started.map((m) => m.id), label: t("records.open") };
  return doctorPage(
    c,
    t("doctorPage.meetingsTitle"),
    <section aria-labelledby="meetings-title">
      <h1 id="meetings-title">{t("doctorPage.meetingsTitle")}</h1>
      <ZoneNote reader={reader} role="doctor" id="zone-note" />
      <Island
        name="DoctorMeetings"
        props={{ meetings: meetings.map((m) => ({ ...storyJson(m, "doctor", formerWords(t)), feedback: feedbackFor.get(m.id) ?? null })), timeZone, form, notice, undoSeconds: deps.config.undoSeconds, movedByPatient: t("doctorPage.movedByPatient", { moved: "{moved}", time: "{time}" }), attendance, ...familyWords(meetings, t, true), ...visitWords(meetings, t), review: feedbackWords(t), records, reports: reportWords(titles, t), ...(meetings.some(movable(now)) ? { places: placeChoice(kept, t) } : {}) }}
      />
      {calendar}
    </section>,
    PATH,
    // The first frame holds the zone note, the page's largest text above the fold, not the header
    // alone; waiting for the cards as well was slower (docs/performance.md, issue 29).
    { firstPaintAfter: "zone-note" },
  );
}

/** Issue 56: each meeting's reports for the cards: "2 reports" and their titles (none sent for a meeting without). */
function reportWords(titles: { id: string; appointmentId: string; title: string }[], t: T) {
  const by: Record<string, { count: string; items: { id: string; title: string }[] }> = {};
  for (const d of titles) (by[d.appointmentId] ??= { count: "", items: [] }).items.push({ id: d.id, title: d.title });
  for (const entry of Object.values(by)) entry.count = entry.items.length === 1 ? t("documents.one") : t("documents.many", { n: entry.items.length });
  return by;
}

/** Issue 56: a report of one of the doctor's meetings, downloaded from its card; the read is audited. */
export function doctorMeetingsDocument(deps: Deps) {
  return async (c: Context) => sendDocument(c, await doctorDocumentFile(deps, pageAccount(c, "doctor").id, c.req.param("id") ?? "", c.req.param("docId") ?? ""));
}

export function doctorMeetingsPage(deps: Deps) {
  return (c: Context) => keptViewerPage(c, deps, () => render(c, deps, takeRefused(c)), { once: hasNewFeedLink(c) });
}

export function doctorMeetingsCancel(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: cancelBody,
      target: (body) => String(body.appointmentId ?? ""),
      run: (input) => cancelAppointment(deps, { role: "doctor", id: pageAccount(c, "doctor").id }, input),
      again: (form) => render(c, deps, form),
      page: PATH,
      then: (_, values) => doneThen(c, PATH, undoNotice(deps, tOf(c)("doctorPage.cancelled"), values.appointmentId ?? "", PATH)),
    });
}

/** The reschedule form of a confirmed meeting (issue 26); a refusal shows beside that meeting's form. */
export function doctorMeetingsReschedule(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: rescheduleForm,
      target: (body) => `reschedule:${String(body.appointmentId ?? "")}`,
      run: (input) => rescheduleAppointment(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      page: PATH,
      // Issue 54: a new time of another visit is said plainly.
      then: (moved, values) => doneThen(c, PATH, undoNotice(deps, movedWords(tOf(c), "doctorPage.rescheduled", moved), values.appointmentId ?? "", PATH)),
    });
}

/** Issue 40: the attendance form of a past meeting (its two buttons post attended=true or false). */
export function doctorMeetingsAttendance(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: attendanceForm,
      target: (body) => `attendance:${String(body.appointmentId ?? "")}`,
      run: (input) => markAttendance(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      page: PATH,
      then: () => doneThen(c, PATH, { text: tOf(c)("doctorPage.attendance.marked"), tone: "success" }),
    });
}

/** Issue 41: the doctor's one public answer to a published review; a refusal shows beside that meeting's form. */
export function doctorMeetingsReply(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: replyForm,
      target: (body) => replyTarget(String(body.appointmentId ?? "")),
      run: (input) => replyToReview(deps, pageAccount(c, "doctor").id, input),
      again: (form) => render(c, deps, form),
      page: PATH,
      then: () => doneThen(c, PATH, { text: tOf(c)("doctorPage.review.replied"), tone: "success" }),
    });
}

/** A feedback as the page gives it to the island: what GET patient-feedbacks says of it. */
function doctorFeedbackJson(f: Awaited<ReturnType<typeof listDoctorFeedback>>[number]) {
  const { rating, published, reply, hidden } = reviewJson(f);
  return { message: f.message, rating, published, reply, hidden };
}

/** The feedback card's words (issue 41) in the page's language, "{n}" and "{reason}" where those go. */
function feedbackWords(t: T) {
  const [rating, hidden] = [t("doctorPage.review.rating", { n: "{n}" }), t("doctorPage.review.hidden", { reason: "{reason}" })];
  const keys = ["noRating", "published", "private", "yourReply", "replyLabel", "replySubmit"] as const;
  return { rating, hidden, ...(Object.fromEntries(keys.map((k) => [k, t(`doctorPage.review.${k}`)])) as Record<(typeof keys)[number], string>) };
}
