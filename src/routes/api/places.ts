/**
 * Issue 54's calls: a doctor's places of practice (GET/POST /doctor-dashboard/places, PUT and
 * DELETE /doctor-dashboard/places/{id}). Added to the doctor's API (./doctor.ts), behind its role
 * check; the places page's forms call the same use cases (src/actions/places.ts).
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { addPlace, deletePlace, editPlace, placesOf } from "../../actions/places";
import type { Deps } from "../../config/deps";
import { PLACE_ADDED, PLACE_REMOVED, PLACE_UPDATED } from "../../domain/places";
import { placeBody, placeIdParam } from "../../http/schemas";
import { placeJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

export function placesRoutes(api: Hono, deps: Deps): void {
  api.get("/doctor-dashboard/places", async (c) => {
    const places = await placesOf(deps, signedIn(c, "doctor").id);
    return c.json({ places: places.map(placeJson) });
  });

  api.post("/doctor-dashboard/places", zValidator("json", placeBody, onInvalid), async (c) => {
    const place = await addPlace(deps, signedIn(c, "doctor").id, c.req.valid("json"));
    return c.json({ message: PLACE_ADDED, place: placeJson(place) }, 201);
  });

  api.put("/doctor-dashboard/places/:id", zValidator("param", placeIdParam, onInvalid), zValidator("json", placeBody, onInvalid), async (c) => {
    const place = await editPlace(deps, signedIn(c, "doctor").id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ message: PLACE_UPDATED, place: placeJson(place) });
  });

  api.delete("/doctor-dashboard/places/:id", zValidator("param", placeIdParam, onInvalid), async (c) => {
    await deletePlace(deps, signedIn(c, "doctor").id, c.req.valid("param").id);
    return c.json({ message: PLACE_REMOVED });
  });
}
