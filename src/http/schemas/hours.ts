/** A doctor's hours and free slots (issue 26: src/routes/api/hours.ts, the doctor's profile page). */
import { z } from "zod";
import { isTimeZone } from "../../domain/time";
import { PLACE_DAY } from "../../domain/places";
import { availabilityProblem, isDate, type Availability, MAX_DAYS_OFF, MAX_RANGES, minutesOf, SLOT_DAYS, WEEKDAYS } from "../../domain/availability";

const clock = (field: string, allow24: boolean) =>
  z
    .string({ error: `${field} is required` })
    .refine((v) => !Number.isNaN(minutesOf(v)) && (allow24 || v !== "24:00"), `${field} must be a time HH:MM${allow24 ? " (or 24:00)" : ""}`);
const day = (field: string) => z.string({ error: `${field} is required` }).refine(isDate, `${field} must be a date YYYY-MM-DD`);

/** A doctor's hours (issue 26), as GET answers and PUT takes them. */
export const availabilityBody = z
  .object({
    timeZone: z
      .string({ error: "timeZone is required" })
      .trim()
      .max(64, "timeZone is not valid")
      .refine(isTimeZone, "timeZone must be a known IANA time zone, e.g. Europe/Berlin")
      .meta({ example: "Europe/Berlin" }),
    weekly: z
      .array(
        z.object({
          day: z.int({ error: "day must be 1 (Monday) to 7 (Sunday)" }).min(1, "day must be 1 (Monday) to 7 (Sunday)").max(7, "day must be 1 (Monday) to 7 (Sunday)"),
          start: clock("start", false),
          end: clock("end", true),
          placeId: z
            .string({ error: "placeId must be the id of one of your places" })
            .trim()
            .min(1, "placeId must be the id of one of your places")
            .max(64, "placeId must be the id of one of your places")
            .optional()
            .meta({ description: "Issue 54: the range is at this place of the doctor's (GET /doctor-dashboard/places), in person; absent, by video. Another doctor's or an unknown place is 400." }),
        }),
        { error: "weekly must be a list of { day, start, end }" },
      )
      .max(MAX_RANGES, `weekly may hold at most ${MAX_RANGES} ranges`),
    daysOff: z
      .array(z.object({ from: day("from"), to: day("to") }), { error: "daysOff must be a list of { from, to }" })
      .max(MAX_DAYS_OFF, `daysOff may hold at most ${MAX_DAYS_OFF} ranges`),
    instantBooking: z
      .boolean({ error: "instantBooking must be true or false" })
      .optional()
      .meta({ description: "Whether a patient's choice of a free time books it at once, confirmed (issue 40); false when absent" }),
  })
  .superRefine((hours, ctx) => {
    const problem = availabilityProblem(hours);
    // The message names the range (weekly[1].end); the path names the list.
    if (problem !== undefined) ctx.addIssue({ code: "custom", path: [problem.field.replace(/[[.].*$/, "")], message: problem.message });
  });

const RANGE = /^(\d{1,2}:\d{2})\s*(?:-|–|to)\s*(\d{1,2}:\d{2})$/;
// A day off as India writes it (dd/mm/yyyy, also with - or .), or as ISO (yyyy-mm-dd), issue 52.
const DAY = String.raw`(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})`;
const DAY_OFF = new RegExp(String.raw`^${DAY}(?:\s*(?:to|–|-|\.\.)\s*${DAY})?$`);
/** A day off's date as the API takes it: yyyy-mm-dd. */
function isoDay(text: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}` : text;
}
const pad = (t: string) => t.padStart(5, "0");


/**
 * The hours form of the doctor's profile page: `tz`, `day1` (Monday) to `day7` as
 * "09:00-12:00, 14:00-17:00", and `daysOff` one date or "from to to" a line; read into the API's
 * availabilityBody. Its messages are in plain words, each naming the hours.
 */
/** A text field of a form whose rules run after it (the hours form): a string, at most `max` characters. */
const formText = (max: number, message: string) => z.string().max(max, message).optional();

export const hoursForm = z
  // The fields the form has (what a refused post echoes back, src/http/forms.ts).
  .object({
    tz: formText(64, "The time zone of your hours must be a name such as Europe/Berlin or America/New_York"),
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`day${day}`, formText(200, "Your hours for one day are too long")])),
    daysOff: formText(4000, "Your days off are too many for one form"),
    // The tick box: present ("on") when ticked, absent otherwise.
    instantBooking: z.string().max(10).optional(),
  })
  // Issue 54: the hours at each place, `p.<placeId>.d1` (Monday) to `p.<placeId>.d7`, as the days'.
  .catchall(formText(200, "Your hours for one day are too long"))
  .transform((form: Record<string, unknown>, ctx) => {
    const str = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", path: ["hours"], message });
      return z.NEVER;
    };
    const weekly: { day: number; start: string; end: string; placeId?: string }[] = [];
    // The video hours (`day1`...), then each place's (`p.<placeId>.d1`...), in the form's order.
    const fields: [name: string, day: number, placeId?: string][] = [1, 2, 3, 4, 5, 6, 7].map((day) => [`day${day}`, day]);
    for (const name of Object.keys(form)) {
      const m = PLACE_DAY.exec(name);
      if (m) fields.push([name, Number(m[2]), m[1]!]);
    }
    for (const [name, day, placeId] of fields) {
      for (const part of str(name).split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
        const m = RANGE.exec(part);
        if (!m) return fail(`Your hours for ${WEEKDAYS[day - 1]} must read like 09:00-12:00, 14:00-17:00`);
        weekly.push(placeId === undefined ? { day, start: pad(m[1]!), end: pad(m[2]!) } : { day, start: pad(m[1]!), end: pad(m[2]!), placeId });
      }
    }
    const daysOff: { from: string; to: string }[] = [];
    for (const line of str("daysOff").split("\n").map((l) => l.trim()).filter(Boolean)) {
      const m = DAY_OFF.exec(line);
      if (!m) return fail(`Days off in your hours must read like 24/12/2026, or 24/12/2026 to 26/12/2026, one a line`);
      daysOff.push({ from: isoDay(m[1]!), to: isoDay(m[2] ?? m[1]!) });
    }
    const hours: Availability = { timeZone: str("tz"), weekly, daysOff, instantBooking: form.instantBooking !== undefined };
    const problem = availabilityProblem(hours);
    if (problem === undefined) return hours;
    const range = /^weekly\[(\d+)\]/.exec(problem.field);
    if (problem.field === "timeZone") return fail("The time zone of your hours must be a name such as Europe/Berlin or America/New_York");
    if (range) {
      const day = WEEKDAYS[weekly[Number(range[1])]!.day - 1];
      return fail(/overlaps/.test(problem.message) ? `Your hours for ${day} overlap` : `Your hours for ${day} must be times of day, each range ending after it starts`);
    }
    return fail("Days off in your hours must be real dates, each range ending on or after it starts");
  })
  .pipe(availabilityBody);

/** `?days=N` of the free slots: 1 to 31, 14 when absent. */
export const slotsQuery = z.object({
  days: z
    .string()
    .regex(/^[0-9]{1,2}$/, `days must be a whole number from ${SLOT_DAYS.min} to ${SLOT_DAYS.max}`)
    .transform(Number)
    .refine((n) => n >= SLOT_DAYS.min && n <= SLOT_DAYS.max, `days must be a whole number from ${SLOT_DAYS.min} to ${SLOT_DAYS.max}`)
    .optional(),
});

/** The `{doctorId}` of a doctor's free slots. */
export const slotsParam = z.object({ doctorId: z.string().min(1).max(64) });
