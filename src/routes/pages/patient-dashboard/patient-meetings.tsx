/** /patient-dashboard/patient-meetings : the patient's meetings, with cancel and feedback. */
import type { Context } from "hono";
import { listPatientMeetings } from "../../../db/queries/appointments";
import type { Deps } from "../../../deps";
import { appointmentJson } from "../../../http/shapes";
import { Island } from "../../../islands";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { calendarFeedPanel } from "../calendar-panel";
import { patientPage } from "./shell";

export function patientMeetingsPage(deps: Deps) {
  return async (c: Context) => {
    const patient = pageAccount(c, "patient");
    const meetings = await listPatientMeetings(deps.database.db, patient.id, deps.now());
    const calendar = await calendarFeedPanel(c, deps, "patient", patient.id);
    return patientPage(
      c,
      "My meetings",
      <section aria-labelledby="meetings-title">
        <h1 id="meetings-title">My meetings</h1>
        <Island
          name="PatientMeetings"
          props={{ appointments: meetings.map((m) => appointmentJson(m, "patient")), timeZone: viewerTimeZone(c) }}
        />
        {calendar}
      </section>,
    );
  };
}
