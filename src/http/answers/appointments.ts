/** Appointments as the lists show them, and as a booking makes one. */
import { z } from "zod";
import { RELATIONS } from "../../domain/family";
import { id, time, email, appointmentStatus } from "./common";
import { Place } from "./places";

/** Who an appointment is for (issue 42), as booked; null for the account holder. */
const ForPerson = z
  .object({
    _id: id,
    name: z.string(),
    relation: z.enum(RELATIONS).meta({ description: "The person's relation to the account holder" }),
    age: z.number().int().meta({ description: "Whole years when the appointment was made", example: 6 }),
  })
  .nullable()
  .meta({ id: "ForPerson", description: "The family member the visit is for (issue 42, an addition); null when it is for the account holder, `patient`, who books and attends with a minor" });

/** Where an appointment is (issue 54, an addition). */
export const Visit = z
  .union([
    z.object({ type: z.literal("video") }),
    z.object({ type: z.literal("clinic"), place: Place.nullable().meta({ description: "The clinic, with its full address; null while a clinic request waits for the doctor to choose the place" }) }),
  ])
  .meta({ id: "Visit", description: "By video (with `meetLink` once confirmed), or in person at a clinic (`meetLink` null)" });

export const Appointment = z
  .object({
    _id: id,
    status: appointmentStatus,
    reason: z.string(),
    createdAt: time,
    scheduledAt: time.nullable(),
    meetLink: z.string().nullable().meta({ example: "https://meet.jit.si/carebook-Qm9vT2tJbmdSb29tTmFtZQ" }),
    patient: z.object({ _id: id, name: z.string(), email }),
    doctor: z.object({ _id: id, name: z.string(), specialization: z.string() }),
    preferredTimes: z.array(time).meta({ description: "The patient's preferred slot starts, as booked; empty when none" }),
    rescheduled: z
      .object({ from: time, reason: z.string(), by: z.enum(["patient", "doctor"]).meta({ description: "Who moved it (issue 40: the patient may move their own meeting)" }) })
      .nullable()
      .meta({ description: "The last time this meeting was moved: the time it had, why (may be empty when the patient moved it), and by whom; null if never" }),
    for: ForPerson,
    visit: Visit,
  })
  .meta({ id: "Appointment" });

export const PatientAppointment = Appointment.extend({
  hasFeedback: z.boolean().meta({ description: "Whether the patient has given feedback on it" }),
}).meta({ id: "PatientAppointment" });

/**
 * The appointment a booking creates: a pending request without a time; or, booked at once with
 * `slotStart` (issue 40), confirmed at that time with its meet link.
 */
export const BookedAppointment = z
  .object({
    _id: id,
    status: z.enum(["pending", "confirmed"]),
    reason: z.string(),
    createdAt: time,
    scheduledAt: time.nullable().meta({ description: "The slot's start when booked at once; null for a request" }),
    meetLink: z.string().nullable().meta({ description: "The meeting's link when booked at once; null for a request" }),
    doctor: z.object({ _id: id }),
    patient: z.object({ _id: id, name: z.string(), email }),
    preferredTimes: z.array(time),
    for: ForPerson,
    visit: Visit,
  })
  .meta({ id: "BookedAppointment" });
