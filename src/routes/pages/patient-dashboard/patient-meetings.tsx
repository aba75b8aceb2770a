/**
 * /patient-dashboard/patient-meetings : the patient's meetings as a story (upcoming, waiting,
 * past and cancelled: islands/PatientMeetings.tsx), with the cancel and move forms of a confirmed
 * meeting (move: to one of its doctor's next free times, issue 40), the withdraw form of a pending
 * request (the reason optional), the feedback form of a completed one, and the patient's waitlists
 * with a held time's Accept and Decline (issue 40: src/components/WaitlistPanel.tsx). They post here and come
 * back with the API's message, or show the refusal beside the meeting's form.
 */
import type { Context } from "hono";
import { CHANGE_TOO_LATE, changeUntil, tooLateToChange } from "../../../domain/appointment";
import { humanMessage } from "../../../domain/messages";
import type { Translate } from "../../../domain/i18n";
import { cancelAppointment, rescheduleOwnAppointment } from "../../../actions/appointments";
import { movedWords } from "../visit-words";
import { giveFeedback } from "../../../actions/reviews";
import { reviewerName } from "../../../domain/review";
import { freeSlotsOfDoctors } from "../../../actions/availability";
import { listStory, ownFeedback, type OwnFeedback, type StoryView } from "../../../db/queries/appointments";
import { together } from "../../../db/together";
import { SLOT_DAYS } from "../../../domain/availability";
import { historySince, storySections } from "../../../domain/story";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, postedValues, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { cancelBody, feedbackForm, ownMoveForm, ownRescheduleBody, waitlistEntryForm, withdrawForm } from "../../../http/schemas";
import { acceptOffer, declineOffer, leaveWaitlist, listWaitlist } from "../../../actions/waitlist";
import { WaitlistPanel, waitlistTarget, type WaitlistItem } from "../../../components/WaitlistPanel";
import { holdsUntil } from "../../../http/cached";
import { storyJson, waitlistEntryJson } from "../../../http/shapes";
import { nextStatusChange } from "../../../domain/appointment";
import { Island } from "../../../render/islands";
import { slotsAsProps, SLOTS_SHOWN } from "../../../components/SlotPicker";
import type { FreeTimes } from "../../../../islands/lib/OwnMove";
import { familyWords } from "../family-words";
import { visitWords } from "../visit-words";
import { formerWords } from "../former-words";
import { ZoneNote } from "../../../components/TimeZone";
import { pageAccount, viewerZone } from "../../../middleware/page-guard";
import { calendarFeedPanel, hasNewFeedLink } from "../calendar-panel";
import { keptViewerPage } from "../kept";
import { patientPage } from "./shell";
import { patientDocuments, type DocumentRow } from "../../../db/queries/documents";
import { ReportsSection, reportsTarget, type ReportsAppointment } from "../../../components/ReportsSection";
import { formatDateTime } from "../../../domain/time";
import { patientDocumentFile, removeDocument, uploadDocument } from "../../../actions/documents";
import { documentDeleteForm, documentUploadForm } from "../../../http/schemas";
import { sendDocument } from "../../api/documents";
import { documentFormLimit } from "./documents-limit";
import { tOf } from "../../../i18n/request";
import type { Key } from "../../../i18n/catalog";
import type { T } from "../../../i18n/catalog";

const PATH = "/patient-dashboard/patient-meetings";


type Read = { meetings: StoryView[]; free: Record<string, FreeTimes | null>; calendar?: Awaited<ReturnType<typeof calendarFeedPanel>>; waiting: WaitlistItem[]; mine: OwnFeedback[]; reports: DocumentRow[] };

/**
 * The meetings, and for each confirmed one the patient may still move, its doctor's next free
 * times (ISO); the patient's waitlists (issue 40). The doctors' slots are read in one round trip,
 * with the calendar panel's and the waitlists' reads (issue 43: the page stays within three).
 */
async function readMeetings(c: Context, deps: Deps, now: Date): Promise<Read> {
  const patient = pageAccount(c, "patient");
  const meetings = await listStory(deps.database.db, "patient", patient, now, historySince(now));
  const movable = meetings.filter((m) => m.status === "confirmed" && m.scheduledAt !== null && !tooLateToChange(m.scheduledAt, now, deps.config.changeNoticeMinutes));
  const doctors = [...new Set(movable.map((m) => m.doctor.id))];
  // Issue 52: the patient's own feedback (rating, reply, hidden) shown on each meeting they gave it for.
  const given = meetings.filter((m) => m.hasFeedback).map((m) => m.id);
  const [slots, calendar, entries, mine, reports] = await together(() =>
    Promise.all([
      freeSlotsOfDoctors(deps, doctors, SLOT_DAYS.default, SLOTS_SHOWN),
      calendarFeedPanel(c, deps, "patient", patient.id),
      listWaitlist(deps, patient.id),
      ownFeedback(deps.database.db, patient.id, given),
      // Issue 56: the patient's reports, shown per appointment.
      patientDocuments(deps.database.db, patient.id),
    ]),
  );
  // Issue 52: the booking page's picker, a day then its times, over the same days.
  const byDoctor = new Map([...slots].map(([id, free]) => [id, free.length > 0 ? slotsAsProps(free) : null]));
  const waiting = entries.map((e) => ({ id: e.id, doctorName: e.doctorName, until: e.until, offer: waitlistEntryJson(e, now).offer }));
  return { meetings, free: Object.fromEntries(movable.map((m) => [m.id, byDoctor.get(m.doctor.id) ?? null])), calendar, waiting, mine, reports };
}

async function render(c: Context, deps: Deps, form?: FormState, read?: Read): Promise<Response> {
  const now = deps.now();
  const { meetings, free, calendar: early, waiting, mine, reports } = read ?? (await readMeetings(c, deps, now));
  const calendar = early ?? (await calendarFeedPanel(c, deps, "patient", pageAccount(c, "patient").id));
  const taken = form ? undefined : takeNotice(c);
  // A reports form's notice shows in its appointment's fold, not in the island.
  const aboutReports = (target: string | undefined) => target?.startsWith(reportsTarget("")) === true;
  const notice = aboutReports(taken?.at) ? undefined : taken;
  const reader = viewerZone(c);
  const timeZone = reader.zone;
  holdsUntil(c, nextStatusChange(meetings, now));
  // An offer's Accept and Decline go when it runs out (issue 40).
  for (const e of waiting) if (e.offer !== null) holdsUntil(c, Date.parse(e.offer.expiresAt));
  // A confirmed meeting's cancel button goes when its change window opens (issue 40): the page changes then too.
  for (const m of meetings) {
    const until = m.status === "confirmed" && m.scheduledAt !== null ? changeUntil(m.scheduledAt, deps.config.changeNoticeMinutes) : Infinity;
    if (until >= now.getTime()) holdsUntil(c, until + 1);
  }
  const t = tOf(c);
  const appointments = meetings.map((m) => storyJson(m, "patient", formerWords(t)));
  const aboutWaitlist = form?.target?.startsWith(waitlistTarget("")) === true || aboutReports(form?.target);
  return patientPage(
    c,
    t("patient.meetings.title"),
    <section aria-labelledby="meetings-title">
      <h1 id="meetings-title">{t("patient.meetings.title")}</h1>
      <ZoneNote reader={reader} role="patient" />
      <WaitlistPanel entries={waiting} reader={reader} form={aboutWaitlist ? form : undefined} />
      <Island
        name="PatientMeetings"
        props={{ appointments, timeZone, form: aboutWaitlist ? undefined : form, notice, ...wordsOf(appointments, t), ...familyWords(appointments, t), ...visitWords(appointments, t), change: changeWords(deps, now, t), move: { free, words: moveWords(t) }, review: reviewWords(t, pageAccount(c, "patient").name), ...ownWords(mine, t) }}
      />
      <ReportsSection
        base={PATH}
        appointments={reportsOf(meetings, reports, reader.zone, t)}
        maxMb={Math.floor(deps.config.maxDocumentBytes / 1024 / 1024)}
        form={aboutReports(form?.target) ? form : undefined}
        notice={aboutReports(taken?.at) ? taken : undefined}
      />
      {calendar}
    </section>,
    PATH,
    // The first frame holds everything before the history (all of a short page, its largest
    // paragraph included), not the header alone; with no history, up to the calendar panel, the
    // page's end but for its footer and loader (docs/performance.md, issue 29).
    { firstPaintAfter: storySections(appointments).past.length > 0 ? "past-title" : "calendar" },
  );
}

/**
 * The words the island shows that the server can write (keeping the island's own messages small):
 * the specializations of the doctors listed, in the page's language. English needs none: the
 * island shows the values as they are. (The states' words are the island's own: states.ts.)
 */
function wordsOf(appointments: { doctor: { specialization: string } }[], t: T) {
  if (t.lang === "en") return {};
  const spec: Record<string, string> = {};
  for (const a of appointments) spec[a.doctor.specialization] ??= t(`spec.${a.doctor.specialization}` as Key);
  return { words: { spec } };
}

/** The change window's rule and words for the island (issue 40): the time goes where "{time}" is. */
function changeWords(deps: Deps, now: Date, t: T) {
  // Issue 52: "contact the doctor" says how: no doctor keeps a phone here, so support's contact (docs/decisions.md).
  const { email, phone } = deps.config.support;
  const contact = { text: t("patient.meetings.contact"), email, ...(phone === undefined ? {} : { phone }) };
  return { minutes: deps.config.changeNoticeMinutes, now: now.toISOString(), closed: humanMessage(CHANGE_TOO_LATE, t as Translate), until: t("patient.meetings.changeUntil", { time: "{time}" }), contact };
}

/** Where the island puts the "Moved" word and the time: the server's words keep the places. */
const PLACES = { moved: "{moved}", time: "{time}" };

/** The move step's words and the note of a meeting the patient moved (issue 40): the page's, not the island's catalog. */
function moveWords(t: T) {
  const key = (name: string) => t(`patient.meetings.move.${name}` as Key);
  return { open: key("open"), choose: key("choose"), reason: key("reason"), submit: key("submit"), none: key("none"), day: t("SlotPicker.day"), show: t("SlotPicker.show"), movedByYou: t("patient.meetings.move.movedByYou", PLACES) };
}

export function patientMeetingsPage(deps: Deps) {
  return async (c: Context) => {
    // The free times a move offers are read first: the kept page is made of them too.
    const read = await readMeetings(c, deps, deps.now());
    return keptViewerPage(c, deps, () => render(c, deps, takeRefused(c), read), { once: hasNewFeedLink(c), extra: JSON.stringify([read.free, read.waiting, read.mine, read.reports.map((r) => r.id)]) });
  };
}

const byAppointment = (body: Record<string, unknown>) => String(body.appointmentId ?? "");

/** Issue 56: the appointments a report may be added to or read from (all but the cancelled), each with its reports. */
function reportsOf(meetings: StoryView[], reports: DocumentRow[], zone: string, t: T): ReportsAppointment[] {
  return meetings
    .filter((m) => m.status !== "cancelled" || reports.some((r) => r.appointmentId === m.id))
    .map((m) => ({
      id: m.id,
      doctorName: m.doctor.name,
      when: formatDateTime(m.scheduledAt ?? m.createdAt, zone, t.lang),
      reports: reports.filter((r) => r.appointmentId === m.id).map((r) => ({ id: r.id, title: r.title, type: r.type, bytes: r.bytes })),
    }));
}
const byEntry = (body: Record<string, unknown>) => waitlistTarget(String(body.entryId ?? ""));

export function patientMeetingsPosts(deps: Deps) {
  return {
    cancel: (c: Context) =>
      handleForm(c, {
        schema: cancelBody,
        target: byAppointment,
        run: (input) => cancelAppointment(deps, { role: "patient", id: pageAccount(c, "patient").id }, input),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: () => doneThen(c, PATH, { text: tOf(c)("PatientMeetings.cancelledNotice"), tone: "success" }),
      }),
    // A pending request, withdrawn: the same use case, with words of the page's when no reason was typed.
    withdraw: (c: Context) =>
      handleForm(c, {
        schema: withdrawForm,
        target: byAppointment,
        run: ({ appointmentId, reason }) =>
          cancelAppointment(deps, { role: "patient", id: pageAccount(c, "patient").id }, { appointmentId, reason: reason || tOf(c)("PatientMeetings.withdrawnByPatient") }),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: () => doneThen(c, PATH, { text: tOf(c)("patient.meetings.withdrawn"), tone: "success" }),
      }),
    // Issue 40: the patient's own move to one of the doctor's free times; a refusal shows beside that meeting's step.
    reschedule: async (c: Context) => {
      // Without script, "Show times" asks for another day's times: the page again, with what was typed.
      if ((await c.req.parseBody()).show !== undefined) {
        const values = await postedValues(c, ownMoveForm);
        return render(c, deps, { message: "", values, target: `move:${values.appointmentId ?? ""}` });
      }
      return handleForm(c, {
        schema: ownRescheduleBody,
        target: (body) => `move:${byAppointment(body)}`,
        run: (input) => rescheduleOwnAppointment(deps, pageAccount(c, "patient").id, input),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: (moved) => doneThen(c, PATH, { text: movedWords(tOf(c), "patient.meetings.move.done", moved), tone: "success" }),
      });
    },
    // Issue 40: a waitlist's offer taken or turned down, or the waitlist left; a refusal shows beside that entry.
    acceptOffer: (c: Context) => waitlistPost(c, deps, (patientId, entryId) => acceptOffer(deps, patientId, entryId), "patient.waitlist.accepted"),
    declineOffer: (c: Context) => waitlistPost(c, deps, (patientId, entryId) => declineOffer(deps, patientId, entryId), "patient.waitlist.declined"),
    leaveWaitlist: (c: Context) => waitlistPost(c, deps, (patientId, entryId) => leaveWaitlist(deps, patientId, entryId), "patient.waitlist.left"),
    // Issue 56: a report uploaded to one appointment (a real multipart form), or deleted; back here with a notice in its fold.
    uploadDocument: [
      documentFormLimit(deps, (c, form) => render(c, deps, form)),
      (c: Context) =>
        handleForm(c, {
          schema: documentUploadForm,
          target: (body) => reportsTarget(byAppointment(body)),
          run: ({ appointmentId, title, file }) => uploadDocument(deps, pageAccount(c, "patient").id, appointmentId, { title, file }),
          again: (form) => render(c, deps, form),
          page: PATH,
          then: (row) => doneThen(c, PATH, { text: tOf(c)("documents.uploaded"), tone: "success", at: reportsTarget(row.appointmentId) }),
        }),
    ] as const,
    deleteDocument: (c: Context) =>
      handleForm(c, {
        schema: documentDeleteForm,
        target: (body) => reportsTarget(byAppointment(body)),
        run: ({ appointmentId, documentId }) => removeDocument(deps, pageAccount(c, "patient").id, appointmentId, documentId),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: (_done, values) => doneThen(c, PATH, { text: tOf(c)("documents.deleted"), tone: "success", at: reportsTarget(values.appointmentId ?? "") }),
      }),
    downloadDocument: async (c: Context) =>
      sendDocument(c, await patientDocumentFile(deps, pageAccount(c, "patient").id, c.req.param("id") ?? "", c.req.param("docId") ?? "")),
    feedback: (c: Context) =>
      handleForm(c, {
        schema: feedbackForm,
        target: byAppointment,
        run: (input) => giveFeedback(deps, pageAccount(c, "patient").id, input),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: () => doneThen(c, PATH, { text: tOf(c)("PatientMeetings.feedbackGiven"), tone: "success" }),
      }),
  };
}

/** One of the waitlist panel's forms: the entry's id in, `run` for the signed-in patient, back here with `done`'s words. */
function waitlistPost(c: Context, deps: Deps, run: (patientId: string, entryId: string) => Promise<unknown>, done: Key): Promise<Response> {
  return handleForm(c, {
    schema: waitlistEntryForm,
    target: byEntry,
    run: ({ entryId }) => run(pageAccount(c, "patient").id, entryId),
    again: (form) => render(c, deps, form),
    page: PATH,
    then: () => doneThen(c, PATH, { text: tOf(c)(done), tone: "success" }),
  });
}

/** The feedback form's rating and publish words (issue 41), the patient's name as a review shows it ("Pat P."). */
/** Issue 52: each meeting's own feedback, as the island shows it under "Feedback given", with the page's words (none sent without feedback). */
function ownWords(mine: OwnFeedback[], t: T) {
  if (mine.length === 0) return {};
  const feedback = Object.fromEntries(mine.map((f) => [f.appointmentId, { rating: f.rating, published: f.published, reply: f.replyText, hidden: f.hidden }]));
  const key = (name: string) => t(`patient.review.own.${name}` as Key);
  return { feedback, ownWords: { rating: t("patient.review.own.rating", { n: "{n}" }), noRating: key("noRating"), published: key("published"), private: key("private"), reply: key("reply"), hidden: key("hidden") } };
}

function reviewWords(t: T, name: string) {
  return {
    legend: t("patient.review.ratingLegend"),
    none: t("patient.review.ratingNone"),
    stars: t("patient.review.ratingStars", { n: "{n}" }),
    publish: t("patient.review.publish", { name: reviewerName(name) }),
    note: t("patient.review.publishNote"),
  };
}
