/**
 * The patient's calls: the doctor directory, booking, meetings, cancelling, feedback.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { isUniqueViolation } from "../../db/client";
import { approvedDoctorsJson, findDoctor } from "../../db/queries/accounts";
import {
  cancelAppointment,
  hasOpenAppointment,
  insertAppointment,
  insertFeedback,
  listPatientMeetings,
} from "../../db/queries/appointments";
import { recordAudit } from "../../db/queries/audit";
import { directoryVersionOf } from "../../db/queries/sessions";
import type { Deps } from "../../deps";
import { prepare, sendCached, type CachedBody } from "../../http/cached";
import { conflict, notFound } from "../../http/errors";
import { bookBody, cancelBody, feedbackBody } from "../../http/schemas";
import { appointmentJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import { transitionAppointment } from "./transition";

export function patientApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/patient-dashboard/*", requireRole(deps, "patient"));

  // The JSON comes ready-made from SQLite: with thousands of doctors, building an object per row
  // and stringifying them cost ten times more than the query (docs/performance.md).
  // The directory is the same for every patient until a doctor changes: it is built (and
  // compressed) once per directory version, and revalidated by ETag.
  let directory: { version: number; body: Promise<CachedBody> } | undefined;
  api.get("/patient-dashboard/doctors", async (c) => {
    // Read the version first: the list built after it is at least that new, never staler.
    const version = await directoryVersionOf(database);
    if (directory?.version !== version) {
      const body = approvedDoctorsJson(database.db).then((json) =>
        prepare(json, { "Content-Type": "application/json" }, "private, no-cache"),
      );
      directory = { version, body };
      body.catch(() => {
        if (directory?.body === body) directory = undefined;
      });
    }
    return sendCached(c, await directory.body);
  });

  api.post("/patient-dashboard/bookAppointment", zValidator("json", bookBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const { doctorId, reason } = c.req.valid("json");
    const appointment = await database.write(async (tx) => {
      const doctor = await findDoctor(tx, doctorId);
      if (doctor === undefined || doctor.status !== "approved") throw notFound("Doctor");
      const now = deps.now();
      if (await hasOpenAppointment(tx, patient.id, doctorId, now)) {
        throw conflict("You already have an open appointment with this doctor");
      }
      const created = await insertAppointment(tx, { id: crypto.randomUUID(), patientId: patient.id, doctorId, reason, status: "pending", createdAt: now });
      await recordAudit(tx, { at: now, actorRole: "patient", actorId: patient.id, subject: "appointment", subjectId: created.id, action: "book", toStatus: "pending" });
      return created;
    });
    return c.json(
      {
        message: "Appointment request sent. The doctor will schedule it soon.",
        appointment: {
          _id: appointment.id,
          status: appointment.status,
          reason: appointment.reason,
          createdAt: appointment.createdAt.toISOString(),
          scheduledAt: null,
          meetLink: null,
          doctor: { _id: doctorId },
          patient: { _id: patient.id, name: patient.name, email: patient.email },
        },
      },
      201,
    );
  });

  api.get("/patient-dashboard/patient-meetings", async (c) => {
    const patient = signedIn(c, "patient");
    const meetings = await listPatientMeetings(database.db, patient.id, deps.now());
    return c.json({
      message: meetings.length === 0 ? "No meetings found." : "Meetings fetched successfully",
      appointments: meetings.map((m) => appointmentJson(m, "patient")),
    });
  });

  api.post("/patient-dashboard/cancelAppointment", zValidator("json", cancelBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const { appointmentId, reason } = c.req.valid("json");
    await transitionAppointment(deps, { role: "patient", id: patient.id }, appointmentId, "cancel", async (tx, appointment, now) => {
      await cancelAppointment(tx, appointment.id, "patient", reason, now);
      return { result: undefined, reason };
    });
    return c.json({ message: "Appointment cancelled successfully", appointmentId });
  });

  api.post("/patient-dashboard/giveFeedback", zValidator("json", feedbackBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const { appointmentId, message } = c.req.valid("json");
    const saved = await transitionAppointment(deps, { role: "patient", id: patient.id }, appointmentId, "feedback", async (tx, appointment, now) => {
      try {
        const row = { id: crypto.randomUUID(), appointmentId, patientId: patient.id, doctorId: appointment.doctorId, message, createdAt: now };
        return { result: await insertFeedback(tx, row) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("Feedback has already been given for this appointment");
        throw error;
      }
    });
    return c.json(
      {
        message: "Feedback submitted successfully!",
        feedback: { _id: saved.id, appointment: { _id: appointmentId }, message: saved.message, createdAt: saved.createdAt.toISOString() },
      },
      201,
    );
  });

  return api;
}
