/**
 * Issue 54 item 6: GET /doctor-dashboard/day, the doctor's day (the page /doctor-dashboard/day
 * reads the same use case, src/actions/day.ts). Added to the doctor's API, behind its role check.
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { doctorDay } from "../../actions/day";
import type { Deps } from "../../config/deps";
import { dayQuery } from "../../http/schemas";
import { appointmentJson, freeSlotJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

export function dayRoutes(api: Hono, deps: Deps): void {
  api.get("/doctor-dashboard/day", zValidator("query", dayQuery, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const zone = doctor.timeZone ?? deps.config.defaultTimeZone;
    const day = await doctorDay(deps, doctor.id, zone, c.req.valid("query").date);
    return c.json({
      date: day.date,
      timeZone: day.timeZone,
      previous: day.previous,
      next: day.next,
      appointments: day.meetings.map((a) => appointmentJson(a, "doctor")),
      gaps: day.gaps.map((g) => freeSlotJson(g, day.places)),
      requests: day.requests.map((a) => appointmentJson(a, "doctor")),
    });
  });
}
