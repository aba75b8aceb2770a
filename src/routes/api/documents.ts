/**
 * Issue 56 item 4's calls: the patient's reports on an appointment (POST/GET
 * /patient-dashboard/appointments/{id}/documents, GET/DELETE .../documents/{docId}) and the
 * doctor's read of one (GET /doctor-dashboard/appointments/{id}/documents/{docId}). Added to the
 * patient's and the doctor's APIs behind their role checks; the pages call the same use cases.
 * The upload's body passes the upload gate (app.ts) with MAX_DOCUMENT_BYTES.
 */
import { zValidator } from "@hono/zod-validator";
import type { Context, Hono } from "hono";
import { doctorDocumentFile, doctorDocumentList, patientDocumentFile, patientDocumentList, removeDocument, uploadDocument, type DocumentFile } from "../../actions/documents";
import type { Deps } from "../../config/deps";
import { DOCUMENT_MESSAGES, documentTooLargeMessage, downloadName } from "../../domain/documents";
import { documentJson } from "../../http/answers/documents";
import { ApiError } from "../../http/errors";
import { documentForm, documentParams, meetingIdParam } from "../../http/schemas";
import { pictureBodyLimit } from "../../http/upload-gate";
import { onInvalid } from "../../http/validate";
import { signedIn } from "../../middleware/session";

const PATH = "/patient-dashboard/appointments/:id/documents";

/** The headers of a report's download: never shown in the browser, never run, never kept. */
export function sendDocument(c: Context, { row, file }: DocumentFile): Response {
  return c.body(file.body.stream(), 200, {
    "Content-Type": file.type,
    "Content-Length": String(file.size),
    "Content-Disposition": `attachment; filename="${downloadName(row.title, row.type)}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox",
    "Cache-Control": "private, no-store",
  });
}

/** The upload's body limit: the largest report and its form around it, counted as it streams. */
export const documentBodyLimit = (deps: Deps) =>
  pictureBodyLimit(deps.config.maxDocumentBytes, () => {
    throw new ApiError(413, documentTooLargeMessage(deps.config.maxDocumentBytes), { Connection: "close" });
  });

export function patientDocumentRoutes(api: Hono, deps: Deps): void {
  api.post(PATH, documentBodyLimit(deps), zValidator("param", meetingIdParam, onInvalid), zValidator("form", documentForm, onInvalid), async (c) => {
    const { title, file } = c.req.valid("form");
    const row = await uploadDocument(deps, signedIn(c, "patient").id, c.req.valid("param").id, { title, file });
    return c.json({ message: DOCUMENT_MESSAGES.uploaded, document: documentJson(row) }, 201);
  });

  api.get(PATH, zValidator("param", meetingIdParam, onInvalid), async (c) => {
    const rows = await patientDocumentList(deps, signedIn(c, "patient").id, c.req.valid("param").id);
    return c.json({ documents: rows.map(documentJson) });
  });

  api.get(`${PATH}/:docId`, zValidator("param", documentParams, onInvalid), async (c) => {
    const { id, docId } = c.req.valid("param");
    return sendDocument(c, await patientDocumentFile(deps, signedIn(c, "patient").id, id, docId));
  });

  api.delete(`${PATH}/:docId`, zValidator("param", documentParams, onInvalid), async (c) => {
    const { id, docId } = c.req.valid("param");
    await removeDocument(deps, signedIn(c, "patient").id, id, docId);
    return c.json({ message: DOCUMENT_MESSAGES.deleted });
  });
}

export function doctorDocumentRoutes(api: Hono, deps: Deps): void {
  const path = "/doctor-dashboard/appointments/:id/documents";
  api.get(path, zValidator("param", meetingIdParam, onInvalid), async (c) => {
    const rows = await doctorDocumentList(deps, signedIn(c, "doctor").id, c.req.valid("param").id);
    return c.json({ documents: rows.map(documentJson) });
  });

  api.get(`${path}/:docId`, zValidator("param", documentParams, onInvalid), async (c) => {
    const { id, docId } = c.req.valid("param");
    return sendDocument(c, await doctorDocumentFile(deps, signedIn(c, "doctor").id, id, docId));
  });
}
