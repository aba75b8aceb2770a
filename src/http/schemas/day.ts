/** The doctor's day (issue 54 item 6: src/routes/api/day.ts, /doctor-dashboard/day). */
import { z } from "zod";
import { DAY_DATE_INVALID } from "../../domain/day";

/** GET …/doctor-dashboard/day: one date; the use case checks it is a real one (400 with DAY_DATE_INVALID). */
export const dayQuery = z.object({
  date: z
    .string({ error: DAY_DATE_INVALID })
    .max(10, DAY_DATE_INVALID)
    .optional()
    .meta({ description: "The day, YYYY-MM-DD in the doctor's zone; today there when absent", example: "2026-12-07" }),
});
