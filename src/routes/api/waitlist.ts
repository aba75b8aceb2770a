/**
 * The patient's waitlists through the API (issue 40 item 5): join a doctor's, list their own,
 * leave one, and accept or decline the time one offers. Each is a few lines around
 * src/actions/waitlist.ts, as the meetings page's forms are.
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { bookedFor } from "../../actions/appointments";
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, listWaitlist } from "../../actions/waitlist";
import type { Deps } from "../../config/deps";
import { WAITLIST_DECLINED, WAITLIST_JOINED, WAITLIST_LEFT } from "../../domain/waitlist";
import { waitlistBody, waitlistIdParam } from "../../http/schemas";
import { bookedJson, waitlistEntryJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

const PATH = "/patient-dashboard/waitlist";

/** The waitlist's routes, on the patient API (whose guard they sit behind). */
export function patientWaitlistRoutes(api: Hono, deps: Deps): void {
  api.post(PATH, zValidator("json", waitlistBody, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const entry = await joinWaitlist(deps, patient.id, c.req.valid("json"));
    return c.json({ message: WAITLIST_JOINED, entry: waitlistEntryJson(entry, deps.now()) }, 201);
  });

  api.get(PATH, async (c) => {
    const patient = signedIn(c, "patient");
    const now = deps.now();
    return c.json({ entries: (await listWaitlist(deps, patient.id)).map((e) => waitlistEntryJson(e, now)) });
  });

  api.delete(`${PATH}/:id`, zValidator("param", waitlistIdParam, onInvalid), async (c) => {
    await leaveWaitlist(deps, signedIn(c, "patient").id, c.req.valid("param").id);
    return c.json({ message: WAITLIST_LEFT });
  });

  api.post(`${PATH}/:id/accept`, zValidator("param", waitlistIdParam, onInvalid), async (c) => {
    const patient = signedIn(c, "patient");
    const appointment = await acceptOffer(deps, patient.id, c.req.valid("param").id);
    return c.json({ message: bookedFor(appointment.scheduledAt!), appointment: bookedJson(appointment, patient) }, 201);
  });

  api.post(`${PATH}/:id/decline`, zValidator("param", waitlistIdParam, onInvalid), async (c) => {
    await declineOffer(deps, signedIn(c, "patient").id, c.req.valid("param").id);
    return c.json({ message: WAITLIST_DECLINED });
  });
}
