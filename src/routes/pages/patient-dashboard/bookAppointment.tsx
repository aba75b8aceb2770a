/**
 * /patient-dashboard/bookAppointment/{doctorId} : the reason form with its per-doctor draft,
 * and a way back to the dashboard. An unknown or unapproved doctor is the 404 page.
 */
import type { Context } from "hono";
import { findDoctor } from "../../../db/queries/accounts";
import type { Deps } from "../../../deps";
import { notFoundResponse } from "../../../components/NotFound";
import { Island } from "../../../islands";
import { patientPage } from "./shell";

export function bookAppointmentPage(deps: Deps) {
  return async (c: Context) => {
    const doctor = await findDoctor(deps.database.db, c.req.param("doctorId") ?? "");
    if (doctor === undefined || doctor.status !== "approved") return notFoundResponse(c);
    return patientPage(
      c,
      `Book with ${doctor.name}`,
      <section class="page-narrow" aria-labelledby="book-title">
        <a class="button button-secondary back-link" href="/patient-dashboard">
          ← Back to dashboard
        </a>
        <h1 id="book-title">Book an appointment</h1>
        <p>
          With <strong>{doctor.name}</strong>, {doctor.specialization} ({doctor.collegeName})
        </p>
        <Island name="BookingForm" props={{ doctorId: doctor.id, doctorName: doctor.name }} />
      </section>,
    );
  };
}
