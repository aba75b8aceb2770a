/**
 * The approved doctor's calls: pending requests, scheduling, cancelling, meetings and feedback.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { cancelAppointment, CANCELLED, rescheduleAppointment, RESCHEDULED, scheduleAppointment, SCHEDULED } from "../../actions/appointments";
import { listDoctorFeedback, listDoctorMeetings, listDoctorPending } from "../../db/queries/appointments";
import type { Deps } from "../../config/deps";
import { nextStatusChange } from "../../domain/appointment";
import { keptAnswers } from "../../http/cached";
import { attendanceBody, cancelBody, rescheduleBody, reviewParam, reviewReplyBody, scheduleBody, undoBody } from "../../http/schemas";
import { ATTENDANCE_MARKED, markAttendance } from "../../actions/attendance";
import { undoChange } from "../../actions/undo";
import { UNDO_MESSAGES } from "../../domain/undo";
import { appointmentListJson, reviewJson } from "../../http/shapes";
import { replyToReview } from "../../actions/reviews";
import { REVIEW_MESSAGES } from "../../domain/review";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import { doctorHoursRoutes } from "./hours";
import { doctorRecordRoutes } from "./records";
import { doctorDocumentRoutes } from "./documents";
import { doctorStatsRoutes } from "./stats";
import { placesRoutes } from "./places";
import { dayRoutes } from "./day";

export function doctorApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/doctor-dashboard/*", requireRole(deps, "doctor"));

  // The lists' answers are kept per doctor and lists version, until a meeting's end (keptAnswers).
  const answers = keptAnswers();

  api.get("/doctor-dashboard/appointments", (c) => {
    const doctor = signedIn(c, "doctor");
    const now = deps.now();
    return answers(c, `pending:${doctor.id}`, doctor.listsVersion, now, async () =>
      appointmentListJson(await listDoctorPending(database.db, doctor, now), "doctor", ["No pending appointments.", "Appointments fetched successfully"], now),
    );
  });

  api.post("/doctor-dashboard/scheduleAppointments", zValidator("json", scheduleBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const input = c.req.valid("json");
    const { scheduledAt, meetLink } = await scheduleAppointment(deps, doctor.id, input);
    return c.json({ message: SCHEDULED, appointmentId: input.appointmentId, scheduledAt: scheduledAt.toISOString(), meetLink });
  });

  api.post("/doctor-dashboard/rescheduleAppointment", zValidator("json", rescheduleBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const input = c.req.valid("json");
    const { scheduledAt, meetLink } = await rescheduleAppointment(deps, doctor.id, input);
    return c.json({ message: RESCHEDULED, appointmentId: input.appointmentId, scheduledAt: scheduledAt.toISOString(), meetLink });
  });

  // Issue 39: the doctor's latest change of an appointment taken back within the undo window.
  api.post("/doctor-dashboard/undo", zValidator("json", undoBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const a = await undoChange(deps, doctor.id, c.req.valid("json").appointmentId);
    return c.json({ message: UNDO_MESSAGES.undone, appointment: { _id: a.id, status: a.status, scheduledAt: a.scheduledAt?.toISOString() ?? null, meetLink: a.meetLink } });
  });

  // Issue 40: the doctor marks a meeting attended or missed (and may mark it again within the window).
  api.post("/doctor-dashboard/markAttendance", zValidator("json", attendanceBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const input = c.req.valid("json");
    const { status } = await markAttendance(deps, doctor.id, input);
    return c.json({ message: ATTENDANCE_MARKED, appointmentId: input.appointmentId, status });
  });

  doctorHoursRoutes(api, deps);
  doctorRecordRoutes(api, deps);
  doctorDocumentRoutes(api, deps);
  doctorStatsRoutes(api, deps);
  placesRoutes(api, deps);
  dayRoutes(api, deps);

  api.post("/doctor-dashboard/cancelAppointment", zValidator("json", cancelBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const input = c.req.valid("json");
    await cancelAppointment(deps, { role: "doctor", id: doctor.id }, input);
    return c.json({ message: CANCELLED, appointmentId: input.appointmentId });
  });

  api.get("/doctor-dashboard/doctor-meetings", (c) => {
    const doctor = signedIn(c, "doctor");
    const now = deps.now();
    return answers(c, `meetings:${doctor.id}`, doctor.listsVersion, now, async () =>
      appointmentListJson(await listDoctorMeetings(database.db, doctor, now), "doctor", ["No meetings found.", "Meetings fetched successfully"], now),
    );
  });

  api.get("/doctor-dashboard/patient-feedbacks", (c) => {
    const doctor = signedIn(c, "doctor");
    const now = deps.now();
    return answers(c, `feedback:${doctor.id}`, doctor.listsVersion, now, async () => {
      const feedbacks = await listDoctorFeedback(database.db, doctor, now);
      const json = JSON.stringify({
        feedbacks: feedbacks.map((f) => {
          const { rating, published, reply, hidden } = reviewJson(f);
          return {
            _id: f.id,
            appointment: {
              _id: f.appointment.id,
              scheduledAt: f.appointment.scheduledAt?.toISOString() ?? null,
              status: f.appointment.status,
            },
            message: f.message,
            createdAt: f.createdAt.toISOString(),
            rating,
            published,
            reply,
            hidden,
          };
        }),
      });
      return { json, until: nextStatusChange(feedbacks.map((f) => f.appointment), now) };
    });
  });

  // Issue 41: the doctor's one answer to a published review of theirs.
  api.post("/doctor-dashboard/reviews/:appointmentId/reply", zValidator("param", reviewParam, onInvalid), zValidator("json", reviewReplyBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const review = await replyToReview(deps, doctor.id, { appointmentId: c.req.valid("param").appointmentId, ...c.req.valid("json") });
    return c.json({ message: REVIEW_MESSAGES.replySaved, review: reviewJson(review) }, 201);
  });

  return api;
}
