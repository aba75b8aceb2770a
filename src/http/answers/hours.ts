/** A doctor's hours and free slots (issue 26). */
import { z } from "zod";
import { time } from "./common";
import { PlaceName } from "./places";

/** A doctor's hours (issue 26): weekly ranges and days off in the doctor's zone. */
export const Availability = z
  .object({
    timeZone: z.string().meta({ description: "An IANA time zone", example: "Europe/Berlin" }),
    weekly: z.array(
      z.object({
        day: z.int().min(1).max(7).meta({ description: "1 (Monday) to 7 (Sunday)" }),
        start: z.string().meta({ description: "HH:MM in timeZone", example: "09:00" }),
        end: z.string().meta({ description: "HH:MM in timeZone, after start; may be 24:00", example: "17:00" }),
        placeId: z.string().optional().meta({ description: "Issue 54: at this place of the doctor's, in person; absent: by video" }),
      }),
    ),
    daysOff: z.array(
      z.object({
        from: z.string().meta({ description: "YYYY-MM-DD in timeZone, inclusive", example: "2026-12-24" }),
        to: z.string().meta({ description: "YYYY-MM-DD in timeZone, inclusive", example: "2026-12-26" }),
      }),
    ),
    instantBooking: z.boolean().meta({ description: "Whether a patient's choice of a free time books it at once, confirmed (issue 40)" }),
  })
  .meta({ id: "Availability" });

export const FreeSlot = z
  .object({
    start: time,
    end: time,
    visit: z.enum(["video", "clinic"]).meta({ description: "Issue 54: by video, or in person at `place`" }),
    place: PlaceName.optional().meta({ description: "Where a clinic slot is (only with visit: clinic)" }),
  })
  .meta({ id: "FreeSlot" });
