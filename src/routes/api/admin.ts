/**
 * The admin's calls: every doctor, the doctor status machine of SERVER-RULES §5, and the review
 * of an approved doctor's waiting profile change (the admin page's forms call the same actions).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { decideDoctorChange, decideRegistration, setStatusOfDoctor } from "../../actions/doctors";
import { listAllDoctors } from "../../db/queries/accounts";
import { doctorStatusHistories } from "../../db/queries/audit";
import { together } from "../../db/together";
import { keptForDirectory } from "../../db/queries/directory";
import type { Deps } from "../../config/deps";
import { prepare, sendCached } from "../../http/cached";
import { doctorChangeBody, doctorIdParam, doctorStatusBody, registrationDecisionBody, reviewHideBody, reviewParam } from "../../http/schemas";
import { adminDoctorJson, reviewJson } from "../../http/shapes";
import { hideReview } from "../../actions/reviews";
import { REVIEW_MESSAGES } from "../../domain/review";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";
import { adminStatsRoutes } from "./stats";

export function adminApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/admin-dashboard/*", requireRole(deps, "admin"));
  adminStatsRoutes(api, deps);

  // Every doctor with its history: built (and compressed) once per directory version.
  api.get("/admin-dashboard/doctors", async (c) => {
    const body = await keptForDirectory(database, "admin-json", async () => {
      // Both in one round trip (issue 43).
      const [doctors, histories] = await together(() => Promise.all([listAllDoctors(database.db), doctorStatusHistories(database.db)]));
      const json = JSON.stringify(doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])));
      return prepare(json, { "Content-Type": "application/json" }, "no-store", { finest: true });
    }, c.get("user")?.directoryVersion);
    return sendCached(c, body);
  });

  api.patch(
    "/admin-dashboard/doctor-status/:id",
    zValidator("param", doctorIdParam, onInvalid),
    zValidator("json", doctorStatusBody, onInvalid),
    async (c) => {
      const admin = signedIn(c, "admin");
      const { doctor, history, message } = await setStatusOfDoctor(deps, admin.id, { doctorId: c.req.valid("param").id, ...c.req.valid("json") });
      return c.json({ message, doctor: adminDoctorJson(doctor, history) });
    },
  );

  api.patch(
    "/admin-dashboard/doctor-change/:id",
    zValidator("param", doctorIdParam, onInvalid),
    zValidator("json", doctorChangeBody, onInvalid),
    async (c) => {
      const admin = signedIn(c, "admin");
      const { doctor, history, message } = await decideDoctorChange(deps, admin.id, { doctorId: c.req.valid("param").id, ...c.req.valid("json") });
      return c.json({ message, doctor: adminDoctorJson(doctor, history) });
    },
  );

  api.patch(
    "/admin-dashboard/doctor-registration/:id",
    zValidator("param", doctorIdParam, onInvalid),
    zValidator("json", registrationDecisionBody, onInvalid),
    async (c) => {
      const admin = signedIn(c, "admin");
      const { doctor, history, message } = await decideRegistration(deps, admin.id, { doctorId: c.req.valid("param").id, ...c.req.valid("json") });
      return c.json({ message, doctor: adminDoctorJson(doctor, history) });
    },
  );

  // Issue 41: the admin hides a published review (with a reason) or shows it again.
  api.patch(
    "/admin-dashboard/reviews/:appointmentId",
    zValidator("param", reviewParam, onInvalid),
    zValidator("json", reviewHideBody, onInvalid),
    async (c) => {
      const admin = signedIn(c, "admin");
      const input = c.req.valid("json");
      const review = await hideReview(deps, admin.id, { appointmentId: c.req.valid("param").appointmentId, ...input });
      return c.json({ message: input.hidden ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.shown, review: reviewJson(review) });
    },
  );

  return api;
}
