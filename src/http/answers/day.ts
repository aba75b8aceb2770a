/** The doctor's day (issue 54 item 6). */
import { z } from "zod";
import { Appointment } from "./appointments";
import { FreeSlot } from "./hours";

export const DoctorDay = z
  .object({
    date: z.string().meta({ description: "The day, YYYY-MM-DD in `timeZone`", example: "2026-12-07" }),
    timeZone: z.string().meta({ description: "The doctor's zone, the day's", example: "Asia/Kolkata" }),
    previous: z.string().meta({ description: "The day before, YYYY-MM-DD" }),
    next: z.string().meta({ description: "The day after, YYYY-MM-DD" }),
    appointments: z.array(Appointment).meta({ description: "The day's confirmed appointments (completed and missed ones too), in time order, each with its `visit` and whom it is for" }),
    gaps: z.array(FreeSlot).meta({ description: "The free parts of the day's hours once its appointments are taken out, each as long as it lasts, with where it is" }),
    requests: z.array(Appointment).meta({ description: "The pending requests with a preferred time on the day, oldest request first" }),
  })
  .meta({ id: "DoctorDay" });
