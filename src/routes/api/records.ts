/**
 * Issue 56's calls: the doctor's visit note and prescription of an appointment (GET/PUT
 * /doctor-dashboard/appointments/{id}/record, POST .../record/issue and .../record/amend), and
 * the patient's issued records (GET /patient-dashboard/records and /records/{id}). Added to the
 * doctor's and the patient's APIs, behind their role checks; the pages call the same use cases.
 */
import { zValidator } from "@hono/zod-validator";
import type { Hono } from "hono";
import { amendRecord, doctorRecord, issueRecord, recordOfPatient, recordsOfPatient, saveRecord } from "../../actions/records";
import type { Deps } from "../../config/deps";
import { RECORD_MESSAGES } from "../../domain/records";
import { recordJson } from "../../http/answers/records";
import { recordAppointmentParam, recordBody, recordIdParam, recordInput } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

const PATH = "/doctor-dashboard/appointments/:id/record";

export function doctorRecordRoutes(api: Hono, deps: Deps): void {
  api.get(PATH, zValidator("param", recordAppointmentParam, onInvalid), async (c) => {
    const { current, versions } = await doctorRecord(deps, signedIn(c, "doctor").id, c.req.valid("param").id);
    return c.json({ record: current && recordJson(current), versions: versions.map(recordJson) });
  });

  api.put(PATH, zValidator("param", recordAppointmentParam, onInvalid), zValidator("json", recordBody, onInvalid), async (c) => {
    const saved = await saveRecord(deps, signedIn(c, "doctor").id, c.req.valid("param").id, recordInput(c.req.valid("json")));
    return c.json({ message: RECORD_MESSAGES.saved, record: recordJson(saved) });
  });

  api.post(`${PATH}/issue`, zValidator("param", recordAppointmentParam, onInvalid), async (c) => {
    const issued = await issueRecord(deps, signedIn(c, "doctor").id, c.req.valid("param").id);
    return c.json({ message: RECORD_MESSAGES.issued, record: recordJson(issued) });
  });

  api.post(`${PATH}/amend`, zValidator("param", recordAppointmentParam, onInvalid), zValidator("json", recordBody, onInvalid), async (c) => {
    const amended = await amendRecord(deps, signedIn(c, "doctor").id, c.req.valid("param").id, recordInput(c.req.valid("json")));
    return c.json({ message: RECORD_MESSAGES.amended, record: recordJson(amended) }, 201);
  });
}

export function patientRecordRoutes(api: Hono, deps: Deps): void {
  api.get("/patient-dashboard/records", async (c) => {
    const rows = await recordsOfPatient(deps, signedIn(c, "patient").id);
    return c.json({ records: rows.map(recordJson) });
  });

  api.get("/patient-dashboard/records/:id", zValidator("param", recordIdParam, onInvalid), async (c) => {
    const row = await recordOfPatient(deps, signedIn(c, "patient").id, c.req.valid("param").id);
    return c.json({ record: recordJson(row) });
  });
}
