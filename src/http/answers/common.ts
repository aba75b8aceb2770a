/** The fields every answer shares: ids, times, emails, pictures, specializations and statuses, the token, and the one `{ message }` shape. */
import { z } from "zod";
import { APPOINTMENT_STATUSES } from "../../domain/appointment";
import { DOCTOR_STATUSES, SPECIALIZATIONS } from "../../domain/fields";

export const id = z.string().meta({ description: "An opaque id", example: "3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90" });
export const time = z.iso.datetime().meta({ description: "An ISO 8601 UTC time", example: "2026-11-23T09:30:00.000Z" });
export const email = z.string().meta({ format: "email", example: "pat@example.com" });
export const picture = z
  .string()
  .nullable()
  .meta({ description: "The stored picture's name under /uploads/{patients|doctors}/, or null", example: null });
export const specialization = z.enum(SPECIALIZATIONS);
export const doctorStatus = z.enum(DOCTOR_STATUSES);
export const appointmentStatus = z.enum(APPOINTMENT_STATUSES).meta({ description: "noshow (issue 40, an addition): a meeting the doctor marked as missed by the patient" });

/** `{ message }`: every error, and every answer that only reports. */
export const MessageAnswer = z
  .object({
    message: z.string(),
    // The one error shape's one extra (issue 44): an admin held back by ADMIN_2FA_REQUIRED (403).
    twoFactorSetupRequired: z.literal(true).optional().meta({ description: "Only on a 403: the admin must set up two-factor sign-in first (POST /api/auth/2fa/setup, then /2fa/enable)" }),
  })
  .meta({ id: "Message", example: { message: "Appointment not found" } });

export const token = z.string().meta({ description: "A JWT (HS256); send it as `Authorization: Bearer <token>`" });
