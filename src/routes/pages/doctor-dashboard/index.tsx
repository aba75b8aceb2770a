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
import { dateInZone, zonedInstant } from "../../../domain/time";
import type { Deps } from "../../../config/deps";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { cancelBody, scheduleForm } from "../../../http/schemas";
import { holdsUntil } from "../../../http/cached";
import { appointmentJson } from "../../../http/shapes";
import { nextStatusChange } from "../../../domain/appointment";
import { Island } from "../../../render/islands";
import { ZoneNote } from "../../../components/TimeZone";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { tOf } from "../../../i18n/request";
import { keptViewerPage } from "../kept";
import { doctorPage } from "./shell";

const PATH = "/doctor-dashboard";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  const now = deps.now();
  const [pending, meetings] = await Promise.all([listDoctorPending(deps.database.db, doctor, now), listDoctorMeetings(deps.database.db, doctor, now)]);
  // Issue 26: the next free times offered beside each request, and the hours they come from.
  const free = await doctorFreeSlots(deps, doctor.id, 14, deps.database.db, 8);
  holdsUntil(c, slotsHoldUntil(free.slots, deps.config.bookingNoticeMinutes, now));
  const notice = form ? undefined : takeNotice(c);
  const timeZone = viewerTimeZone(c);
  // The date inputs offer no day before today in the doctor's zone: the page is kept until tomorrow at most.
  const today = dateInZone(now, timeZone);
  const tomorrow = zonedInstant(dateInZone(now.getTime() + 24 * 60 * 60 * 1000, timeZone), "00:00", timeZone);
  holdsUntil(c, Math.min(nextStatusChange(pending, now), nextStatusChange(meetings, now), tomorrow?.getTime() ?? Infinity));
  // The doctor's meetings still to come, so that the form can name the one a chosen time overlaps.
  const booked = meetings
    .filter((m) => m.status === "confirmed" && m.scheduledAt && m.endsAt)
    .map((m) => ({ name: m.patient.name, start: m.scheduledAt!.toISOString(), end: m.endsAt!.toISOString() }));
  return doctorPage(
    c,
    t("doctorPage.pendingTitle"),
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">{t("doctorPage.pendingTitle")}</h1>
      <ZoneNote zone={timeZone} chosen={doctor.timeZone !== null} role="doctor" />
      <Island
        name="PendingAppointments"
        props={{
          doctorName: doctor.name,
          appointments: pending.map((a) => appointmentJson(a, "doctor")),
          timeZone,
          today,
          booked,
          slotMinutes: deps.config.consultMinutes,
          form,
          notice,
          hours: free.availability,
          free: free.slots.map((s) => new Date(s.start).toISOString()),
        }}
      />
    </section>,
    PATH,
  );
}

export function doctorDashboardPage(deps: Deps) {
  return (c: Context) => keptViewerPage(c, deps, () => render(c, deps, takeRefused(c)));
}

/** Which request's form a refusal belongs beside: the action and the appointment. */
const formOf = (action: string) => (body: Record<string, unknown>) => `${action}:${String(body.appointmentId ?? "")}`;

export function doctorDashboardPosts(deps: Deps) {
  return {
    schedule: (c: Context) =>
      handleForm(c, {
        schema: scheduleForm,
        target: formOf("schedule"),
        run: (input) => scheduleAppointment(deps, pageAccount(c, "doctor").id, input, viewerTimeZone(c)),
        again: (form) => render(c, deps, form),
        page: PATH,
        // The API's words (SCHEDULED, OUTSIDE_HOURS in src/actions/appointments.ts), in the page's language.
        then: ({ outsideHours }) => doneThen(c, PATH, { text: tOf(c)(outsideHours ? "doctorPage.scheduledOutside" : "doctorPage.scheduled"), tone: "success" }),
      }),
    cancel: (c: Context) =>
      handleForm(c, {
        schema: cancelBody,
        target: formOf("cancel"),
        run: (input) => cancelAppointment(deps, { role: "doctor", id: pageAccount(c, "doctor").id }, input),
        again: (form) => render(c, deps, form),
        page: PATH,
        then: () => doneThen(c, PATH, { text: tOf(c)("doctorPage.declined"), tone: "success" }),
      }),
  };
}
