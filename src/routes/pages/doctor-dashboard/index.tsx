/** /doctor-dashboard : pending requests, each with date and time inputs, Schedule and Cancel. */
import type { Context } from "hono";
import { listDoctorPending } from "../../../db/queries/appointments";
import type { Deps } from "../../../deps";
import { appointmentJson } from "../../../http/shapes";
import { Island } from "../../../islands";
import { pageAccount, viewerTimeZone } from "../../../middleware/page-guard";
import { doctorPage } from "./shell";

export function doctorDashboardPage(deps: Deps) {
  return async (c: Context) => {
    const doctor = pageAccount(c, "doctor");
    const pending = await listDoctorPending(deps.database.db, doctor.id, deps.now());
    return doctorPage(
      c,
      "Pending appointments",
      <section aria-labelledby="pending-title">
        <h1 id="pending-title">Pending appointments</h1>
        <Island
          name="PendingAppointments"
          props={{
            doctorName: doctor.name,
            appointments: pending.map((a) => appointmentJson(a, "doctor")),
            timeZone: viewerTimeZone(c),
          }}
        />
      </section>,
    );
  };
}
