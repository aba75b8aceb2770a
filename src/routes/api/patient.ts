/**
 * The patient's calls: the doctor directory, booking, meetings, cancelling, feedback.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { BOOKED, bookAppointment, bookedFor, cancelAppointment, CANCELLED, RESCHEDULED, rescheduleOwnAppointment } from "../../actions/appointments";
import { FEEDBACK_GIVEN, giveFeedback } from "../../actions/reviews";
import { approvedDoctorsJson } from "../../db/queries/accounts";
import { listPatientMeetings } from "../../db/queries/appointments";
import { keptForDirectory } from "../../db/queries/directory";
import type { Deps } from "../../config/deps";
import { keptAnswers, prepare, sendCached } from "../../http/cached";
import { bookBody, cancelBody, feedbackBody, ownRescheduleBody } from "../../http/schemas";
import { appointmentListJson, bookedJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import { familyRoutes } from "./family";
import { patientRecordRoutes } from "./records";
import { patientDocumentRoutes } from "./documents";
import { patientSlotsRoutes } from "./hours";
import { patientWaitlistRoutes } from "./waitlist";

export function patientApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/patient-dashboard/*", requireRole(deps, "patient"));

  // The JSON comes ready-made from SQLite: with thousands of doctors, building an object per row
  // and stringifying them cost ten times more than the query (docs/performance.md).
  // The directory is the same for every patient until a doctor changes: it is built (and
  // compressed) once per directory version, and revalidated by ETag.
  api.get("/patient-dashboard/doctors", async (c) => {
    const body = await keptForDirectory(database, "doctors-json", async () =>
      prepare(await approvedDoctorsJson(database.db), { "Content-Type": "application/json" }, "private, no-cache", { finest: true }),
      c.get("user")?.directoryVersion,
    );
    return sendCached(c, body);
  });

  api.post("/patient-dashboard/bookAppointment", zValidator("json", bookBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const appointment = await bookAppointment(deps, patient, c.req.valid("json"));
    const at = appointment.scheduledAt;
    return c.json(
      {
        // A request waits for the doctor; a free time of a doctor with instant booking is the patient's at once (issue 40).
        message: at === null ? BOOKED : bookedFor(at),
        appointment: bookedJson(appointment, patient),
      },
      201,
    );
  });

  patientSlotsRoutes(api, deps);
  familyRoutes(api, deps);
  patientRecordRoutes(api, deps);
  patientDocumentRoutes(api, deps);
  patientWaitlistRoutes(api, deps);

  // Kept per patient and lists version, until a meeting's end (keptAnswers).
  const meetingsAnswers = keptAnswers();
  api.get("/patient-dashboard/patient-meetings", (c) => {
    const patient = signedIn(c, "patient");
    const now = deps.now();
    return meetingsAnswers(c, patient.id, patient.listsVersion, now, async () =>
      appointmentListJson(await listPatientMeetings(database.db, patient, now), "patient", ["No meetings found.", "Meetings fetched successfully"], now),
    );
  });

  api.post("/patient-dashboard/cancelAppointment", zValidator("json", cancelBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const input = c.req.valid("json");
    await cancelAppointment(deps, { role: "patient", id: patient.id }, input);
    return c.json({ message: CANCELLED, appointmentId: input.appointmentId });
  });

  // Issue 40: the patient moves their own meeting to another free time of its doctor.
  api.post("/patient-dashboard/rescheduleAppointment", zValidator("json", ownRescheduleBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const input = c.req.valid("json");
    const { scheduledAt, meetLink } = await rescheduleOwnAppointment(deps, patient.id, input);
    return c.json({ message: RESCHEDULED, appointmentId: input.appointmentId, scheduledAt: scheduledAt.toISOString(), meetLink });
  });

  api.post("/patient-dashboard/giveFeedback", zValidator("json", feedbackBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const input = c.req.valid("json");
    const saved = await giveFeedback(deps, patient.id, input);
    return c.json(
      {
        message: FEEDBACK_GIVEN,
        feedback: {
          _id: saved.id,
          appointment: { _id: input.appointmentId },
          message: saved.message,
          createdAt: saved.createdAt.toISOString(),
          rating: saved.rating,
          published: saved.published,
        },
      },
      201,
    );
  });

  return api;
}
