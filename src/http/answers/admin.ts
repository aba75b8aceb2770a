/** A doctor as the admin sees them: the status history too. */
import { z } from "zod";
import { ROLES } from "../../domain/fields";
import { time, doctorStatus } from "./common";
import { Doctor } from "./profile";

/** One line of a doctor's status history, from the audit trail. */
const StatusChange = z.object({
  action: z.string().meta({ example: "Approve" }),
  from: doctorStatus.nullable(),
  to: doctorStatus.nullable(),
  at: time,
  by: z.enum(ROLES),
  reason: z.string().nullable().meta({ description: "Why, as the admin said (rejecting and blocking take one)" }),
});

export const AdminDoctor = Doctor.extend({ statusHistory: z.array(StatusChange) }).meta({ id: "AdminDoctor" });
