/** /doctor-dashboard/doctor-Meetings : confirmed and completed meetings, each with its feedback. */
import type { Context } from "hono";
import { listDoctorFeedback, listDoctorMeetings } from "../../../db/queries/appointments";
import type { Deps } from "../../../deps";
import { appointmentJson } from "../../../http/shapes";
import { Island } from "../../../islands";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { calendarFeedPanel } from "../calendar-panel";
import { doctorPage } from "./shell";

export function doctorMeetingsPage(deps: Deps) {
  return async (c: Context) => {
    const doctor = pageAccount(c, "doctor");
    const now = deps.now();
    const [meetings, feedbacks] = await Promise.all([
      listDoctorMeetings(deps.database.db, doctor.id, now),
      listDoctorFeedback(deps.database.db, doctor.id, now),
    ]);
    const calendar = await calendarFeedPanel(c, deps, "doctor", doctor.id);
    const feedbackFor = new Map(feedbacks.map((f) => [f.appointment.id, f.message]));
    return doctorPage(
      c,
      "Meetings",
      <section aria-labelledby="meetings-title">
        <h1 id="meetings-title">Meetings</h1>
        <Island
          name="DoctorMeetings"
          props={{
            meetings: meetings.map((m) => ({ ...appointmentJson(m, "doctor"), feedback: feedbackFor.get(m.id) ?? null })),
            timeZone: viewerTimeZone(c),
          }}
        />
        {calendar}
      </section>,
    );
  };
}
