/**
 * The approved doctor's calls: pending requests, scheduling, cancelling, meetings and feedback.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import {
  cancelAppointment,
  confirmAppointment,
  findOverlap,
  listDoctorFeedback,
  listDoctorMeetings,
  listDoctorPending,
} from "../../db/queries/appointments";
import type { Deps } from "../../deps";
import { consultationSlot } from "../../domain/appointment";
import { ApiError, conflict } from "../../http/errors";
import { cancelBody, scheduleBody } from "../../http/schemas";
import { appointmentJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import { transitionAppointment } from "./transition";

/** A meet link no one can guess: the configured prefix and 128 random bits. */
function newMeetLink(base: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${base}carebook-${Buffer.from(bytes).toString("base64url")}`;
}

export function doctorApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/doctor-dashboard/*", requireRole(deps, "doctor"));

  api.get("/doctor-dashboard/appointments", async (c) => {
    const doctor = signedIn(c, "doctor");
    const pending = await listDoctorPending(database.db, doctor.id, deps.now());
    return c.json({
      message: pending.length === 0 ? "No pending appointments." : "Appointments fetched successfully",
      appointments: pending.map((a) => appointmentJson(a, "doctor")),
    });
  });

  api.post("/doctor-dashboard/scheduleAppointments", zValidator("json", scheduleBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const { appointmentId, patientId, scheduledDateTime } = c.req.valid("json");
    const meetLink = newMeetLink(deps.config.meetBaseUrl);
    const slot = consultationSlot(scheduledDateTime, deps.config.consultMinutes);
    await transitionAppointment(
      deps,
      { role: "doctor", id: doctor.id },
      appointmentId,
      "schedule",
      async (tx, appointment, now) => {
        if (slot.start.getTime() <= now.getTime()) throw new ApiError(400, "scheduledDateTime must be in the future");
        if (await findOverlap(tx, doctor.id, slot, appointment.id)) {
          throw conflict("This time overlaps another confirmed appointment");
        }
        await confirmAppointment(tx, appointment.id, slot, meetLink);
        return { result: undefined, reason: `scheduled for ${slot.start.toISOString()}` };
      },
      (appointment) => appointment.patientId === patientId,
    );
    return c.json({
      message: "Appointment scheduled successfully",
      appointmentId,
      scheduledAt: slot.start.toISOString(),
      meetLink,
    });
  });

  api.post("/doctor-dashboard/cancelAppointment", zValidator("json", cancelBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const { appointmentId, reason } = c.req.valid("json");
    await transitionAppointment(deps, { role: "doctor", id: doctor.id }, appointmentId, "cancel", async (tx, appointment, now) => {
      await cancelAppointment(tx, appointment.id, "doctor", reason, now);
      return { result: undefined, reason };
    });
    return c.json({ message: "Appointment cancelled successfully", appointmentId });
  });

  api.get("/doctor-dashboard/doctor-meetings", async (c) => {
    const doctor = signedIn(c, "doctor");
    const meetings = await listDoctorMeetings(database.db, doctor.id, deps.now());
    return c.json({
      message: meetings.length === 0 ? "No meetings found." : "Meetings fetched successfully",
      appointments: meetings.map((a) => appointmentJson(a, "doctor")),
    });
  });

  api.get("/doctor-dashboard/patient-feedbacks", async (c) => {
    const doctor = signedIn(c, "doctor");
    const feedbacks = await listDoctorFeedback(database.db, doctor.id, deps.now());
    return c.json({
      feedbacks: feedbacks.map((f) => ({
        _id: f.id,
        appointment: {
          _id: f.appointment.id,
          scheduledAt: f.appointment.scheduledAt?.toISOString() ?? null,
          status: f.appointment.status,
        },
        message: f.message,
        createdAt: f.createdAt.toISOString(),
      })),
    });
  });

  return api;
}
