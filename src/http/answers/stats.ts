/** Issue 58's numbers: the admin's (every count, by day and by specialization) and a doctor's own. */
import { z } from "zod";

const count = (description: string) => z.int().min(0).meta({ description });
const day = z.string().meta({ description: "YYYY-MM-DD in timeZone", example: "2026-12-04" });

const countFields = {
  requested: count("Requests made (on the day made)"),
  instant: count("Instant bookings, waitlist acceptances included (on the day booked)"),
  scheduled: count("Requests the doctor confirmed (on the day confirmed)"),
  completed: count("Meetings held and over, no-shows aside (on the meeting's day)"),
  noShows: count("Meetings the doctor marked missed (on the meeting's day)"),
  cancelledByPatient: count("Cancelled by the patient (on the day cancelled)"),
  cancelledByDoctor: count("Cancelled by the doctor"),
  cancelledByAdmin: count("Cancelled because the admin blocked the doctor"),
  offersMade: count("Waitlist offers made"),
  offersAccepted: count("Waitlist offers accepted"),
  newPatients: count("Patients who signed up"),
  newDoctors: count("Doctors who signed up"),
  mailsSent: count("Mails sent"),
  mailsFailed: count("Mails given up after their last try"),
};

export const StatsCounts = z.object(countFields).meta({ id: "StatsCounts" });
export const StatsDay = z.object({ date: day, ...countFields }).meta({ id: "StatsDay" });

export const AdminStats = z
  .object({
    from: day,
    to: day,
    timeZone: z.string().meta({ description: "The zone the days are in: the admin's", example: "Asia/Kolkata" }),
    totals: StatsCounts,
    noShowRate: z.number().min(0).max(1).nullable().meta({ description: "noShows / (noShows + completed), 4 places; null with none held" }),
    medianHoursToSchedule: z.number().min(0).nullable().meta({ description: "Median hours from a request to the doctor's confirmation, of those confirmed in the period; null with none" }),
    waiting: z.object({
      doctorsAwaitingApproval: count("Doctors waiting for approval, now"),
      registrationsAwaitingCheck: count("Registrations waiting for the admin's check, now"),
    }),
    byDay: z.array(StatsDay),
    bySpecialization: z.array(
      z.object({
        specialization: z.string(),
        requested: count("Requests and instant bookings made in the period"),
        booked: count("Confirmed in the period (the doctors' confirmations and instant bookings)"),
        medianDaysToFirstFree: z.number().min(0).nullable().meta({ description: "Today's median, over the listed doctors with hours, of the days to their next free slot (15: none in 14 days); null with none" }),
      }),
    ),
  })
  .meta({ id: "AdminStats" });

/** A doctor's own numbers (issue 58 item 4): theirs only. */
export const DoctorStats = z
  .object({
    from: day,
    to: day,
    timeZone: z.string().meta({ description: "The zone the days, weekdays and hours are in: the doctor's", example: "Asia/Kolkata" }),
    meetings: count("Meetings on the period's days (confirmed, not cancelled)"),
    completed: count("Of those, held and over"),
    noShows: count("Of those, marked missed"),
    noShowRate: z.number().min(0).max(1).nullable().meta({ description: "noShows / (noShows + completed); null with none held" }),
    averageRating: z.number().min(1).max(5).nullable().meta({ description: "The average of the ratings that count publicly, 1 decimal; null with none" }),
    utilisation: z.number().min(0).max(1).nullable().meta({ description: "The share of the free slots of the period's past days that were booked; null with no hours" }),
    busiestWeekday: z.int().min(1).max(7).nullable().meta({ description: "ISO weekday (1 Monday) with the most meetings; null with none" }),
    busiestHour: z.int().min(0).max(23).nullable().meta({ description: "Hour of the day (0-23) with the most meeting starts; null with none" }),
    weeks: z
      .array(z.object({ from: day, meetings: count("Meetings in the week"), noShows: count("No-shows in the week") }))
      .meta({ description: "The last 8 weeks ending today, oldest first (the dashboard's chart)" }),
  })
  .meta({ id: "DoctorStats" });
