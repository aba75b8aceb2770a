/** Issue 58's numbers: the admin's overview and a doctor's own (src/routes/api/stats.ts). */
import { z } from "zod";
import { answers } from "../../http/answers";
import { doctorStatsQuery, statsQuery } from "../../http/schemas";
import type { Operation } from "../operation";
import { AUTH, DOCTOR } from "./common";

const RANGE =
  "`from` and `to` are days (YYYY-MM-DD) in the reader's zone (their account's, else DEFAULT_TIME_ZONE), both included, at most 366 days; " +
  "without them, the 30 days ending today; a malformed or reversed period, or a longer one, is 400.";

const day = { date: "2026-12-04", requested: 4, instant: 2, scheduled: 3, completed: 5, noShows: 1, cancelledByPatient: 1, cancelledByDoctor: 0, cancelledByAdmin: 0, offersMade: 1, offersAccepted: 1, newPatients: 2, newDoctors: 0, mailsSent: 12, mailsFailed: 0 };
const { date: _date, ...counts } = day;

export const stats = {
  admin: {
    method: "get", path: `${AUTH}/admin-dashboard/stats`, tag: "Admin", who: "admin",
    summary: "The service's numbers for a period: every count, by day and by specialization",
    description:
      `${RANGE} An event counts on the day it happened: a request on the day made, a confirmation or cancel on the day done, a completion or no-show on the meeting's day. ` +
      "The counts come from per-day totals kept with each change (rebuilt by `bun run stats:rebuild`). With `format=csv`, one table (`table=byDay`, the default, or `bySpecialization`) as CSV: UTF-8 with a byte order mark, one header row, ISO dates, the JSON's numbers.",
    query: statsQuery,
    ok: {
      status: 200, schema: answers.adminStats, description: "The numbers",
      example: {
        from: "2026-12-04", to: "2026-12-04", timeZone: "Asia/Kolkata", totals: counts, noShowRate: 0.1667, medianHoursToSchedule: 5.5,
        waiting: { doctorsAwaitingApproval: 1, registrationsAwaitingCheck: 0 }, byDay: [day],
        bySpecialization: [{ specialization: "Cardiologist", requested: 6, booked: 5, medianDaysToFirstFree: 2 }],
      },
      also: { mediaType: "text/csv", schema: z.string(), example: "\uFEFFdate,requested,instant,scheduled,completed,noShows,cancelledByPatient,cancelledByDoctor,cancelledByAdmin,offersMade,offersAccepted,newPatients,newDoctors,mailsSent,mailsFailed\r\n2026-12-04,4,2,3,5,1,1,0,0,1,1,2,0,12,0\r\n" },
    },
  },
  doctor: {
    method: "get", path: `${DOCTOR}/stats`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's own numbers for a period, and their last 8 weeks",
    description: `${RANGE} Only the caller's own meetings, rating and hours: nothing of another doctor.`,
    query: doctorStatsQuery,
    ok: {
      status: 200, schema: answers.doctorStats, description: "The doctor's numbers",
      example: {
        from: "2026-11-05", to: "2026-12-04", timeZone: "Asia/Kolkata", meetings: 24, completed: 20, noShows: 2, noShowRate: 0.0909, averageRating: 4.5, utilisation: 0.62, busiestWeekday: 2, busiestHour: 10,
        weeks: [{ from: "2026-10-10", meetings: 5, noShows: 0 }],
      },
    },
  },
} satisfies Record<string, Operation>;
