/**
 * The admin's calls: every doctor, and the doctor status machine of SERVER-RULES §5.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { findDoctor, listAllDoctors, setDoctorStatus } from "../../db/queries/accounts";
import { doctorStatusHistories, historyOf, recordAudit } from "../../db/queries/audit";
import type { Deps } from "../../deps";
import { changeDoctorStatus } from "../../domain/doctor-status";
import { conflict, notFound } from "../../http/errors";
import { doctorStatusBody } from "../../http/schemas";
import { adminDoctorJson } from "../../http/shapes";
import { onInvalid } from "../../http/validate";
import { requireRole, signedIn } from "../../middleware/session";

const doctorIdParam = z.object({ id: z.string().min(1).max(64) });

export function adminApi(deps: Deps) {
  const api = new Hono();
  const { database } = deps;
  api.use("/admin-dashboard/*", requireRole(deps, "admin"));

  api.get("/admin-dashboard/doctors", async (c) => {
    const [doctors, histories] = await Promise.all([listAllDoctors(database.db), doctorStatusHistories(database.db)]);
    return c.json(doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])));
  });

  api.patch(
    "/admin-dashboard/doctor-status/:id",
    zValidator("param", doctorIdParam, onInvalid),
    zValidator("json", doctorStatusBody, onInvalid),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status } = c.req.valid("json");
      const { doctor, history, action } = await database.write(async (tx) => {
        const current = await findDoctor(tx, id);
        if (current === undefined) throw notFound("Doctor");
        const step = changeDoctorStatus(current.status, status);
        if (!step.ok) throw conflict(step.reason);
        await recordAudit(tx, {
          at: deps.now(),
          actorRole: "admin",
          actorId: signedIn(c, "admin").id,
          subject: "doctor",
          subjectId: id,
          action: step.action,
          fromStatus: current.status,
          toStatus: status,
        });
        const doctor = await setDoctorStatus(tx, id, status);
        return { doctor, history: await historyOf(tx, "doctor", id), action: step.action };
      });
      return c.json({ message: `${action}: ${doctor.name} is now ${doctor.status}`, doctor: adminDoctorJson(doctor, history) });
    },
  );

  return api;
}
