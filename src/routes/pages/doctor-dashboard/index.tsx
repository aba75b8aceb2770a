/**
 * /doctor-dashboard : pending requests, each with date and time inputs, Schedule and Cancel.
 * Both forms post here (/doctor-dashboard/schedule, /doctor-dashboard/cancel) and come back with
 * the API's message, or show the refusal beside the request's form.
 */
import type { Context } from "hono";
import { cancelAppointment, scheduleAppointment } from "../../../actions/appointments";
import { doctorFreeSlots } from "../../../actions/availability";
import { slotsHoldUntil } from "../../../domain/availability";
import { listDoctorMeetings, listDoctorPending } from "../../../db/queries/appointments";
import { personWords } from "../../../domain/family";
import { familyWords } from "../family-words";
import { formerWords } from "../former-words";
import type { Translate } from "../../../domain/i18n";
import { together } from "../../../db/together";
import { CHART_WEEKS, doctorStats } from "../../../actions/stats-report";
import { DoctorWeeks, percent, weekdayName } from "../../../components/Stats";
import { addDays, dateInZone, zonedInstant } from "../../../domain/time";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState, type Notice } from "../../../http/forms";
import { readAvailability } from "../../../db/queries/availability";
import { whyOutside } from "../../../domain/availability";
import { undoUntil } from "../../../domain/undo";
import type { ScheduleQuestion as Ask } from "../../../domain/availability";
import { cancelBody, scheduleForm } from "../../../http/schemas";
import { holdsUntil } from "../../../http/cached";
import { appointmentJson } from "../../../http/shapes";
import { nextStatusChange } from "../../../domain/appointment";
import { Island } from "../../../render/islands";
import { ZoneNote } from "../../../components/TimeZone";
import { FirstStepsCard, ListingNote, TodayMeetings } from "../../../components/DoctorToday";
import { pageAccount, viewerTimeZone, viewerZone } from "../../../middleware/page-guard";
import { tOf } from "../../../i18n/request";
import { keptViewerPage } from "../kept";
import { doctorPage } from "./shell";
import { placesOf } from "../../../actions/places";
import { placeChoice } from "../../../domain/places";

const PATH = "/doctor-dashboard";

async function render(c: Context, deps: Deps, form?: FormState, ask?: Ask): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  const now = deps.now();
  // Issue 26: the next free times offered beside each request, and the hours they come from.
  // The three reads go in one round trip (issue 43).
  // Issue 58: the doctor's own last 8 weeks, read in the same round trip.
  const zone = viewerZone(c).zone;
  const today = dateInZone(now, zone);
  const [pending, meetings, free, numbers, kept] = await together(() =>
    Promise.all([
      listDoctorPending(deps.database.db, doctor, now),
      listDoctorMeetings(deps.database.db, doctor, now),
      doctorFreeSlots(deps, doctor.id, 14, deps.database.db, 8),
      doctorStats(deps, doctor.id, zone, { from: addDays(today, -(CHART_WEEKS * 7 - 1)), to: today }),
      // Issue 54: the places the schedule form offers.
      placesOf(deps, doctor.id),
    ]),
  );
  holdsUntil(c, slotsHoldUntil(free.slots, deps.config.bookingNoticeMinutes, now));
  const notice = form ? undefined : takeNotice(c);
  const reader = viewerZone(c);
  const timeZone = reader.zone;
  // The date inputs offer no day before today in the doctor's zone: the page is kept until tomorrow at most.
  const tomorrow = zonedInstant(dateInZone(now.getTime() + 24 * 60 * 60 * 1000, timeZone), "00:00", timeZone);
  holdsUntil(c, Math.min(nextStatusChange(pending, now), nextStatusChange(meetings, now), tomorrow?.getTime() ?? Infinity));
  // The doctor's meetings still to come, so that the form can name the one a chosen time overlaps.
  const booked = meetings
    .filter((m) => m.status === "confirmed" && m.scheduledAt && m.endsAt)
    // Issue 42: a meeting for a family member is named by the person, with the account holder.
    .map((m) => ({ name: personWords(m.for, m.patient.name, t as Translate), start: m.scheduledAt!.toISOString(), end: m.endsAt!.toISOString() }));
  return doctorPage(
    c,
    t("doctorPage.pendingTitle"),
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">{t("doctorPage.pendingTitle")}</h1>
      <ZoneNote reader={reader} role="doctor" />
      {/* Issue 39: the question stands alone at the top; else the first steps, then today's meetings. */}
      {ask === undefined && (
        <>
          <FirstStepsCard
            done={{
              hours: free.availability !== null,
              photo: doctor.profileImage !== null,
              profile: doctor.profileCheckedAt !== null,
              registration: doctor.registrationNumber !== null || doctor.pendingRegistrationNumber !== null,
            }}
          />
          <ListingNote doctor={doctor} />
          {/* A doctor without a zone of their own reads their hours' (src/db/queries/sessions.ts, issue 52). */}
          <TodayMeetings meetings={booked} zone={reader.zone} now={now} />
          <DoctorWeeks
            weeks={numbers.weeks}
            rate={percent(numbers.noShowRate, t.lang, t("stats.none"))}
            busiest={numbers.busiestWeekday === null || numbers.busiestHour === null ? null : { day: weekdayName(numbers.busiestWeekday, t.lang), hour: String(numbers.busiestHour).padStart(2, "0") }}
            t={t}
          />
        </>
      )}
      <Island
        name="PendingAppointments"
        props={{
          doctorName: doctor.name,
          appointments: pending.map((a) => appointmentJson(a, "doctor", formerWords(t))),
          // Always (issue 52): a request drawn again after an Undo may be a family member's.
          ...familyWords(pending, t, true),
          // Issue 54: a clinic request's place (or that it is still to be chosen), in the doctor's words.
          ...(pending.some((a) => a.visit.type === "clinic") ? { visit: { at: t("places.visitAt"), early: "", map: t("places.map"), later: t("day.clinicLater") } } : {}),
          timeZone,
          today,
          booked,
          slotMinutes: deps.config.consultMinutes,
          form,
          notice,
          hours: free.availability,
          free: free.slots.map((s) => new Date(s.start).toISOString()),
          ask,
          undoSeconds: deps.config.undoSeconds,
          ...(pending.length > 0 ? { places: placeChoice(kept, t) } : {}),
        }}
      />
    </section>,
    PATH,
  );
}

/**
 * Issue 39: a time is scheduled only once the doctor says yes, and a time outside their hours
 * only once they say yes again, knowing why. A post without that answer (`confirm` 1, or 2 for
 * outside the hours) shows the question at the top of the page instead; one that cannot be
 * scheduled anyway (no time, a time past) goes on to be refused as before.
 */
async function askFirst(c: Context, deps: Deps): Promise<Response | undefined> {
  const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
  const parsed = scheduleForm.safeParse(body);
  if (!parsed.success || parsed.data.scheduledDateTime.getTime() <= deps.now().getTime()) return undefined;
  const { appointmentId, patientId, scheduledDateTime: at, placeId } = parsed.data;
  const confirm = String(body.confirm ?? "");
  if (confirm === "2") return undefined;
  const doctor = pageAccount(c, "doctor");
  const request = (await listDoctorPending(deps.database.db, doctor, deps.now())).find((a) => a.id === appointmentId && a.patient.id === patientId);
  if (request === undefined) return undefined;
  // Issue 52: the question names whom the visit is for (a child with their parent), as every card does.
  const ask: Ask = { appointmentId, patientId, name: personWords(request.for, request.patient.name, tOf(c) as Translate), at: at.toISOString(), ...(placeId ? { placeId } : {}) };
  if (confirm !== "1") return render(c, deps, undefined, ask);
  const hours = await readAvailability(deps.database.db, doctor.id);
  const why = hours && whyOutside(hours, at, deps.config.consultMinutes);
  return why ? render(c, deps, undefined, { ...ask, why: { ...why, zone: hours!.timeZone } }) : undefined;
}

/** The notice after a doctor's change, with its Undo until the window closes (issue 39). */
export function undoNotice(deps: Deps, text: string, appointmentId: string, back: string): Notice {
  const until = undoUntil(deps.now(), deps.config.undoSeconds).toISOString();
  return { text, tone: "success", ...(deps.config.undoSeconds > 0 ? { undo: { appointmentId, until, back } } : {}) };
}

export function doctorDashboardPage(deps: Deps) {
  return (c: Context) => keptViewerPage(c, deps, () => render(c, deps, takeRefused(c)));
}

/** Which request's form a refusal belongs beside: the action and the appointment. */
const formOf = (action: string) => (body: Record<string, unknown>) => `${action}:${String(body.appointmentId ?? "")}`;

export function doctorDashboardPosts(deps: Deps) {
  return {
    schedule: async (c: Context) =>
      (await askFirst(c, deps)) ??
      handleForm(c, {
        schema: scheduleForm,
        target: formOf("schedule"),
        run: (input) => scheduleAppointment(deps, pageAccount(c, "doctor").id, input, viewerTimeZone(c)),
        again: (form) => render(c, deps, form),
        page: PATH,
        // The API's words (SCHEDULED, OUTSIDE_HOURS in src/actions/appointments.ts), in the page's language.
        then: ({ outsideHours }, values) =>
          doneThen(c, PATH, undoNotice(deps, tOf(c)(outsideHours ? "doctorPage.scheduledOutside" : "doctorPage.scheduled"), values.appointmentId ?? "", PATH)),
      }),
    cancel: (c: Context) =>
      handleForm(c, {
        schema: cancelBody,
        target: formOf("cancel"),
        run: (input) => cancelAppointment(deps, { role: "doctor", id: pageAccount(c, "doctor").id }, input),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: (_, values) => doneThen(c, PATH, undoNotice(deps, tOf(c)("doctorPage.declined"), values.appointmentId ?? "", PATH)),
      }),
  };
}

