/**
 * Issue 26's calls: a doctor's hours (GET/PUT /doctor-dashboard/availability) and a doctor's free
 * slots for patients (GET /patient-dashboard/doctors/{doctorId}/slots). Added to the doctor's and
 * the patient's API (./doctor.ts, ./patient.ts), behind their role checks.
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { doctorFreeSlots, getAvailability, HOURS_SAVED, setAvailability } from "../../actions/availability";
import type { Deps } from "../../config/deps";
import { availabilityBody, slotsParam, slotsQuery } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { freeSlotJson } from "../../http/shapes";
import { signedIn } from "../../middleware/session";

/** GET and PUT /doctor-dashboard/availability (approved doctor). */
export function doctorHoursRoutes(api: Hono, deps: Deps): void {
  api.get("/doctor-dashboard/availability", async (c) => {
    const doctor = signedIn(c, "doctor");
    return c.json({ availability: await getAvailability(deps, doctor.id) });
  });

  api.put("/doctor-dashboard/availability", zValidator("json", availabilityBody, onInvalid), async (c) => {
    const doctor = signedIn(c, "doctor");
    const availability = await setAvailability(deps, doctor.id, c.req.valid("json"));
    return c.json({ message: HOURS_SAVED, availability });
  });
}

/** GET /patient-dashboard/doctors/{doctorId}/slots?days=N (patient). */
export function patientSlotsRoutes(api: Hono, deps: Deps): void {
  api.get(
    "/patient-dashboard/doctors/:doctorId/slots",
    zValidator("param", slotsParam, onInvalid),
    zValidator("query", slotsQuery, onInvalid),
    async (c) => {
      signedIn(c, "patient");
      const { timeZone, slots, places } = await doctorFreeSlots(deps, c.req.valid("param").doctorId, c.req.valid("query").days);
      return c.json({ timeZone, slots: slots.map((s) => freeSlotJson(s, places)) });
    },
  );
}
