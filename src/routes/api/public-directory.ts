/**
 * The public directory's JSON (issue 41), for anyone, no token: GET /directory/doctors (a search,
 * a page of 20) and GET /directory/doctors/{id} (a profile with its published reviews). The
 * pages /doctors and /doctors/{id} (src/routes/pages/doctors) read the same use cases.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { directoryProfile, searchDirectory } from "../../actions/directory";
import type { Deps } from "../../config/deps";
import { directoryDoctorParam, directoryQuery } from "../../http/schemas";
import { publicDoctorJson, publicProfileJson, publicReviewJson } from "../../http/public-shapes";
import { onInvalid } from "../../http/validate";
import { hindiSpecialization } from "../../i18n/catalog";

export function publicDirectoryApi(deps: Deps) {
  const api = new Hono();
  api.get("/directory/doctors", zValidator("query", directoryQuery, onInvalid), async (c) => {
    const found = await searchDirectory(deps, c.req.valid("query"), hindiSpecialization);
    // What everyone sees changes with the clock (free times): fetched again each time, never kept by a shared cache.
    c.header("Cache-Control", "no-cache");
    return c.json({ doctors: found.doctors.map(publicDoctorJson), page: found.page, pages: found.pages });
  });
  api.get("/directory/doctors/:id", zValidator("param", directoryDoctorParam, onInvalid), async (c) => {
    const { doctor, reviews } = await directoryProfile(deps, c.req.valid("param").id);
    c.header("Cache-Control", "no-cache");
    return c.json({ doctor: publicProfileJson(doctor), reviews: reviews.map(publicReviewJson) });
  });
  return api;
}
